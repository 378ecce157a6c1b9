import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Schema } from 'mongoose';

import {
  CHAT_ALERT_DEFAULTS,
  CHAT_ALERT_EVENTS,
  CHAT_CHANNELS,
  type ChatAlertSettings,
  type ChatAlertsRequest,
  chatSwitches,
  LEAD_KIND_KEYS,
} from '../../contract';

/** The settings document's `_id`: one small document, read by `_id` (cheap on every engine). */
const CHAT_ALERTS_ID = 'chat-alerts';

/** As stored: only the switches an admin changed, `kind → channel → event → on`. */
type Stored = Partial<Record<string, Partial<Record<string, Partial<Record<string, unknown>>>>>>;
type ChatAlertsDocument = { _id: string; alerts?: Stored; updatedAt: Date };

export const CHAT_ALERT_SETTINGS_MODEL = 'ChatAlertSettings';

export const ChatAlertSettingsSchema = new Schema<ChatAlertsDocument>(
  {
    _id: { type: String, required: true },
    alerts: { type: Schema.Types.Mixed },
  },
  {
    collection: 'settings',
    versionKey: false,
    minimize: false,
    timestamps: { createdAt: false, updatedAt: true },
    strict: 'throw',
  },
);

/** Every switch: as stored where it is a boolean, else its default (on). */
export function withDefaults(stored: Stored | undefined): ChatAlertSettings {
  return chatSwitches((kind, channel, event) => {
    const value = stored?.[kind]?.[channel]?.[event];
    return typeof value === 'boolean' ? value : CHAT_ALERT_DEFAULTS[event];
  });
}

/** A change as the paths it sets (`alerts.keDemo.slack.overdue`): the switches not named keep theirs. */
export function changedPaths(changes: ChatAlertsRequest): Record<string, boolean> {
  const paths: Record<string, boolean> = {};
  for (const kind of LEAD_KIND_KEYS)
    for (const channel of CHAT_CHANNELS)
      for (const event of CHAT_ALERT_EVENTS) {
        const value = changes[kind]?.[channel]?.[event];
        if (typeof value === 'boolean') paths[`alerts.${kind}.${channel}.${event}`] = value;
      }
  return paths;
}

/** Which chat alerts each kind posts on each channel: one settings document. */
@Injectable()
export class ChatAlertSettingsStore {
  constructor(
    @InjectModel(CHAT_ALERT_SETTINGS_MODEL) private readonly model: Model<ChatAlertsDocument>,
  ) {}

  async read(): Promise<ChatAlertSettings> {
    const doc = await this.model.findById(CHAT_ALERTS_ID).lean<ChatAlertsDocument>().exec();
    return withDefaults(doc?.alerts);
  }

  /** Sets the switches named (each path on its own: two admins' changes to others both stay). */
  async write(changes: ChatAlertsRequest): Promise<ChatAlertSettings> {
    const paths = changedPaths(changes);
    if (Object.keys(paths).length === 0) return this.read();
    const doc = await this.model
      .findByIdAndUpdate(CHAT_ALERTS_ID, { $set: paths }, { upsert: true, new: true })
      .lean<ChatAlertsDocument>()
      .exec();
    return withDefaults(doc?.alerts);
  }
}
