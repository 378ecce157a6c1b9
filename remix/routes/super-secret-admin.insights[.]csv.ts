import { type LoaderFunctionArgs } from '@remix-run/node';

import { csvRow } from '@contract';
import { readInsights } from '~/api-client/insights.server';
import { INSIGHTS_TABLES, isInsightsChart, rangeOf } from '~/utils/insights';
import { requireAdmin, unlessSessionBlocked } from '~/utils/session.server';
import { viewerZone } from '~/utils/time-zone.server';

/**
 * One chart's figures as CSV: the same rows as its table, from the same API answer. The browser
 * has no token to call the API with, so this route asks with the session's.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const chart = params.get('chart');
  if (!isInsightsChart(chart)) return new Response('Unknown chart.', { status: 400 });
  const range = rangeOf(
    params,
    undefined,
    params.get('tz') ? undefined : await viewerZone(request, token),
  );
  const outcome = await unlessSessionBlocked(await readInsights(token, range));
  if (!outcome.ok)
    return new Response(outcome.message, { status: outcome.status === 400 ? 400 : 502 });
  const table = INSIGHTS_TABLES[chart](outcome.data);
  const csv = [table.columns, ...table.rows].map(csvRow).join('');
  const name = `insights-${chart}-${outcome.data.from}-to-${outcome.data.to}.csv`;
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    },
  });
}
