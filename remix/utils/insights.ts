import {
  addDays,
  dateIn,
  INSIGHTS_RANGE,
  type InsightsFigures,
  type InsightsResponse,
  LEAD_KIND_KEYS,
  LEAD_KINDS,
  LEAD_STAGES,
  type LeadKindKey,
} from '@contract';
import { STAGE_LABELS } from '~/components/admin/lead-work/labels';
import { INSIGHTS_CSV_PATH, INSIGHTS_PAGE_PATH } from '~/config/paths';

/** The page's ready-made ranges, in days up to today. */
export const INSIGHTS_PERIODS = ['7', '30', '90'] as const;
export type InsightsPeriod = (typeof INSIGHTS_PERIODS)[number] | 'custom';

/** What the range form asked for. Custom dates are passed on as typed: the API checks them. */
export interface InsightsRange {
  period: InsightsPeriod;
  from: string;
  to: string;
  tz: string;
}

/**
 * The range in the page's query (`period`, `from`, `to`, `tz`); the last 30 days by default, in
 * `defaultTz` (the viewer's zone) when the query names none.
 */
export function rangeOf(
  params: URLSearchParams,
  now = new Date(),
  defaultTz: string = INSIGHTS_RANGE.defaultTz,
): InsightsRange {
  const tz = params.get('tz')?.trim() || defaultTz;
  const asked = params.get('period');
  if (asked === 'custom')
    return { period: 'custom', from: params.get('from') ?? '', to: params.get('to') ?? '', tz };
  const period = (INSIGHTS_PERIODS as readonly string[]).includes(asked ?? '')
    ? (asked as InsightsPeriod)
    : '30';
  // Today in the zone asked for; an unknown zone is the API's to refuse, so count from UTC here.
  let to: string;
  try {
    to = dateIn(tz, now);
  } catch {
    to = dateIn('UTC', now);
  }
  return { period, from: addDays(to, 1 - Number(period)), to, tz };
}

const query = (range: InsightsRange) =>
  new URLSearchParams({ period: range.period, from: range.from, to: range.to, tz: range.tz });

export const insightsHref = (range: InsightsRange) => `${INSIGHTS_PAGE_PATH}?${query(range)}`;

/** The charts, each with its data table and CSV download. */
export const INSIGHTS_CHARTS = ['leads-over-time', 'sources', 'response-times', 'stages'] as const;
export type InsightsChart = (typeof INSIGHTS_CHARTS)[number];

export const isInsightsChart = (value: unknown): value is InsightsChart =>
  typeof value === 'string' && (INSIGHTS_CHARTS as readonly string[]).includes(value);

export const insightsCsvHref = (chart: InsightsChart, range: InsightsRange) =>
  `${INSIGHTS_CSV_PATH}?chart=${chart}&${query(range)}`;

/** A kind as the charts name it: its panel's title without "Requests". */
export const kindLabel = (key: LeadKindKey) => LEAD_KINDS[key].panelTitle.replace(/ Requests$/, '');

/** One chart's figures as rows: the table beside it and its CSV are the same. */
export interface InsightsTable {
  columns: string[];
  rows: (string | number)[][];
}

/** Per day (or per week for long ranges), each kind and the total. */
export function leadsOverTime(data: InsightsResponse): InsightsTable {
  const weekly = data.total.weeks !== null;
  const periods = (figures: InsightsFigures) =>
    figures.weeks?.map((w) => ({ at: w.start, count: w.count })) ??
    figures.days.map((d) => ({ at: d.date, count: d.count }));
  const total = periods(data.total);
  return {
    columns: [weekly ? 'Week from' : 'Day', ...LEAD_KIND_KEYS.map(kindLabel), 'All'],
    rows: total.map((period, i) => [
      period.at,
      ...LEAD_KIND_KEYS.map((key) => periods(data.kinds[key])[i]?.count ?? 0),
      period.count,
    ]),
  };
}

const VIA_LABELS = {
  utm_source: 'utm_source',
  referrer: 'referring site',
  direct: 'no source',
  other: 'the rest',
} as const;

/** Every kind's leads by source (the ten most, then the rest). */
export function sources(data: InsightsResponse): InsightsTable {
  return {
    columns: ['Source', 'Found by', 'Leads'],
    rows: data.total.sources.map((s) => [s.name, VIA_LABELS[s.via], s.count]),
  };
}

const minutes = (value: number | null) => (value === null ? '' : value);

/** Each kind's time to the first reply against its target. */
export function responseTimes(data: InsightsResponse): InsightsTable {
  return {
    columns: [
      'Kind',
      'Target (minutes)',
      'Median (minutes)',
      '90th percentile (minutes)',
      'Answered',
      'Within target',
      'Overdue now',
    ],
    rows: LEAD_KIND_KEYS.map((key) => {
      const { response, overdue } = data.kinds[key];
      return [
        kindLabel(key),
        response.targetMinutes ?? '',
        minutes(response.medianMinutes),
        minutes(response.p90Minutes),
        response.answered,
        response.withinTarget,
        overdue,
      ];
    }),
  };
}

/**
 * The funnel: how many of the range's leads got at least this far. Stages are a path (new,
 * contacted, qualified, won); a lost lead got past new, how far beyond is not kept.
 */
export function funnelSteps(figures: InsightsFigures): { label: string; count: number }[] {
  const { new: _new, contacted, qualified, won, lost } = figures.stages;
  return [
    { label: 'Arrived', count: figures.leads },
    { label: 'Contacted or further', count: contacted + qualified + won + lost },
    { label: 'Qualified or won', count: qualified + won },
    { label: 'Won', count: won },
  ];
}

/** Each kind's leads by the stage they are in now, and the won rate. */
export function stages(data: InsightsResponse): InsightsTable {
  const row = (label: string, figures: InsightsFigures) => [
    label,
    figures.leads,
    ...LEAD_STAGES.map((stage) => figures.stages[stage]),
    figures.wonRate === null ? '' : `${Math.round(figures.wonRate * 1000) / 10}%`,
  ];
  return {
    columns: ['Kind', 'Leads', ...LEAD_STAGES.map((s) => STAGE_LABELS[s]), 'Won rate'],
    rows: [
      ...LEAD_KIND_KEYS.map((key) => row(kindLabel(key), data.kinds[key])),
      row('All', data.total),
    ],
  };
}

export const INSIGHTS_TABLES: Record<InsightsChart, (data: InsightsResponse) => InsightsTable> = {
  'leads-over-time': leadsOverTime,
  sources,
  'response-times': responseTimes,
  stages,
};
