import { AUTH_PATHS, type SessionListResponse } from '@contract';

import { type ApiOutcome, apiRequest, hasSuccess } from './http.server';

const isList = (body: unknown): body is SessionListResponse =>
  hasSuccess('sessions')(body) && Array.isArray(body.sessions);

/** The admin's sessions that still work, most recently used first. */
export function listSessions(token: string): Promise<ApiOutcome<SessionListResponse>> {
  return apiRequest(AUTH_PATHS.sessions, isList, { token });
}

/** Ends one session of the admin: its token is refused from the next request on. */
export function endSession(id: string, token: string): Promise<ApiOutcome<{ success: true }>> {
  return apiRequest(`${AUTH_PATHS.sessions}/${encodeURIComponent(id)}`, hasSuccess(), {
    method: 'DELETE',
    token,
  });
}
