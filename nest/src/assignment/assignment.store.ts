import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Schema } from 'mongoose';

import {
  type AssignmentSettings,
  type Availability,
  AVAILABLE,
  KIND_ASSIGNMENT_DEFAULT,
  LEAD_KIND_KEYS,
  type LeadKindKey,
} from '../contract';

/** Settings documents' `_id`s: each read by `_id` (cheap on every engine). */
const SETTINGS_ID = 'assignment';
const AVAILABILITY_ID = 'availability';

type SettingsDocument = {
  _id: string;
  kinds: Partial<AssignmentSettings>;
  updatedAt: Date;
};
type AvailabilityDocument = {
  _id: string;
  admins: Record<string, Availability>;
  updatedAt: Date;
};

export const ASSIGNMENT_SETTINGS_MODEL = 'AssignmentSettings';
export const AVAILABILITY_MODEL = 'Availability';

const settingsOptions = {
  collection: 'settings',
  versionKey: false,
  minimize: false,
  timestamps: { createdAt: false, updatedAt: true },
  strict: 'throw',
} as const;

export const AssignmentSettingsSchema = new Schema<SettingsDocument>(
  {
    _id: { type: String, required: true },
    // Validated whole before it is written (assignmentErrors); each kind its own path.
    kinds: { type: Schema.Types.Mixed, default: {} },
  },
  settingsOptions,
);

export const AvailabilitySchema = new Schema<AvailabilityDocument>(
  {
    _id: { type: String, required: true },
    // By admin id; each admin writes only their own path, so two never undo each other.
    admins: { type: Schema.Types.Mixed, default: {} },
  },
  settingsOptions,
);

/** Every kind's rule, the default (`off`) for a kind never set. */
export function withDefaults(kinds: Partial<AssignmentSettings> = {}): AssignmentSettings {
  return Object.fromEntries(
    LEAD_KIND_KEYS.map((key) => [key, kinds[key] ?? KIND_ASSIGNMENT_DEFAULT]),
  ) as AssignmentSettings;
}

/** The assignment rules and the admins' availability as stored, shared by every API process. */
@Injectable()
export class AssignmentStore {
  constructor(
    @InjectModel(ASSIGNMENT_SETTINGS_MODEL) private readonly settings: Model<SettingsDocument>,
    @InjectModel(AVAILABILITY_MODEL) private readonly availability: Model<AvailabilityDocument>,
  ) {}

  async rules(): Promise<AssignmentSettings> {
    const doc = await this.settings.findById(SETTINGS_ID).lean<SettingsDocument>().exec();
    return withDefaults(doc?.kinds);
  }

  /** Replaces the kinds named, each whole; answers every kind's rule as stored. */
  async setRules(change: Partial<AssignmentSettings>): Promise<AssignmentSettings> {
    const paths = Object.fromEntries(
      Object.entries(change).map(([key, value]) => [`kinds.${key}`, value]),
    );
    const doc = await this.settings
      .findByIdAndUpdate(SETTINGS_ID, { $set: paths }, { upsert: true, new: true })
      .lean<SettingsDocument>()
      .exec();
    return withDefaults(doc?.kinds);
  }

  /** Every admin's availability that was ever set, by id. */
  async everyone(): Promise<Record<string, Availability>> {
    const doc = await this.availability
      .findById(AVAILABILITY_ID)
      .lean<AvailabilityDocument>()
      .exec();
    return doc?.admins ?? {};
  }

  async availabilityOf(adminId: string): Promise<Availability> {
    return (await this.everyone())[adminId] ?? AVAILABLE;
  }

  async setAvailability(adminId: string, availability: Availability): Promise<Availability> {
    await this.availability
      .updateOne(
        { _id: AVAILABILITY_ID },
        { $set: { [`admins.${adminId}`]: availability } },
        { upsert: true },
      )
      .exec();
    return availability;
  }
}

/** Kinds whose rule is on. */
export const activeKinds = (rules: AssignmentSettings): LeadKindKey[] =>
  LEAD_KIND_KEYS.filter((key) => rules[key].rule !== 'off');
