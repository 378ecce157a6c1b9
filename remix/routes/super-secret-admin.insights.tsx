import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { type InsightsResponse, LEAD_KIND_KEYS } from '@contract';
import { readInsights } from '~/api-client/insights.server';
import { ChartFrame, SeriesLegend } from '~/components/admin/insights/chart-frame';
import { HorizontalBarsChart } from '~/components/admin/insights/horizontal-bars-chart';
import {
  LeadsOverTimeChart,
  type PeriodCounts,
} from '~/components/admin/insights/leads-over-time-chart';
import { RangeForm, type RangeErrors } from '~/components/admin/insights/range-form';
import {
  type KindResponse,
  ResponseTimesChart,
} from '~/components/admin/insights/response-times-chart';
import { fieldErrors } from '~/components/forms/field-errors';
import { adminPageMeta } from '~/utils/admin-meta';
import {
  funnelSteps,
  insightsCsvHref,
  type InsightsRange,
  INSIGHTS_TABLES,
  kindLabel,
  rangeOf,
} from '~/utils/insights';
import { requireAdmin, unlessSessionBlocked } from '~/utils/session.server';
import { viewerZone } from '~/utils/time-zone.server';

/** The range from the page's query, and its figures from the API (or why there are none). */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  // The admin's zone is asked for only when the page's address names none.
  const range = rangeOf(
    params,
    undefined,
    params.get('tz') ? undefined : await viewerZone(request, token),
  );
  const outcome = await unlessSessionBlocked(await readInsights(token, range));
  if (outcome.ok) return { range, data: outcome.data, errors: {}, message: null };
  const errors: RangeErrors = fieldErrors(outcome.errors, {
    from: 'From',
    to: 'To',
    tz: 'Time zone',
  });
  return {
    range,
    data: null,
    errors,
    message:
      outcome.status === 400
        ? 'Those dates cannot be shown: see the fields above.'
        : `Could not read the figures. ${outcome.message}`,
  };
}

const hours = (minutes: number | null) => Math.round(((minutes ?? 0) / 60) * 10) / 10;

/** The second figure, counted in the team's business hours (none without a calendar). */
const businessFigure = ({ business, answered }: InsightsResponse['total']['response']) =>
  business
    ? ` In business hours: median ${hours(business.medianMinutes)} h, ${business.withinTarget} of ${answered} within their target.`
    : '';

function periodsOf(data: InsightsResponse): PeriodCounts[] {
  const weekly = data.total.weeks !== null;
  const counts = (key: (typeof LEAD_KIND_KEYS)[number]) =>
    weekly
      ? (data.kinds[key].weeks ?? []).map((w) => w.count)
      : data.kinds[key].days.map((d) => d.count);
  const at = weekly
    ? (data.total.weeks ?? []).map((w) => w.start)
    : data.total.days.map((d) => d.date);
  return at.map((date, i) => ({
    at: date,
    counts: Object.fromEntries(
      LEAD_KIND_KEYS.map((key) => [key, counts(key)[i] ?? 0]),
    ) as PeriodCounts['counts'],
  }));
}

function Charts({ data, range }: { data: InsightsResponse; range: InsightsRange }) {
  const none = data.total.leads === 0 ? 'No leads arrived in this range.' : undefined;
  const answered = LEAD_KIND_KEYS.filter((key) => data.kinds[key].response.answered > 0);
  const unanswered = LEAD_KIND_KEYS.filter((key) => data.kinds[key].response.answered === 0);
  const responses: KindResponse[] = answered.map((key) => {
    const { response } = data.kinds[key];
    return {
      kind: key,
      label: kindLabel(key),
      median: hours(response.medianMinutes),
      p90: hours(response.p90Minutes),
      target: hours(response.targetMinutes),
    };
  });
  const within = data.total.response;
  return (
    <div className="insights-grid">
      <ChartFrame
        id="leads-over-time"
        title="Leads over time"
        description={`Leads per ${data.total.weeks ? 'week (from Monday)' : 'day'}, by kind: ${data.total.leads} in all.`}
        table={INSIGHTS_TABLES['leads-over-time'](data)}
        csvHref={insightsCsvHref('leads-over-time', range)}
        empty={none}
        legend={
          <SeriesLegend items={LEAD_KIND_KEYS.map((key) => ({ key, label: kindLabel(key) }))} />
        }
      >
        <LeadsOverTimeChart periods={periodsOf(data)} />
      </ChartFrame>
      <ChartFrame
        id="sources"
        title="Sources"
        description="Leads by utm_source, else by the referring site; “direct” had neither."
        table={INSIGHTS_TABLES.sources(data)}
        csvHref={insightsCsvHref('sources', range)}
        empty={none}
      >
        <HorizontalBarsChart
          fill="insights-fill--source"
          items={data.total.sources.map((s) => ({
            key: `${s.via}:${s.name}`,
            label: s.name,
            count: s.count,
          }))}
        />
      </ChartFrame>
      <ChartFrame
        id="response-times"
        title="Response time against target"
        description={`Hours to the first reply: median and 90th percentile beside each kind’s target. ${within.withinTarget} of ${within.answered} replies came within their target.${businessFigure(within)}`}
        table={INSIGHTS_TABLES['response-times'](data)}
        csvHref={insightsCsvHref('response-times', range)}
        empty={answered.length === 0 ? 'No lead of this range has had a reply yet.' : undefined}
        note={
          unanswered.length && answered.length
            ? `No reply yet to ${unanswered.map(kindLabel).join(', ')} in this range.`
            : undefined
        }
        legend={
          <SeriesLegend
            items={[
              { key: 'median', label: 'Median' },
              { key: 'p90', label: '90th percentile' },
              { key: 'target', label: 'Target' },
            ]}
          />
        }
      >
        <ResponseTimesChart kinds={responses} />
      </ChartFrame>
      <ChartFrame
        id="stages"
        title="Stage funnel"
        description={`How far the range’s leads have got. Won rate: ${
          data.total.wonRate === null
            ? 'none yet'
            : `${Math.round(data.total.wonRate * 1000) / 10}%`
        }.`}
        table={INSIGHTS_TABLES.stages(data)}
        csvHref={insightsCsvHref('stages', range)}
        empty={none}
      >
        <HorizontalBarsChart
          fill="insights-fill--funnel"
          items={funnelSteps(data.total).map((step) => ({ key: step.label, ...step }))}
        />
      </ChartFrame>
    </div>
  );
}

/** Where leads came from and how fast they were answered, over a range of days. */
export default function InsightsRoute() {
  const { range, data, errors, message } = useLoaderData<typeof loader>();
  return (
    <>
      <h2 className="h4">Insights</h2>
      <p className="text-body-secondary">
        Leads that arrived in the range (spam left out), by day, source and stage, and how fast they
        were answered.
      </p>
      <RangeForm range={range} errors={errors} />
      {data ? (
        <>
          <p className="insights-summary" role="status">
            {data.from} to {data.to} ({data.tz}): {data.total.leads} leads, {data.total.overdue}{' '}
            overdue now.
          </p>
          <Charts data={data} range={range} />
        </>
      ) : (
        <div className="alert alert-danger" role="alert">
          {message}
        </div>
      )}
    </>
  );
}

export const meta: MetaFunction = () => adminPageMeta('Insights');
