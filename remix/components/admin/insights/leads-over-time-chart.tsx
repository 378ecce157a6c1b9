import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarStack } from '@visx/shape';

import { LEAD_KIND_KEYS, type LeadKindKey } from '@contract';

import { CHART, tickLabel, useChartWidth } from './chart-frame';

export interface PeriodCounts {
  at: string;
  counts: Record<LeadKindKey, number>;
}

const margin = { top: 12, right: 12, bottom: 36, left: 44 };
/** At most this many dates are written under the bars, one per so many units of width at most. */
const DATE_LABELS = 10;
const DATE_LABEL_WIDTH = 60;

/** Leads per day (or week), each bar stacked by kind. */
export function LeadsOverTimeChart({ periods }: { periods: PeriodCounts[] }) {
  const chartWidth = useChartWidth();
  const width = chartWidth - margin.left - margin.right;
  const height = CHART.height - margin.top - margin.bottom;
  const x = scaleBand<string>({
    domain: periods.map((p) => p.at),
    range: [0, width],
    padding: 0.2,
  });
  const most = Math.max(
    1,
    ...periods.map((p) => LEAD_KIND_KEYS.reduce((sum, key) => sum + p.counts[key], 0)),
  );
  const y = scaleLinear<number>({ domain: [0, most], range: [height, 0], nice: true });
  const labels = Math.max(2, Math.min(DATE_LABELS, Math.floor(width / DATE_LABEL_WIDTH)));
  const every = Math.max(1, Math.ceil(periods.length / labels));
  return (
    <svg viewBox={`0 0 ${chartWidth} ${CHART.height}`} className="insights-chart__svg">
      <Group left={margin.left} top={margin.top}>
        <BarStack<PeriodCounts, LeadKindKey>
          data={periods}
          keys={[...LEAD_KIND_KEYS]}
          x={(p) => p.at}
          value={(p, key) => p.counts[key]}
          xScale={x}
          yScale={y}
          color={() => 'currentColor'}
        >
          {(stacks) =>
            stacks.flatMap((stack) =>
              stack.bars
                .filter((bar) => bar.height > 0)
                .map((bar) => (
                  <rect
                    key={`${stack.key}-${bar.index}`}
                    x={bar.x}
                    y={bar.y}
                    width={bar.width}
                    height={bar.height}
                    className={`insights-fill--${stack.key}`}
                  />
                )),
            )
          }
        </BarStack>
        <AxisLeft
          scale={y}
          numTicks={Math.min(5, most)}
          tickFormat={(v) => String(v)}
          tickLabelProps={tickLabel}
          axisClassName="insights-chart__axis"
        />
        <AxisBottom
          top={height}
          scale={x}
          tickValues={periods.filter((_, i) => i % every === 0).map((p) => p.at)}
          tickFormat={(at) => at.slice(5)}
          tickLabelProps={tickLabel}
          axisClassName="insights-chart__axis"
        />
      </Group>
    </svg>
  );
}
