import { type Readable } from 'node:stream';

import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';

import { ApiError } from '../../common/api-error';
import { KeyedSerialQueue } from '../../common/keyed-serial-queue';
import {
  CONVERSATION_PAGE,
  type ConversationFrom,
  type ConversationMessage,
  type ConversationPageResponse,
  LEAD_KINDS,
  type LeadKindKey,
} from '../../contract';

import { LEAD_MAIL_PORT, type LeadMailPort, type MailLead } from './lead-mail.port';
import { AttachmentStore } from './store/attachment.store';
import { ConversationStore, type MessageSlotRecord } from './store/conversation.store';
import { keyOfMessageId } from './store/message-key';
import { MessageReceipts } from './store/message-receipts.store';
import {
  type OutgoingReply,
  type StoredAttachment,
  type StoredMessage,
  toConversationMessage,
} from './store/stored-message.schema';

/**
 * A lead's conversation: its messages both ways, oldest first, each placed once (by its key, with
 * its receipt) whoever delivers it and however often. Reads go by `_id` only.
 */
@Injectable()
export class LeadConversation {
  private readonly logger = new Logger('Conversation');
  private readonly placing = new KeyedSerialQueue();

  constructor(
    private readonly store: ConversationStore,
    private readonly attachments: AttachmentStore,
    private readonly receipts: MessageReceipts,
    @Inject(LEAD_MAIL_PORT) private readonly leads: LeadMailPort,
  ) {}

  /**
   * A page of a lead's messages, oldest first; 404 for a lead that is not there. From the start,
   * on after `cursor`, back before `before`, or the newest page (`from: 'end'`).
   */
  async page(
    kind: LeadKindKey,
    leadId: string,
    {
      cursor,
      before,
      from = 'start',
      limit = CONVERSATION_PAGE.defaultLimit,
    }: { cursor?: string; before?: string; from?: ConversationFrom; limit?: number },
  ): Promise<ConversationPageResponse> {
    const ways = [cursor, before, from === 'end' ? from : undefined].filter(Boolean).length;
    if (ways > 1) {
      const message = 'Give one of cursor, before and from=end: they are three ways to a page';
      throw new ApiError(HttpStatus.BAD_REQUEST, message, { before: [message] });
    }
    // The lead's check and the read at once: a page of a lead that is not there is never shown.
    const [page] = await Promise.all([
      this.read(kind, leadId, { cursor, before, from, limit }),
      this.lead(kind, leadId),
    ]);
    return page;
  }

  private async read(
    kind: LeadKindKey,
    leadId: string,
    {
      cursor,
      before,
      from,
      limit,
    }: { cursor?: string; before?: string; from: ConversationFrom; limit: number },
  ): Promise<ConversationPageResponse> {
    if (cursor) {
      const { records, hasMore } = await this.store.page(kind, leadId, slotOfCursor(cursor), limit);
      return pageOf(records, hasMore);
    }
    if (before) {
      const end = slotOfCursor(before, 'before');
      const records = await this.store.pageBefore(kind, leadId, end, limit);
      // `before` names a page read earlier: later messages may have come since.
      return pageOf(records, (await this.store.at(kind, leadId, end)) !== null);
    }
    if (from === 'end') return pageOf(await this.store.newest(kind, leadId, limit), false);
    const { records, hasMore } = await this.store.page(kind, leadId, 0, limit);
    return pageOf(records, hasMore);
  }

  /** Every message of a lead, oldest first (a person's right of access). */
  async all(kind: LeadKindKey, leadId: string): Promise<ConversationMessage[]> {
    return (await this.store.all(kind, leadId)).map(toConversationMessage);
  }

  /** Attachment `n` of a lead's message: what it is, and its content. 404 unless the lead has it. */
  async attachment(
    kind: LeadKindKey,
    leadId: string,
    key: string,
    n: number,
  ): Promise<{ attachment: StoredAttachment; content: Readable }> {
    await this.lead(kind, leadId);
    const receipt = await this.receipts.read(key);
    const slot =
      receipt?.kind === kind && receipt.leadId === leadId && receipt.slot
        ? await this.store.at(kind, leadId, receipt.slot)
        : null;
    const attachment = slot?.key === key ? slot.attachments.find((a) => a.n === n) : undefined;
    if (!attachment)
      throw new ApiError(HttpStatus.NOT_FOUND, `No attachment ${n} on message ${key} of this lead`);
    return { attachment, content: this.attachments.stream(key, attachment) };
  }

  /**
   * Places a message on a lead (its receipt claimed by the caller): into the slot a process that
   * died had chosen, if any, else the next free one, the choice recorded before each attempt.
   */
  async place(lead: MailLead, message: StoredMessage, earlierSlot: number | null): Promise<number> {
    // Placements in one conversation take turns in this process. Racing, n of them each try the
    // same next slot and all but one go on to the next: n² tries, and a message could lose for
    // seconds to newer ones (docs/benchmarks.md, "Inbound email"). Other processes still race, safely.
    return this.placing.run(`${lead.kind}:${lead.id}`, async () => {
      const start = earlierSlot ?? (await this.store.nextSlot(lead.kind, lead.id));
      return this.store.place(lead.kind, lead.id, message, start, (slot) =>
        this.receipts.note(message.key, { kind: lead.kind, leadId: lead.id, slot }),
      );
    });
  }

  /**
   * One of our replies went out: it joins the conversation (once, however often the send is
   * retried) and the lead no longer waits on us. Never throws: the mail is sent, and a retry would
   * send it again; a reply missing here is logged.
   */
  async recordOutgoing(kind: LeadKindKey, leadId: string, reply: OutgoingReply): Promise<void> {
    const key = keyOfMessageId(reply.messageId);
    try {
      const receipt = await this.receipts.read(key);
      if (receipt?.state === 'stored') return;
      const lead = await this.leads.find(kind, leadId);
      if (!lead) return;
      const message: StoredMessage = {
        key,
        direction: 'out',
        at: reply.at,
        from: { name: '', address: reply.from },
        to: [{ name: lead.name, address: reply.to }],
        cc: [],
        subject: reply.subject,
        text: reply.text,
        quoted: '',
        attachments: [],
        messageId: reply.messageId,
        matchedBy: null,
        senderDiffers: false,
        auto: false,
      };
      const slot = await this.place(lead, message, receipt?.slot ?? null);
      await this.receipts.finish(key, 'stored', { kind, leadId, slot, effects: true });
      await this.leads.onOutbound(lead, { id: key, at: reply.at, auto: false, sender: reply.from });
    } catch (error) {
      this.logger.warn(
        { err: error, kind, leadId },
        'a sent reply is missing from its conversation',
      );
    }
  }

  private async lead(kind: LeadKindKey, leadId: string): Promise<MailLead> {
    const lead = await this.leads.find(kind, leadId);
    if (!lead)
      throw new ApiError(
        HttpStatus.NOT_FOUND,
        `No ${LEAD_KINDS[kind].logName} request with id ${leadId}`,
      );
    return lead;
  }
}

/** A page's cursor: a slot at its edge (the last it showed, or the first), opaque to clients. */
const cursorOfSlot = (slot: number) => Buffer.from(`s${slot}`).toString('base64url');

function slotOfCursor(cursor: string, name: 'cursor' | 'before' = 'cursor'): number {
  const match = /^s(\d{1,7})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) {
    const message = `${name} is invalid or from another list`;
    throw new ApiError(HttpStatus.BAD_REQUEST, message, { [name]: [message] });
  }
  return Number(match[1]);
}

/** A page's answer: its messages, and cursors to the pages either side where there are any. */
function pageOf(records: readonly MessageSlotRecord[], later: boolean): ConversationPageResponse {
  const first = records[0];
  const last = records[records.length - 1];
  return {
    success: true,
    messages: records.map(toConversationMessage),
    nextCursor: later && last ? cursorOfSlot(last.slot) : null,
    prevCursor: first && first.slot > 1 ? cursorOfSlot(first.slot) : null,
  };
}
