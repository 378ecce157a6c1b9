import { Inject, Injectable } from '@nestjs/common';

import { AppConfig } from '../config/app-config';
import { emailKey, type MatchedBy, type SpamReason, type UnmatchedReason } from '../contract';
import {
  LEAD_MAIL_PORT,
  type LeadMailPort,
  type MailLead,
} from '../leads/conversation/lead-mail.port';
import { keyOfMessageId } from '../leads/conversation/store/message-key';
import {
  MessageReceipts,
  type ReceiptRecord,
} from '../leads/conversation/store/message-receipts.store';
import { ReplyTokens } from '../leads/conversation/store/reply-tokens';

import { type ParsedInbound } from './parsing/message-parser';

export type Match =
  { lead: MailLead; matchedBy: MatchedBy; senderDiffers: boolean } | { unmatched: UnmatchedReason };

/**
 * Finds a message's lead, in the order: the signed token in an address it was sent to,
 * our own Message-ID among the ids it answers (each a receipt read by `_id`), the sender's newest
 * active lead of any kind, else a new lead of INBOUND_NEW_KIND (or the Unmatched list). A lead
 * named by token or headers that is gone (erased) is passed over for the next way.
 */
@Injectable()
export class MessageMatcher {
  constructor(
    @Inject(LEAD_MAIL_PORT) private readonly leads: LeadMailPort,
    private readonly receipts: MessageReceipts,
    private readonly tokens: ReplyTokens,
    private readonly config: AppConfig,
  ) {}

  /** `earlier`: what a process that died while taking this message in had found. */
  async match(message: ParsedInbound, earlier: ReceiptRecord | null): Promise<Match> {
    const resumed =
      earlier?.kind && earlier.leadId ? await this.leads.find(earlier.kind, earlier.leadId) : null;
    if (resumed) return this.matched(message, resumed, earlier?.matchedBy ?? 'sender');
    // Our own address in From, with a Message-ID we never sent (ours are known before this): a
    // forgery or a loop; never the lead's words, never a new lead.
    if (message.from && this.tokens.isOurs(message.from.address)) return { unmatched: 'from-us' };
    const named = this.tokens.leadIn(message.recipients);
    const byToken = named ? await this.leads.find(named.kind, named.leadId) : null;
    if (byToken) return this.matched(message, byToken, 'token');
    const byHeaders = await this.byHeaders(message.threadIds);
    if (byHeaders) return this.matched(message, byHeaders, 'headers');
    if (!message.from) return { unmatched: 'no-sender' };
    const bySender = await this.leads.newestActiveByEmail(message.from.address);
    if (bySender) return this.matched(message, bySender, 'sender');
    // A robot's answer (out of office, a bounce) never opens a lead.
    const kind = this.config.inbound.newKind;
    if (!kind || message.auto) return { unmatched: 'no-lead' };
    const reasons: SpamReason[] = message.authFailed ? ['email-auth'] : [];
    const lead = await this.leads.createFromMessage(kind, {
      name: message.from.name || message.from.address.slice(0, message.from.address.indexOf('@')),
      email: message.from.address,
      subject: message.subject,
      text: message.text,
      spamReasons: reasons,
    });
    return { lead, matchedBy: 'new-lead', senderDiffers: false };
  }

  /** The lead of the first of these ids that is one of our messages (or one kept on a lead). */
  private async byHeaders(ids: readonly string[]): Promise<MailLead | null> {
    const receipts = await Promise.all(ids.map((id) => this.receipts.read(keyOfMessageId(id))));
    for (const receipt of receipts) {
      if (!receipt?.kind || !receipt.leadId) continue;
      if (receipt.state !== 'outgoing' && receipt.state !== 'stored') continue;
      const lead = await this.leads.find(receipt.kind, receipt.leadId);
      if (lead) return lead;
    }
    return null;
  }

  private matched(message: ParsedInbound, lead: MailLead, matchedBy: MatchedBy): Match {
    const differs =
      (matchedBy === 'token' || matchedBy === 'headers') &&
      emailKey(message.from?.address ?? '') !== emailKey(lead.email);
    return { lead, matchedBy, senderDiffers: differs };
  }
}
