import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Schema, trusted } from 'mongoose';

import { UNMATCHED_REASONS, type UnmatchedReason } from '../../contract';
import { isDuplicateKey } from '../../database/duplicate-key';
import {
  STORED_MESSAGE_PATHS,
  type StoredMessage,
} from '../../leads/conversation/store/stored-message.schema';

/** A message waiting for an admin: `_id` is its key, found by it when attached or deleted. */
export interface UnmatchedRecord extends StoredMessage {
  _id: string;
  reason: UnmatchedReason;
}

export const UNMATCHED_MODEL = 'UnmatchedMessage';

export const UnmatchedSchema = new Schema<UnmatchedRecord>(
  {
    _id: { type: String, required: true },
    reason: { type: String, required: true, enum: UNMATCHED_REASONS },
    ...STORED_MESSAGE_PATHS,
  },
  { collection: 'inbound_unmatched', versionKey: false, strict: 'throw', minimize: false },
);
// The list, newest first, paged by (at, _id).
UnmatchedSchema.index({ at: -1, _id: -1 });

/**
 * The Unmatched list: messages no lead was found for (INBOUND_NEW_KIND=none, no sender, or one
 * claiming to be from us). Read newest first: on FerretDB 1.x that reads this collection whole,
 * which holds only what admins have not yet attached or deleted (never a lead's messages).
 */
@Injectable()
export class UnmatchedStore {
  constructor(@InjectModel(UNMATCHED_MODEL) private readonly messages: Model<UnmatchedRecord>) {}

  /** Keeps a message in the list; a repeat (a retry of a cut-short delivery) keeps it once. */
  async put(message: StoredMessage, reason: UnmatchedReason): Promise<void> {
    try {
      await this.messages.create({ _id: message.key, reason, ...message });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }

  find(key: string): Promise<UnmatchedRecord | null> {
    return this.messages.findById(key).lean<UnmatchedRecord>().exec();
  }

  /** A page, newest first, after the (at, key) of the previous page's last. */
  async page(
    limit: number,
    after?: { at: Date; key: string },
  ): Promise<{ records: UnmatchedRecord[]; hasMore: boolean }> {
    const filter = after
      ? {
          at: trusted({ $lte: after.at }),
          $or: [
            { at: trusted({ $lt: after.at }) },
            { at: after.at, _id: trusted({ $lt: after.key }) },
          ],
        }
      : {};
    const records = await this.messages
      .find(filter)
      .sort({ at: -1, _id: -1 })
      .limit(limit + 1)
      .lean<UnmatchedRecord[]>()
      .exec();
    return { records: records.slice(0, limit), hasMore: records.length > limit };
  }

  async remove(key: string): Promise<void> {
    await this.messages.deleteOne({ _id: key }).exec();
  }
}
