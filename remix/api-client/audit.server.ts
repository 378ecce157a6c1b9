import { AUDIT_PATH, type AuditPageResponse } from '@contract';

import { type ApiOutcome, apiRequest, hasSuccess } from './http.server';

const isAuditPage = (body: unknown): body is AuditPageResponse =>
  hasSuccess('entries', 'nextCursor')(body) && Array.isArray(body.entries);

/** One page of the audit log, newest first; `cursor` is the previous page's `nextCursor`. */
export function auditPage(
  token: string,
  query: { limit?: number; cursor?: string } = {},
): Promise<ApiOutcome<AuditPageResponse>> {
  return apiRequest(AUDIT_PATH, isAuditPage, {
    token,
    query: { limit: query.limit, cursor: query.cursor },
  });
}
