import { createHash } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';

import { TEXT_COUNTERS } from '../../common/rate-limit/database-rate-limit.store';
import { RateLimitStore } from '../../common/rate-limit/rate-limit.store';
import { type LeadKindDescriptor } from '../../contract';

/** The same text from this many addresses within the window is a campaign, not people. */
export const REPEATED_TEXT = { addresses: 3, windowMs: 60 * 60_000, minLength: 20 } as const;

const hash = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * "The same text arrived from many addresses in a short time", across every API process: counted in
 * the shared store's counters of texts (decision 0012; a collection of their own, as there are many),
 * whose windows are documents read and written by `_id` alone (FerretDB 1.x pushes nothing else
 * down) and expire on their own. Only hashes are
 * kept, never the text or the address. Two counters: one per text and address, to count each
 * address once, and one per text, of the addresses.
 */
@Injectable()
export class RepeatedText {
  constructor(@Inject(TEXT_COUNTERS) private readonly counters: RateLimitStore) {}

  /** Counts this submission's text from `address`; true once enough addresses have sent it. */
  async seen(kind: LeadKindDescriptor, fields: Readonly<Record<string, string>>, address: string) {
    const text = freeText(kind, fields);
    if (text.length < REPEATED_TEXT.minLength) return false;
    const key = `spam-text:${hash(text)}`;
    const { windowMs } = REPEATED_TEXT;
    // Most texts are sent once: their counters are new.
    const usually = { usuallyNew: true };
    const fromAddress = await this.counters.increment(`${key}:${hash(address)}`, windowMs, usually);
    const addresses =
      fromAddress.count === 1
        ? (await this.counters.increment(key, windowMs, usually)).count
        : ((await this.counters.peek(key))?.count ?? 1);
    return addresses >= REPEATED_TEXT.addresses;
  }
}

/**
 * What a person writes in their own words (the kind's text field and subject), compared without
 * case or spacing. A short text (a company's name) is what many people rightly share: not counted.
 */
function freeText(kind: LeadKindDescriptor, fields: Readonly<Record<string, string>>): string {
  const parts = [kind.hasSubject ? fields.subject : '', fields[kind.textField]];
  return parts.join(' ').toLowerCase().replace(/\s+/g, ' ').trim();
}
