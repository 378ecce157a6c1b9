import { type Readable } from 'node:stream';

import { HttpStatus, Inject, Injectable } from '@nestjs/common';

import { ApiError } from '../../common/api-error';
import {
  type AttachUnmatchedResponse,
  emailKey,
  LEAD_KINDS,
  type LeadKindKey,
  type UnmatchedPageResponse,
} from '../../contract';
import { LeadConversation } from '../../leads/conversation/lead-conversation';
import { LEAD_MAIL_PORT, type LeadMailPort } from '../../leads/conversation/lead-mail.port';
import { AttachmentStore } from '../../leads/conversation/store/attachment.store';
import { MessageReceipts } from '../../leads/conversation/store/message-receipts.store';
import {
  type StoredAttachment,
  storedMessageOf,
  toConversationMessage,
} from '../../leads/conversation/store/stored-message.schema';
import { LeadNotifier } from '../../notifications/lead-notifier.service';

import { type UnmatchedRecord, UnmatchedStore } from './unmatched.store';

/** The Unmatched list's use cases: read it, attach a message to a lead, delete one. */
@Injectable()
export class UnmatchedMessages {
  constructor(
    private readonly store: UnmatchedStore,
    private readonly conversation: LeadConversation,
    private readonly attachments: AttachmentStore,
    private readonly receipts: MessageReceipts,
    @Inject(LEAD_MAIL_PORT) private readonly leads: LeadMailPort,
    private readonly notifier: LeadNotifier,
  ) {}

  async page({
    limit = 50,
    cursor,
  }: {
    limit?: number;
    cursor?: string;
  }): Promise<UnmatchedPageResponse> {
    const { records, hasMore } = await this.store.page(
      limit,
      cursor ? positionOf(cursor) : undefined,
    );
    const last = records[records.length - 1];
    return {
      success: true,
      messages: records.map((record) => ({
        ...toConversationMessage(storedMessageOf(record)),
        reason: record.reason,
      })),
      nextCursor: hasMore && last ? cursorOf(last) : null,
    };
  }

  /**
   * Moves a message onto a lead (`matchedBy: admin`), as if it had been matched: placed once in
   * the conversation (its receipt says where), then out of the list, then the lead told.
   */
  async attach(key: string, kind: LeadKindKey, leadId: string): Promise<AttachUnmatchedResponse> {
    const record = await this.found(key);
    const lead = await this.leads.find(kind, leadId);
    if (!lead)
      throw new ApiError(
        HttpStatus.NOT_FOUND,
        `No ${LEAD_KINDS[kind].logName} request with id ${leadId}`,
        {
          leadId: ['no such lead'],
        },
      );
    const message = {
      ...storedMessageOf(record),
      matchedBy: 'admin' as const,
      senderDiffers: emailKey(record.from?.address ?? '') !== emailKey(lead.email),
    };
    const receipt = await this.receipts.read(key);
    const slot = await this.conversation.place(lead, message, receipt?.slot ?? null);
    await this.receipts.finish(key, 'stored', { kind, leadId: lead.id, slot, matchedBy: 'admin' });
    await this.store.remove(key);
    const { tell, owned } = await this.leads.onInbound(lead, {
      id: key,
      at: record.at,
      auto: record.auto,
      sender: record.from?.name || record.from?.address || 'Someone',
    });
    if (tell) await this.notifier.leadWroteAgain(LEAD_KINDS[kind], lead.id, key, owned);
    await this.receipts.note(key, { effects: true });
    return { success: true, kind, leadId: lead.id, message: toConversationMessage(message) };
  }

  /** Deletes a message with its attachments; the same message delivered again stays deleted. */
  async remove(key: string): Promise<void> {
    const record = await this.found(key);
    await this.attachments.forget([record]);
    await this.store.remove(key);
    await this.receipts.finish(key, 'deleted');
  }

  async attachment(
    key: string,
    n: number,
  ): Promise<{ attachment: StoredAttachment; content: Readable }> {
    const record = await this.found(key);
    const attachment = record.attachments.find((a) => a.n === n);
    if (!attachment)
      throw new ApiError(HttpStatus.NOT_FOUND, `No attachment ${n} on message ${key}`);
    return { attachment, content: this.attachments.stream(key, attachment) };
  }

  private async found(key: string): Promise<UnmatchedRecord> {
    const record = await this.store.find(key);
    if (!record) throw new ApiError(HttpStatus.NOT_FOUND, `No unmatched message with id ${key}`);
    return record;
  }
}

const cursorOf = (record: UnmatchedRecord) =>
  Buffer.from(JSON.stringify([record.at.getTime(), record._id])).toString('base64url');

function positionOf(cursor: string): { at: Date; key: string } {
  try {
    const [at, key] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof at === 'number' &&
      Number.isSafeInteger(at) &&
      typeof key === 'string' &&
      /^[0-9a-f]{32}$/.test(key)
    )
      return { at: new Date(at), key };
  } catch {
    // answered below
  }
  throw new ApiError(HttpStatus.BAD_REQUEST, 'cursor is invalid or from another list');
}
