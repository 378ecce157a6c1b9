import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Schema } from 'mongoose';

import { type BusinessHours } from '../../contract';

/** The settings document's `_id`: one small document, read by `_id` (cheap on every engine). */
const BUSINESS_HOURS_ID = 'business-hours';

/** As stored: the calendar, or null (24/7); no document at all is 24/7 too. */
type BusinessHoursDocument = { _id: string; calendar: BusinessHours | null; updatedAt: Date };

export const BUSINESS_HOURS_MODEL = 'BusinessHours';

export const BusinessHoursSchema = new Schema<BusinessHoursDocument>(
  {
    _id: { type: String, required: true },
    // Validated whole before it is written (businessHoursErrors); kept as sent.
    calendar: { type: Schema.Types.Mixed, default: null },
  },
  {
    collection: 'settings',
    versionKey: false,
    minimize: false,
    timestamps: { createdAt: false, updatedAt: true },
    strict: 'throw',
  },
);

/** The team calendar as stored: one settings document, shared by every API process. */
@Injectable()
export class BusinessHoursStore {
  constructor(
    @InjectModel(BUSINESS_HOURS_MODEL) private readonly model: Model<BusinessHoursDocument>,
  ) {}

  async read(): Promise<BusinessHours | null> {
    const doc = await this.model.findById(BUSINESS_HOURS_ID).lean<BusinessHoursDocument>().exec();
    return doc?.calendar ?? null;
  }

  /** Replaces the calendar (null: count every hour); answers it as stored. */
  async write(calendar: BusinessHours | null): Promise<BusinessHours | null> {
    const doc = await this.model
      .findByIdAndUpdate(BUSINESS_HOURS_ID, { $set: { calendar } }, { upsert: true, new: true })
      .lean<BusinessHoursDocument>()
      .exec();
    return doc?.calendar ?? null;
  }
}
