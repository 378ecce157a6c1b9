import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Schema } from 'mongoose';

import { type LeadKindKey } from '../../../contract';
import { deleteByIds, findByIds } from '../../../database/by-ids';
import { DatabaseEngine } from '../../../database/database-engine';
import { isDuplicateKey } from '../../../database/duplicate-key';

import { STORED_MESSAGE_PATHS, type StoredMessage, storedMessageOf } from './stored-message.schema';

/**
 * One message of a lead's conversation in its slot: `_id` is `<kind>:<leadId>:<slot>`, slots
 * numbered from 1 in the order messages reached the conversation, with no gap. A slot is taken by
 * inserting it (atomic on every engine, FerretDB 1.x included), so two processes adding to one
 * conversation at once take two slots; and every read is by computed `_id`s, never a query.
 */
export interface MessageSlotRecord extends StoredMessage {
  _id: string;
  kind: LeadKindKey;
  leadId: string;
  slot: number;
}

/** A conversation's head: how many slots it had when last written (a hint: never fewer). */
interface ConversationHeadRecord {
  _id: string;
  count: number;
}

export const MESSAGE_SLOTS_MODEL = 'LeadMessage';
export const CONVERSATION_HEADS_MODEL = 'LeadConversation';

export const MessageSlotSchema = new Schema<MessageSlotRecord>(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true },
    leadId: { type: String, required: true },
    slot: { type: Number, required: true },
    ...STORED_MESSAGE_PATHS,
  },
  { collection: 'lead_messages', versionKey: false, strict: 'throw', minimize: false },
);

export const ConversationHeadSchema = new Schema<ConversationHeadRecord>(
  { _id: { type: String, required: true }, count: { type: Number, required: true } },
  { collection: 'lead_conversations', versionKey: false, strict: 'throw' },
);

const headId = (kind: LeadKindKey, leadId: string) => `${kind}:${leadId}`;
/** Zero-padded, so a conversation's ids also sort in slot order where an engine lists them. */
export const slotId = (kind: LeadKindKey, leadId: string, slot: number) =>
  `${kind}:${leadId}:${String(slot).padStart(7, '0')}`;

/** Slots read at once past the head's count: usually none are there, so one small read. */
const PROBE_PAGE = 4;

/** More slots than any conversation takes in one placement: a bound on a runaway loop. */
const MAX_PROBES = 10_000;

/** Every lead's conversation, in slots read and written by `_id`. */
@Injectable()
export class ConversationStore {
  constructor(
    @InjectModel(MESSAGE_SLOTS_MODEL) private readonly slots: Model<MessageSlotRecord>,
    @InjectModel(CONVERSATION_HEADS_MODEL) private readonly heads: Model<ConversationHeadRecord>,
    private readonly engine: DatabaseEngine,
  ) {}

  /** The first free slot as far as the head knows (a slot there may be taken since). */
  async nextSlot(kind: LeadKindKey, leadId: string): Promise<number> {
    const head = await this.heads.findById(headId(kind, leadId)).lean<ConversationHeadRecord>();
    return (head?.count ?? 0) + 1;
  }

  /**
   * Puts a message into slot `slot`, or the next free one; answers the slot it is in. A slot
   * already holding this very message (a retry of a placement cut short) is where it stays.
   * `before(slot)` runs before each attempt: the caller records where it is about to place it, so
   * a process that dies between the two is found out by the next.
   */
  async place(
    kind: LeadKindKey,
    leadId: string,
    message: StoredMessage,
    slot: number,
    before: (slot: number) => Promise<void> = () => Promise.resolve(),
  ): Promise<number> {
    for (let n = Math.max(1, slot), probes = 0; probes < MAX_PROBES; n++, probes++) {
      const id = slotId(kind, leadId, n);
      await before(n);
      try {
        await this.slots.create({ _id: id, kind, leadId, slot: n, ...message });
        await this.raiseHead(kind, leadId, n);
        return n;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      const there = await this.slots.findById(id, { key: 1 }).lean<{ key: string }>().exec();
      if (there?.key === message.key) {
        await this.raiseHead(kind, leadId, n);
        return n;
      }
    }
    throw new Error(`no free slot in the conversation of ${kind} ${leadId}`);
  }

  /** The message in one slot, if this conversation has it there. */
  async at(kind: LeadKindKey, leadId: string, slot: number): Promise<MessageSlotRecord | null> {
    return this.slots
      .findById(slotId(kind, leadId, slot))
      .lean<MessageSlotRecord>()
      .exec();
  }

  /**
   * Up to `limit` messages after slot `after`, oldest first, and whether more follow: the slots
   * `after + 1 … after + limit + 1` read by `_id` (one `$in`, or one lookup each on FerretDB 1.x).
   */
  async page(
    kind: LeadKindKey,
    leadId: string,
    after: number,
    limit: number,
  ): Promise<{ records: MessageSlotRecord[]; hasMore: boolean }> {
    const ids = Array.from({ length: limit + 1 }, (_, i) => slotId(kind, leadId, after + 1 + i));
    const found = await findByIds(this.slots, ids, await this.whole());
    // Slots have no gaps: the first one missing ends the conversation.
    const records: MessageSlotRecord[] = [];
    for (const [i, record] of found.entries()) {
      if (record.slot !== after + 1 + i) break;
      records.push(record);
    }
    return { records: records.slice(0, limit), hasMore: records.length > limit };
  }

  /**
   * Up to `limit` messages just before slot `before`, oldest first: slots `before - limit …
   * before - 1` (from 1), read by `_id`. Slots never go once taken, so every one is there.
   */
  async pageBefore(
    kind: LeadKindKey,
    leadId: string,
    before: number,
    limit: number,
  ): Promise<MessageSlotRecord[]> {
    const first = Math.max(1, before - limit);
    if (first >= before) return [];
    const ids = Array.from({ length: before - first }, (_, i) => slotId(kind, leadId, first + i));
    return findByIds(this.slots, ids, await this.whole());
  }

  /**
   * The newest `limit` messages, oldest first: the head's last `limit` slots and the one past them,
   * read at once. That one is nearly always missing; when it is there (a head raise lost to a race,
   * or a process that died before raising it) the true end is found slot by slot, then read.
   */
  async newest(kind: LeadKindKey, leadId: string, limit: number): Promise<MessageSlotRecord[]> {
    const known = (await this.nextSlot(kind, leadId)) - 1;
    const first = Math.max(1, known - limit + 1);
    const ids = Array.from({ length: known + 2 - first }, (_, i) =>
      slotId(kind, leadId, first + i),
    );
    const found = await findByIds(this.slots, ids, await this.whole());
    if (found.at(-1)?.slot !== known + 1) return found;
    return this.pageBefore(kind, leadId, (await this.lastSlot(kind, leadId, known + 1)) + 1, limit);
  }

  /** How many messages a conversation holds: its last slot taken (slots have no gaps). */
  async count(kind: LeadKindKey, leadId: string): Promise<number> {
    return this.lastSlot(kind, leadId, (await this.nextSlot(kind, leadId)) - 1);
  }

  /**
   * The last slot taken (0 for no conversation), on from `from` (a slot known to be taken, or the
   * head's count) while slots are there, a page a time.
   */
  private async lastSlot(kind: LeadKindKey, leadId: string, from: number): Promise<number> {
    let last = from;
    for (;;) {
      const { records, hasMore } = await this.page(kind, leadId, last, PROBE_PAGE);
      last += records.length;
      if (!hasMore) return last;
    }
  }

  /**
   * A whole conversation, oldest first (privacy access, erasure): as many slots as the head says,
   * and one more (placed by a process that died before raising the head), then on while full. A
   * lead without a conversation costs two reads.
   */
  async all(kind: LeadKindKey, leadId: string): Promise<MessageSlotRecord[]> {
    const head = await this.heads.findById(headId(kind, leadId)).lean<ConversationHeadRecord>();
    const known = head?.count ?? 0;
    const all: MessageSlotRecord[] = [];
    for (;;) {
      const limit = Math.min(200, Math.max(1, known - all.length));
      const { records, hasMore } = await this.page(kind, leadId, all.length, limit);
      all.push(...records);
      if (!hasMore) return all;
    }
  }

  /** Drops a conversation whole (its lead is going): its slots as read (all()), then its head. */
  async forget(
    kind: LeadKindKey,
    leadId: string,
    slots: readonly MessageSlotRecord[],
  ): Promise<void> {
    await deleteByIds(
      this.slots,
      slots.map((slot) => slot._id),
      await this.whole(),
    );
    await this.heads.deleteOne({ _id: headId(kind, leadId) }).exec();
  }

  /**
   * Writes a conversation anew as `messages`, in that order, from slot 1 (a merge moving messages
   * in or out, kept in time order): each slot that holds another message is replaced, the slots
   * past the end go, and the head says the new count. Answers each message's slot. Idempotent: run
   * again with the same messages it writes nothing.
   */
  async rewrite(
    kind: LeadKindKey,
    leadId: string,
    messages: readonly StoredMessage[],
  ): Promise<Map<string, number>> {
    const current = await this.all(kind, leadId);
    for (const [i, message] of messages.entries()) {
      const slot = i + 1;
      const there = current[i];
      if (there?.key === message.key) continue;
      // The message's own fields only: a slot record passed in keeps the place it is written to.
      const record = {
        ...storedMessageOf(message),
        _id: slotId(kind, leadId, slot),
        kind,
        leadId,
        slot,
      };
      if (there) await this.slots.replaceOne({ _id: record._id }, record).exec();
      else
        await this.slots.create(record).catch(async (error: unknown) => {
          if (!isDuplicateKey(error)) throw error;
          await this.slots.replaceOne({ _id: record._id }, record).exec();
        });
    }
    await deleteByIds(
      this.slots,
      current.slice(messages.length).map((slot) => slot._id),
      await this.whole(),
    );
    if (messages.length === 0) await this.heads.deleteOne({ _id: headId(kind, leadId) }).exec();
    else {
      const _id = headId(kind, leadId);
      const { matchedCount } = await this.heads
        .updateOne({ _id }, { $set: { count: messages.length } })
        .exec();
      if (matchedCount === 0) await this.raiseHead(kind, leadId, messages.length);
    }
    return new Map(messages.map((message, i) => [message.key, i + 1]));
  }

  /**
   * Raises the head's count to `slot`. Not isolated on FerretDB 1.x (a lower count may win a race):
   * harmless, since the count is where a search for a free slot starts, and the search goes on.
   */
  private async raiseHead(kind: LeadKindKey, leadId: string, slot: number): Promise<void> {
    const _id = headId(kind, leadId);
    const { matchedCount } = await this.heads.updateOne({ _id }, { $max: { count: slot } }).exec();
    if (matchedCount > 0) return;
    try {
      await this.heads.create({ _id, count: slot });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      await this.heads.updateOne({ _id }, { $max: { count: slot } }).exec();
    }
  }

  private async whole(): Promise<boolean> {
    return Boolean(await this.engine.wholeCollectionEngine());
  }
}
