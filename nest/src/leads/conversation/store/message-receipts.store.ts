import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Schema } from 'mongoose';

import { type LeadKindKey, type MatchedBy } from '../../../contract';
import { isDuplicateKey } from '../../../database/duplicate-key';

/**
 * Where a message stands. `claimed`: a process is taking it in; `outgoing`: one of our replies,
 * being sent; `stored`: kept on a lead; `unmatched`: kept in the Unmatched list; `deleted`: an admin
 * deleted it from there; `skipped`: left out on purpose; `failed`: refused as bad input.
 */
export const RECEIPT_STATES = [
  'claimed',
  'outgoing',
  'stored',
  'unmatched',
  'deleted',
  'skipped',
  'failed',
] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];

/**
 * One message's receipt, its `_id` the message's key (message-key.ts). Inserting it is what makes
 * a message taken in once: the insert is atomic on every engine (FerretDB 1.x isolates nothing
 * else), and a duplicate key means someone has it. It names the lead by id only.
 */
export interface ReceiptRecord {
  _id: string;
  state: ReceiptState;
  /** First seen. */
  at: Date;
  claimedBy: string | null;
  claimedAt: Date | null;
  kind: LeadKindKey | null;
  leadId: string | null;
  /** The conversation slot it is (or is being) placed in: a retry looks there first. */
  slot: number | null;
  matchedBy: MatchedBy | null;
  /** The lead's state followed the message (LeadMailPort.onInbound). */
  effects: boolean;
  reason: string | null;
}

export const MESSAGE_RECEIPTS_MODEL = 'MessageReceipt';

export const MessageReceiptSchema = new Schema<ReceiptRecord>(
  {
    _id: { type: String, required: true },
    state: { type: String, required: true, enum: RECEIPT_STATES },
    at: { type: Date, required: true },
    claimedBy: { type: String, default: null },
    claimedAt: { type: Date, default: null },
    kind: { type: String, default: null },
    leadId: { type: String, default: null },
    slot: { type: Number, default: null },
    matchedBy: { type: String, default: null },
    effects: { type: Boolean, default: false },
    reason: { type: String, default: null },
  },
  { collection: 'message_receipts', versionKey: false, strict: 'throw' },
);

/** A claim older than this was left by a process that died: another may take the message over. */
export const CLAIM_TTL_MS = 60_000;

/**
 * This API instance, as its claims and the mailbox lease name it: the host, the process and a
 * random part, so two apps in one process (as a test runs them) are two instances too.
 */
@Injectable()
export class InstanceId {
  readonly value = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

export type Claim =
  /** Ours now; `earlier` is what a process that died left of its work (null: none). */
  | { status: 'claimed'; earlier: ReceiptRecord | null }
  /** Taken in already (or left out, or refused): nothing more to do but what `receipt` says. */
  | { status: 'known'; receipt: ReceiptRecord }
  /** Another process is taking it in right now. */
  | { status: 'busy' };

/** The receipts of every message, in and out, read and written by `_id` only. */
@Injectable()
export class MessageReceipts {
  constructor(
    @InjectModel(MESSAGE_RECEIPTS_MODEL) private readonly receipts: Model<ReceiptRecord>,
    private readonly instance: InstanceId,
  ) {}

  read(key: string): Promise<ReceiptRecord | null> {
    return this.receipts.findById(key).lean<ReceiptRecord>().exec();
  }

  /**
   * Claims a message for this process, or says who has it. A claim by one of `deadHolders` (the
   * mailbox's holders this process took the lease over from) is stale at once.
   */
  async claim(
    key: string,
    now = new Date(),
    deadHolders: ReadonlySet<string> = new Set(),
  ): Promise<Claim> {
    try {
      await this.receipts.create({
        _id: key,
        state: 'claimed',
        at: now,
        claimedBy: this.instance.value,
        claimedAt: now,
      });
      return { status: 'claimed', earlier: null };
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const receipt = await this.read(key);
    if (!receipt) return this.claim(key, now, deadHolders);
    if (receipt.state !== 'claimed') return { status: 'known', receipt };
    const fresh = (receipt.claimedAt?.getTime() ?? 0) > now.getTime() - CLAIM_TTL_MS;
    const dead = receipt.claimedBy !== null && deadHolders.has(receipt.claimedBy);
    if (fresh && !dead && receipt.claimedBy !== this.instance.value) return { status: 'busy' };
    // Left by a process that died (or by this one, failed midway): taken over where it stopped.
    // The condition names the claim read, so of two processes taking over at once one matches
    // (on FerretDB 1.x, which isolates no update, both may: the slot check then keeps one copy).
    const { matchedCount } = await this.receipts
      .updateOne(
        { _id: key, state: 'claimed', claimedAt: receipt.claimedAt },
        { $set: { claimedBy: this.instance.value, claimedAt: now } },
      )
      .exec();
    return matchedCount > 0 ? { status: 'claimed', earlier: receipt } : { status: 'busy' };
  }

  /** Records progress on a claimed message (its lead, its slot) before the step it prepares. */
  async note(key: string, fields: Partial<Omit<ReceiptRecord, '_id' | 'at'>>): Promise<void> {
    await this.receipts.updateOne({ _id: key }, { $set: fields }).exec();
  }

  /** Gives a claim back at once (a transient failure): the next delivery takes it over. */
  async release(key: string): Promise<void> {
    await this.receipts
      .updateOne(
        { _id: key, state: 'claimed', claimedBy: this.instance.value },
        { $set: { claimedAt: new Date(0) } },
      )
      .exec();
  }

  /**
   * Records one of our replies' Message-IDs before it is sent, so an answer naming it finds its
   * lead and the reply seen again in the mailbox is known. Once: a retry finds it there.
   */
  async outgoing(key: string, kind: LeadKindKey, leadId: string): Promise<void> {
    try {
      await this.receipts.create({ _id: key, state: 'outgoing', at: new Date(), kind, leadId });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }

  /** Ends a message's receipt in a final state. */
  async finish(
    key: string,
    state: Exclude<ReceiptState, 'claimed' | 'outgoing'>,
    fields: Partial<Omit<ReceiptRecord, '_id' | 'at' | 'state'>> = {},
  ): Promise<void> {
    await this.receipts
      .updateOne({ _id: key }, { $set: { ...fields, state, claimedBy: null, claimedAt: null } })
      .exec();
  }
}
