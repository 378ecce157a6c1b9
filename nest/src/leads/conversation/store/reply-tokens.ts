import { createHmac, timingSafeEqual } from 'node:crypto';

import { Injectable } from '@nestjs/common';

import { AppConfig } from '../../../config/app-config';
import { LEAD_KIND_KEYS, type LeadKindKey } from '../../../contract';

/** 64 bits of HMAC-SHA256, as hexadecimal: guessing one is 2^63 tries, each a mail sent. */
const MAC_HEX = 16;
const TOKEN = new RegExp(
  `^([0-${LEAD_KIND_KEYS.length - 1}])([0-9a-f]{24})([0-9a-f]{${MAC_HEX}})$`,
);

/**
 * The signed token that names a lead in a reply's Reply-To, `<local>+<token>@<domain>` built from
 * INBOUND_ADDRESS: the kind's digit, the lead's id and a MAC of both, in lower-case hexadecimal (41
 * characters; mail servers may change the case of a local part). Signed with INBOUND_TOKEN_SECRET,
 * which no session key rotation touches: an answer months later still finds its lead.
 */
@Injectable()
export class ReplyTokens {
  constructor(private readonly config: AppConfig) {}

  /** The Reply-To of a reply to this lead; null when INBOUND_ADDRESS is not set. */
  addressFor(kind: LeadKindKey, leadId: string): string | null {
    const address = this.config.inbound.address;
    if (!address) return null;
    const at = address.lastIndexOf('@');
    return `${address.slice(0, at)}+${this.tokenFor(kind, leadId)}${address.slice(at)}`;
  }

  tokenFor(kind: LeadKindKey, leadId: string): string {
    const id = leadId.toLowerCase();
    return `${LEAD_KIND_KEYS.indexOf(kind)}${id}${this.mac(kind, id)}`;
  }

  /** The lead a token names, if its MAC holds; null for anything else. */
  verify(token: string): { kind: LeadKindKey; leadId: string } | null {
    const match = TOKEN.exec(token.toLowerCase());
    if (!match) return null;
    const [, digit = '', leadId = '', mac = ''] = match;
    const kind = LEAD_KIND_KEYS[Number(digit)];
    if (!kind) return null;
    const expected = Buffer.from(this.mac(kind, leadId));
    return timingSafeEqual(expected, Buffer.from(mac)) ? { kind, leadId } : null;
  }

  /** The lead named by a token in one of these addresses (plus-addressed to INBOUND_ADDRESS). */
  leadIn(addresses: readonly string[]): { kind: LeadKindKey; leadId: string } | null {
    const address = this.config.inbound.address?.toLowerCase();
    if (!address) return null;
    const at = address.lastIndexOf('@');
    const prefix = `${address.slice(0, at)}+`;
    const domain = address.slice(at);
    for (const candidate of addresses) {
      const lower = candidate.toLowerCase();
      if (!lower.startsWith(prefix) || !lower.endsWith(domain)) continue;
      const found = this.verify(lower.slice(prefix.length, lower.length - domain.length));
      if (found) return found;
    }
    return null;
  }

  /** Whether an address is one of ours (NOTIFY_FROM, INBOUND_ADDRESS, any plus form of it). */
  isOurs(address: string): boolean {
    const lower = address.toLowerCase();
    const ours = [this.config.notifications.from, this.config.inbound.address ?? '']
      .filter(Boolean)
      .map((a) => a.toLowerCase());
    return ours.some((own) => {
      const at = own.lastIndexOf('@');
      return (
        lower === own || (lower.startsWith(`${own.slice(0, at)}+`) && lower.endsWith(own.slice(at)))
      );
    });
  }

  private mac(kind: LeadKindKey, leadId: string): string {
    return createHmac('sha256', this.config.inbound.tokenSecret)
      .update(`reply-token:v1:${kind}:${leadId}`)
      .digest('hex')
      .slice(0, MAC_HEX);
  }
}
