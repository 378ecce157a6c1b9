import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Schema } from 'mongoose';

/** The settings document's `_id`: one small document, read by `_id` on every submission. */
const BLOCKLIST_ID = 'blocklist';

interface BlocklistDocument {
  _id: string;
  terms: string[];
  updatedAt: Date;
}

export const BLOCKLIST_MODEL = 'Blocklist';

export const BlocklistSchema = new Schema<BlocklistDocument>(
  { _id: { type: String, required: true }, terms: { type: [String], default: [] } },
  {
    collection: 'settings',
    versionKey: false,
    timestamps: { createdAt: false, updatedAt: true },
    strict: 'throw',
  },
);

/** The admins' blocklist: one settings document, shared by every API process. Empty until set. */
@Injectable()
export class BlocklistStore {
  constructor(@InjectModel(BLOCKLIST_MODEL) private readonly model: Model<BlocklistDocument>) {}

  async read(): Promise<string[]> {
    const doc = await this.model.findById(BLOCKLIST_ID).lean<BlocklistDocument>().exec();
    return doc?.terms ?? [];
  }

  /** Replaces the whole list; answers it as stored. */
  async write(terms: readonly string[]): Promise<string[]> {
    const doc = await this.model
      .findByIdAndUpdate(BLOCKLIST_ID, { $set: { terms } }, { upsert: true, new: true })
      .lean<BlocklistDocument>()
      .exec();
    return doc?.terms ?? [...terms];
  }
}
