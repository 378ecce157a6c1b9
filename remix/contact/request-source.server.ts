import { LEAD_SOURCE_FIELDS, type LeadSource } from '@contract';

import { cleanSource, firstTouchOf } from './first-touch';

/**
 * The first touch as the server sees it, for a visitor without JavaScript: the request's own
 * `utm_*` tags and `Referer`, this path, now. The landing page's contact link carries the fields
 * on (`sourceQuery()`), so at `?contact` they are read back from the query as they were first seen.
 */
export function requestSource(request: Request, now = new Date()): LeadSource {
  const url = new URL(request.url);
  const carried = cleanSource(
    Object.fromEntries(LEAD_SOURCE_FIELDS.map((field) => [field, url.searchParams.get(field)])),
  );
  return { ...firstTouchOf(url, request.headers.get('Referer') ?? '', now), ...carried };
}

/** Whether a first touch says where the visit came from (a tag or another site). */
export const namesAnOrigin = (source: LeadSource): boolean =>
  Boolean(source.referrer) || Object.keys(source).some((field) => field.startsWith('utm_'));

/** The query that carries a first touch on to the contact form (`?contact=1&utm_source=…`). */
export function sourceQuery(source: LeadSource): string {
  const params = new URLSearchParams();
  for (const field of LEAD_SOURCE_FIELDS) {
    const value = source[field];
    if (value) params.set(field, value);
  }
  return params.toString();
}
