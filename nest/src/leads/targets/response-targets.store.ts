import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Schema } from 'mongoose';

import {
  LEAD_KIND_KEYS,
  RESPONSE_TARGET_DEFAULTS,
  type ResponseTargets,
  type ResponseTargetsRequest,
} from '../../contract';

/** The settings document's `_id`: one small document, read by `_id` (cheap on every engine). */
const TARGETS_ID = 'response-targets';

type TargetsDocument = Partial<ResponseTargets> & { _id: string; updatedAt: Date };

export const RESPONSE_TARGETS_MODEL = 'ResponseTargets';

export const ResponseTargetsSchema = new Schema<TargetsDocument>(
  {
    _id: { type: String, required: true },
    ...Object.fromEntries(LEAD_KIND_KEYS.map((key) => [key, { type: Number, min: 1 }])),
  },
  {
    collection: 'settings',
    versionKey: false,
    timestamps: { createdAt: false, updatedAt: true },
    strict: 'throw',
  },
);

/** A kind without a stored target has its default (nothing is written until an admin changes one). */
const withDefaults = (doc: Partial<ResponseTargets> | null): ResponseTargets =>
  Object.fromEntries(
    LEAD_KIND_KEYS.map((key) => [key, doc?.[key] ?? RESPONSE_TARGET_DEFAULTS[key]]),
  ) as ResponseTargets;

/** The response targets as stored: one settings document, shared by every API process. */
@Injectable()
export class ResponseTargetsStore {
  constructor(
    @InjectModel(RESPONSE_TARGETS_MODEL) private readonly model: Model<TargetsDocument>,
  ) {}

  async read(): Promise<ResponseTargets> {
    return withDefaults(await this.model.findById(TARGETS_ID).lean<TargetsDocument>().exec());
  }

  /** Sets the kinds named (the others keep theirs); answers every kind's target after. */
  async write(changes: ResponseTargetsRequest): Promise<ResponseTargets> {
    const doc = await this.model
      .findByIdAndUpdate(TARGETS_ID, { $set: changes }, { upsert: true, new: true })
      .lean<TargetsDocument>()
      .exec();
    return withDefaults(doc);
  }
}
