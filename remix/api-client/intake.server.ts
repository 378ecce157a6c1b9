import { INTAKE_CHALLENGE_PATH, type IntakeChallenge } from '@contract';

import { type ApiOutcome, apiRequest } from './http.server';

const isChallenge = (body: unknown): body is IntakeChallenge =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { signature?: unknown }).signature === 'string' &&
  typeof (body as { parameters?: unknown }).parameters === 'object';

/**
 * A proof-of-work challenge for a visitor's form. Their address goes along: the API limits
 * challenges per visitor, as it does submissions.
 */
export function intakeChallenge(clientIp?: string): Promise<ApiOutcome<IntakeChallenge>> {
  return apiRequest(INTAKE_CHALLENGE_PATH, isChallenge, { clientIp });
}
