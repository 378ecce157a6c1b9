import { INSIGHTS_PATH, type InsightsQuery, type InsightsResponse } from '@contract';

import { type ApiOutcome, apiRequest, hasSuccess } from './http.server';

const isInsights = (body: unknown): body is InsightsResponse =>
  hasSuccess('kinds', 'total', 'from', 'to', 'tz')(body);

/** The figures of a range of days, per kind and in total. */
export function readInsights(
  token: string,
  query: InsightsQuery,
): Promise<ApiOutcome<InsightsResponse>> {
  return apiRequest(INSIGHTS_PATH, isInsights, {
    token,
    query: { from: query.from, to: query.to, tz: query.tz },
  });
}
