import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarGroup } from '@visx/shape';

import { CHART, tickLabel, useChartWidth } from './chart-frame';

/** One kind's reply times, in hours. */
export interface KindResponse {
  kind: string;
  label: string;
  median: number;
  p90: number;
  target: number;
}

export const RESPONSE_MEASURES = ['median', 'p90', 'target'] as const;
type Measure = (typeof RESPONSE_MEASURES)[number];

const margin = { top: 12, right: 12, bottom: 36, left: 52 };

/** Per kind: the median and 90th-percentile time to the first reply beside the target. */
export function ResponseTimesChart({ kinds }: { kinds: KindResponse[] }) {
  const chartWidth = useChartWidth();
  const width = chartWidth - margin.left - margin.right;
  const height = CHART.height - margin.top - margin.bottom;
  const x0 = scaleBand<string>({
    domain: kinds.map((k) => k.kind),
    range: [0, width],
    padding: 0.25,
  });
  const x1 = scaleBand<Measure>({
    domain: [...RESPONSE_MEASURES],
    range: [0, x0.bandwidth()],
    padding: 0.1,
  });
  const most = Math.max(1, ...kinds.flatMap((k) => [k.median, k.p90, k.target]));
  const y = scaleLinear<number>({ domain: [0, most], range: [height, 0], nice: true });
  const labels = new Map(kinds.map((k) => [k.kind, k.label]));
  return (
    <svg viewBox={`0 0 ${chartWidth} ${CHART.height}`} className="insights-chart__svg">
      <Group left={margin.left} top={margin.top}>
        <BarGroup<KindResponse, Measure>
          data={kinds}
          keys={[...RESPONSE_MEASURES]}
          height={height}
          x0={(k) => k.kind}
          x0Scale={x0}
          x1Scale={x1}
          yScale={y}
          color={() => 'currentColor'}
        >
          {(groups) =>
            groups.map((group) => (
              <Group key={group.index} left={group.x0}>
                {group.bars.map((bar) => (
                  <rect
                    key={bar.key}
                    x={bar.x}
                    y={bar.y}
                    width={bar.width}
                    height={bar.height}
                    className={`insights-fill--${bar.key}`}
                  />
                ))}
              </Group>
            ))
          }
        </BarGroup>
        <AxisLeft
          scale={y}
          numTicks={5}
          tickFormat={(v) => `${Number(v)} h`}
          tickLabelProps={tickLabel}
          axisClassName="insights-chart__axis"
        />
        <AxisBottom
          top={height}
          scale={x0}
          tickFormat={(kind) => labels.get(kind) ?? kind}
          tickLabelProps={tickLabel}
          axisClassName="insights-chart__axis"
        />
      </Group>
    </svg>
  );
}
