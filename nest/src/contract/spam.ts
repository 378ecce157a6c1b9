import { type SpamReason } from './lead-intake';

// Spam, with reasons (issue 22): what the dashboard and the blocklist calls share. The rules that
// find the reasons live in the API (nest/src/leads/spam/).

/** Each reason in words, as the dashboard's Spam dialog shows it. */
export const SPAM_REASON_TEXT = {
  honeypot: 'Filled in the hidden field only bots see',
  'proof-missing': 'Sent no proof of work',
  'proof-invalid': 'Sent a proof of work that is not valid',
  'proof-reused': 'Sent a proof of work that was already used',
  'too-fast': 'Sent faster than a person can fill in the form',
  links: 'Has links in fields that never hold links',
  'disposable-email': 'Uses a disposable email address',
  'repeated-text': 'The same text arrived from many addresses',
  blocklist: 'Contains a term on the blocklist',
  manual: 'Marked as spam by an admin',
  'email-auth': 'The receiving mail server found its sender forged (SPF, DKIM or DMARC failed)',
} as const satisfies Record<SpamReason, string>;

export const BLOCKLIST_PATH = '/settings/blocklist';

/** How long a blocklist may be, and each of its terms (characters, after trimming). */
export const BLOCKLIST_LIMITS = { terms: 500, termLength: 100 } as const;

/**
 * Body of `PUT /settings/blocklist`: the whole list, replacing the one stored. A term matches a
 * submission that holds it anywhere in a field, ignoring case.
 */
export interface BlocklistRequest {
  terms: string[];
}

export interface BlocklistResponse {
  success: true;
  terms: string[];
}
