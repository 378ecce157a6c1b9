import { createHash } from 'node:crypto';

import { Inject, Injectable, Logger } from '@nestjs/common';

import { type InboundChannel, type InboundOutcome, LEAD_KINDS } from '../contract';
import { LeadConversation } from '../leads/conversation/lead-conversation';
import {
  LEAD_MAIL_PORT,
  type LeadMailPort,
  type MailLead,
} from '../leads/conversation/lead-mail.port';
import { AttachmentStore } from '../leads/conversation/store/attachment.store';
import {
  MessageReceipts,
  type ReceiptRecord,
} from '../leads/conversation/store/message-receipts.store';
import { type StoredMessage } from '../leads/conversation/store/stored-message.schema';
import { LeadNotifier } from '../notifications/lead-notifier.service';

import { MessageMatcher } from './message-matcher';
import { MessageParser, MessageRefused, type ParsedInbound } from './parsing/message-parser';
import { InboundStatus } from './status/inbound-status.store';
import { UnmatchedStore } from './unmatched/unmatched.store';

/**
 * What became of one message. `failed`: refused as bad input (recorded with its reason, never
 * retried); `busy`: another process is taking it in right now (try again later). A transient
 * failure (the database away) is thrown: nothing is recorded, and the source delivers it again.
 */
export type Acceptance =
  | { outcome: InboundOutcome; id: string }
  | { outcome: 'failed'; id: string; reason: string }
  | { outcome: 'busy'; id: string };

/** The options of one delivery: the lease holders known dead (their claims are stale at once). */
export interface AcceptOptions {
  deadHolders?: ReadonlySet<string>;
}

/**
 * Every message, whatever brought it (the mailbox, the webhook), goes through here once: parsed,
 * claimed by its key, matched, its attachments stored, placed on its lead (or in the Unmatched
 * list), its receipt finished, then its lead's state told. Each step is written so that a process
 * dying anywhere leaves what the next delivery needs to finish it, never a second copy.
 */
@Injectable()
export class InboundPipeline {
  private readonly logger = new Logger('Inbound');

  constructor(
    private readonly parser: MessageParser,
    private readonly matcher: MessageMatcher,
    private readonly receipts: MessageReceipts,
    private readonly conversation: LeadConversation,
    private readonly attachments: AttachmentStore,
    private readonly unmatched: UnmatchedStore,
    private readonly status: InboundStatus,
    @Inject(LEAD_MAIL_PORT) private readonly leads: LeadMailPort,
    private readonly notifier: LeadNotifier,
  ) {}

  async accept(
    raw: Buffer,
    channel: InboundChannel,
    options: AcceptOptions = {},
  ): Promise<Acceptance> {
    let message: ParsedInbound;
    try {
      message = await this.parser.parse(raw);
    } catch (error) {
      if (!(error instanceof MessageRefused)) throw error;
      return this.refuse(raw, channel, error.message);
    }
    const claim = await this.receipts.claim(message.key, new Date(), options.deadHolders);
    if (claim.status === 'busy') return { outcome: 'busy', id: message.key };
    if (claim.status === 'known') return this.known(message, claim.receipt, channel);
    try {
      return await this.takeIn(message, channel, claim.earlier);
    } catch (error) {
      await this.receipts.release(message.key).catch(() => undefined);
      throw error;
    }
  }

  /** Records a message that could not be read at all (its bytes' hash names it). */
  async refuse(raw: Buffer, channel: InboundChannel, reason: string): Promise<Acceptance> {
    const id = createHash('sha256').update(raw).digest('hex').slice(0, 32);
    const claim = await this.receipts.claim(id);
    if (claim.status === 'claimed') await this.receipts.finish(id, 'failed', { reason });
    await this.status.refused(channel, reason);
    this.logger.warn({ channel, id }, `inbound message refused: ${reason}`);
    return { outcome: 'failed', id, reason };
  }

  private async takeIn(
    message: ParsedInbound,
    channel: InboundChannel,
    earlier: ReceiptRecord | null,
  ): Promise<Acceptance> {
    const match = await this.matcher.match(message, earlier);
    if ('unmatched' in match) {
      await this.unmatched.put(await this.stored(message, null, false), match.unmatched);
      await this.receipts.finish(message.key, 'unmatched', { reason: match.unmatched });
      await this.status.count(channel, 'unmatched');
      return { outcome: 'unmatched', id: message.key };
    }
    const { lead, matchedBy, senderDiffers } = match;
    await this.receipts.note(message.key, { kind: lead.kind, leadId: lead.id, matchedBy });
    const stored = await this.stored(message, matchedBy, senderDiffers);
    const slot = await this.conversation.place(lead, stored, earlier?.slot ?? null);
    await this.receipts.finish(message.key, 'stored', {
      kind: lead.kind,
      leadId: lead.id,
      slot,
      matchedBy,
    });
    await this.status.count(channel, 'processed');
    // A lead made from this message is new already, and told of as new: nothing more to tell.
    if (matchedBy === 'new-lead') await this.receipts.note(message.key, { effects: true });
    else await this.effects(lead, message.key, stored);
    return { outcome: 'stored', id: message.key };
  }

  /** A message seen before: done, unless its lead's state never followed (a process died). */
  private async known(
    message: ParsedInbound,
    receipt: ReceiptRecord,
    channel: InboundChannel,
  ): Promise<Acceptance> {
    await this.status.count(channel, 'skipped');
    if (receipt.state === 'stored' && !receipt.effects && receipt.kind && receipt.leadId) {
      const lead = await this.leads.find(receipt.kind, receipt.leadId);
      if (lead) await this.effects(lead, message.key, { ...message, at: new Date() });
    }
    return { outcome: receipt.state === 'outgoing' ? 'skipped' : 'duplicate', id: message.key };
  }

  /** Tells the lead's state (never fails the message: it is kept; a miss is logged). */
  private async effects(
    lead: MailLead,
    key: string,
    message: Pick<StoredMessage, 'at' | 'auto' | 'from'>,
  ): Promise<void> {
    try {
      const sender = message.from?.name || message.from?.address || 'Someone';
      const fact = { id: key, at: message.at, auto: message.auto, sender };
      const { tell, owned } = await this.leads.onInbound(lead, fact);
      if (tell) await this.notifier.leadWroteAgain(LEAD_KINDS[lead.kind], lead.id, key, owned);
      await this.receipts.note(key, { effects: true });
    } catch (error) {
      this.logger.warn(
        { err: error, kind: lead.kind, leadId: lead.id },
        'lead not told of a message',
      );
    }
  }

  /** The message as kept, its attachments' content stored first (once each, by the key). */
  private async stored(
    message: ParsedInbound,
    matchedBy: StoredMessage['matchedBy'],
    senderDiffers: boolean,
  ): Promise<StoredMessage> {
    const attachments = [];
    for (const [n, { content, ...listed }] of message.attachments.entries())
      attachments.push({
        ...listed,
        n,
        chunks: await this.attachments.put(message.key, n, content),
      });
    return {
      key: message.key,
      direction: 'in',
      at: new Date(),
      from: message.from,
      to: message.to,
      cc: message.cc,
      subject: message.subject,
      text: message.text,
      quoted: message.quoted,
      attachments,
      messageId: message.messageId,
      matchedBy,
      senderDiffers,
      auto: message.auto,
    };
  }
}
