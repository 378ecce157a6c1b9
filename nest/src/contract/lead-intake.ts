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
  'email-auth',
] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

/** The request header by which a trusted server-to-server sender skips the proof of work. */
export const INTAKE_KEY_HEADER = 'X-Intake-Key';

/** Bounds of a lead's source fields, in characters: the intake's rule and the landing page's clip. */
export const LEAD_SOURCE_LIMITS = {
  utm: 200,
  /** A host name (RFC 1035). */
  referrer: 253,
  /** A referring URL as sent, before it is cut to its host. */
  referrerUrl: 2000,
  landingPath: 500,
} as const;

const REFERRER_URL = /^https?:\/\/([A-Za-z0-9.-]{1,253})(?::[0-9]{1,5})?(?:[/?#][!-~]*)?$/;

/**
 * A referrer as the intake stores it: a host name, lower-cased. A full http(s) URL is cut to its
 * host, so the path and query of the page a visitor came from (which may name them) are never kept.
 * Anything else is answered as it was, for the validation to judge.
 */
export function referrerHost(value: string): string {
  const host = REFERRER_URL.exec(value)?.[1] ?? value;
  return /^[A-Za-z0-9.-]+$/.test(host) ? host.toLowerCase() : value;
}
