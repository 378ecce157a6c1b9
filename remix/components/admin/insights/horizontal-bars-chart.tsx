import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';

import { tickLabel, useChartWidth } from './chart-frame';

export interface NamedCount {
  key: string;
  label: string;
  count: number;
}

const margin = { top: 8, right: 16, bottom: 32, left: 170 };
/** Labels longer than this are cut (the table and the CSV have them whole). */
const LABEL_CHARACTERS = 24;

const cut = (label: string) =>
  label.length > LABEL_CHARACTERS ? `${label.slice(0, LABEL_CHARACTERS - 1)}…` : label;

/** One bar per item, longest first as given: the sources, or the steps of the funnel. */
export function HorizontalBarsChart({ items, fill }: { items: NamedCount[]; fill: string }) {
  const chartWidth = useChartWidth();
  const height = Math.max(120, items.length * 28 + margin.top + margin.bottom);
  // The labels' column takes at most half of a narrow chart.
  const left = Math.min(margin.left, Math.round(chartWidth / 2));
  const innerWidth = chartWidth - left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const y = scaleBand<string>({
    domain: items.map((item) => item.key),
    range: [0, innerHeight],
    padding: 0.25,
  });
  const most = Math.max(1, ...items.map((item) => item.count));
  const x = scaleLinear<number>({ domain: [0, most], range: [0, innerWidth], nice: true });
  const labels = new Map(items.map((item) => [item.key, cut(item.label)]));
  return (
    <svg viewBox={`0 0 ${chartWidth} ${height}`} className="insights-chart__svg">
      <Group left={left} top={margin.top}>
        {items.map((item) => (
          <Bar
            key={item.key}
            x={0}
            y={y(item.key) ?? 0}
            width={x(item.count)}
            height={y.bandwidth()}
            className={fill}
          />
        ))}
        <AxisLeft
          scale={y}
          tickFormat={(key) => labels.get(key) ?? key}
          tickLabelProps={tickLabel}
          axisClassName="insights-chart__axis"
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          numTicks={Math.min(6, most)}
          tickFormat={(v) => String(v)}
          tickLabelProps={tickLabel}
          axisClassName="insights-chart__axis"
        />
      </Group>
    </svg>
  );
}
