import { isValid as hasLastingDomain } from 'mailchecker';

import { type LeadKindDescriptor, leadFields, SPAM_REASONS, type SpamReason } from '../../contract';
import { type ProofVerdict } from '../intake/proof-verdict';

/** A submission as the rules read it: the kind's text fields as sent, and the honeypot. */
export interface SpamSubmission {
  kind: LeadKindDescriptor;
  fields: Readonly<Record<string, string>>;
  /** The hidden `website` field had something in it. */
  honeypot: boolean;
  receivedAt: Date;
}

/** What the stateful rules found (their services ask the database), for the pure score. */
export interface SpamContext {
  /** The same text arrived from many addresses within a short time (RepeatedText). */
  repeatedText: boolean;
  /** The admins' blocklist (BlocklistStore). */
  blocklist: readonly string[];
  /** What the submission's own channel found (an email's failed SPF, DKIM or DMARC). */
  found?: readonly SpamReason[];
}

export interface SpamVerdict {
  spam: boolean;
  /** Every rule that fired, in the order of SPAM_REASONS, spam or not. */
  reasons: SpamReason[];
}

/**
 * How much each reason weighs; a submission is spam at SPAM_THRESHOLD (decision 0019). A missing
 * proof weighs 1, so alone it never makes spam: a plain JSON client still reaches the inbox. A sign
 * no person gives (the honeypot, a forged or replayed proof, a form sent faster than it can be
 * filled) or the admins' own blocklist suffices alone; a sign a person may give (a link in the
 * company, a throwaway address, a text others sent too) takes a second one.
 */
export const SPAM_WEIGHTS = {
  honeypot: 2,
  'proof-missing': 1,
  'proof-invalid': 2,
  'proof-reused': 2,
  'too-fast': 2,
  links: 1,
  'disposable-email': 1,
  'repeated-text': 1,
  blocklist: 2,
  manual: 2,
  'email-auth': 1,
} as const satisfies Record<SpamReason, number>;

export const SPAM_THRESHOLD = 2;

/** Faster than this from the challenge being handed out to the form coming back, no person typed it. */
export const MIN_FILL_MS = 3000;

/** The fields that hold a name, a company or a place: never a link. */
const LINKLESS_FIELDS = ['name', 'company', 'location'];

/** A link as spam writes one: a scheme, `www.`, an HTML anchor or a BBCode url. */
const LINK = /[a-z][a-z0-9+.-]*:\/\/|\bwww\.|<a[\s>]|href\s*=|\[url/i;

/** The rules, in one pure function of the submission, its proof and what the services found. */
export function scoreSpam(
  submission: SpamSubmission,
  proof: ProofVerdict,
  context: SpamContext,
): SpamVerdict {
  const fired = new Set<SpamReason>();
  if (submission.honeypot) fired.add('honeypot');
  if (proof.status === 'missing') fired.add('proof-missing');
  if (proof.status === 'invalid') fired.add('proof-invalid');
  if (proof.status === 'reused') fired.add('proof-reused');
  if (
    proof.status === 'valid' &&
    submission.receivedAt.getTime() - proof.issuedAt.getTime() < MIN_FILL_MS
  )
    fired.add('too-fast');
  const { fields } = submission;
  if (LINKLESS_FIELDS.some((field) => LINK.test(fields[field] ?? ''))) fired.add('links');
  if (fields.email && !hasLastingDomain(fields.email)) fired.add('disposable-email');
  if (context.repeatedText) fired.add('repeated-text');
  if (blocked(submission, context.blocklist)) fired.add('blocklist');
  for (const reason of context.found ?? []) fired.add(reason);
  const reasons = SPAM_REASONS.filter((reason) => fired.has(reason));
  const weight = reasons.reduce((sum, reason) => sum + SPAM_WEIGHTS[reason], 0);
  return { spam: weight >= SPAM_THRESHOLD, reasons };
}

/** A term of the blocklist anywhere in one of the kind's fields, ignoring case. */
function blocked({ kind, fields }: SpamSubmission, terms: readonly string[]): boolean {
  if (terms.length === 0) return false;
  const texts = leadFields(kind).map((field) => (fields[field] ?? '').toLowerCase());
  return terms.some((term) => texts.some((text) => text.includes(term.toLowerCase())));
}
