// The public door (issues 22 and 23): where a lead came from, and why a submission was held as
// spam. Shared names only; each part's rules live with the code that applies them.

/**
 * The first touch of the visit that brought a lead, as the landing page records it and the intake
 * stores it. `referrer` is a host name only, never a full URL; `startedAt` is ISO 8601.
 */
export interface LeadSource {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  referrer?: string;
  landingPath?: string;
  startedAt?: string;
}

export const LEAD_SOURCE_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'referrer',
  'landingPath',
  'startedAt',
] as const satisfies readonly (keyof LeadSource)[];

/** Why a submission was held as spam: one entry per rule that fired (`manual`: an admin said so). */
export const SPAM_REASONS = [
  'honeypot',
  'proof-missing',
  'proof-invalid',
  'proof-reused',
  'too-fast',
  'links',
  'disposable-email',
  'repeated-text',
  'blocklist',
  'manual',
] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

/** The request header by which a trusted server-to-server sender skips the proof of work. */
export const INTAKE_KEY_HEADER = 'X-Intake-Key';
