import {
  LEAD_KIND_KEYS,
  PRIVACY_PATHS,
  type PrivacyEraseResponse,
  type PrivacyLeadsResponse,
  type RetentionPolicyResponse,
} from '@contract';

import { type ApiOutcome, apiRequest, hasSuccess } from './http.server';

// A person's leads across the four kinds (access, portability) and their erasure.

const byKind = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && LEAD_KIND_KEYS.every((key) => key in value);

const isLeadsAnswer = (body: unknown): body is PrivacyLeadsResponse =>
  hasSuccess('kinds', 'total')(body) &&
  byKind(body.kinds) &&
  LEAD_KIND_KEYS.every((key) => Array.isArray((body.kinds as Record<string, unknown>)[key]));

const isEraseAnswer = (body: unknown): body is PrivacyEraseResponse =>
  hasSuccess('erased', 'total')(body) &&
  byKind(body.erased) &&
  LEAD_KIND_KEYS.every((key) => typeof (body.erased as Record<string, unknown>)[key] === 'number');

/** Every lead of one email address. The visitor's address goes along for the audit log. */
export function privacyLeads(
  email: string,
  token: string,
  clientIp?: string,
): Promise<ApiOutcome<PrivacyLeadsResponse>> {
  return apiRequest(PRIVACY_PATHS.leads, isLeadsAnswer, { token, clientIp, query: { email } });
}

/** Deletes every lead of one email address; answers how many of each kind went. */
export function erasePrivacy(
  email: string,
  token: string,
  clientIp?: string,
): Promise<ApiOutcome<PrivacyEraseResponse>> {
  return apiRequest(PRIVACY_PATHS.erase, isEraseAnswer, {
    method: 'POST',
    body: { email },
    token,
    clientIp,
  });
}

const isRetentionAnswer = (body: unknown): body is RetentionPolicyResponse =>
  hasSuccess('archivedDays', 'spamDays', 'lastRun')(body) &&
  byKind(body.archivedDays) &&
  typeof body.spamDays === 'number';

/** How long leads are kept: the policy the daily retention run applies, and its last run. */
export function retentionPolicy(
  token: string,
  clientIp?: string,
): Promise<ApiOutcome<RetentionPolicyResponse>> {
  return apiRequest(PRIVACY_PATHS.retention, isRetentionAnswer, { token, clientIp });
}
