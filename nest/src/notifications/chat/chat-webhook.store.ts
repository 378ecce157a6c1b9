import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Schema } from 'mongoose';

import { CHAT_CHANNELS, type ChatChannel } from '../../contract';

/** The settings document's `_id`: one small document, read by `_id`. */
const CHAT_WEBHOOKS_ID = 'chat-webhooks';

/** One webhook as stored: its URL sealed (SecretBox), never in the clear. */
export interface SealedWebhook {
  sealed: string;
  setAt: Date;
}
export type SealedWebhooks = Partial<Record<ChatChannel, SealedWebhook>>;
type ChatWebhooksDocument = { _id: string; updatedAt: Date } & SealedWebhooks;

export const CHAT_WEBHOOKS_MODEL = 'ChatWebhooks';

const sealedWebhook = {
  type: new Schema<SealedWebhook>(
    { sealed: { type: String, required: true }, setAt: { type: Date, required: true } },
    { _id: false },
  ),
};

export const ChatWebhooksSchema = new Schema<ChatWebhooksDocument>(
  { _id: { type: String, required: true }, slack: sealedWebhook, teams: sealedWebhook },
  {
    collection: 'settings',
    versionKey: false,
    timestamps: { createdAt: false, updatedAt: true },
    strict: 'throw',
  },
);

/** The chat webhooks set on the Settings page, sealed: one settings document. */
@Injectable()
export class ChatWebhookStore {
  constructor(
    @InjectModel(CHAT_WEBHOOKS_MODEL) private readonly model: Model<ChatWebhooksDocument>,
  ) {}

  async read(): Promise<SealedWebhooks> {
    const doc = await this.model.findById(CHAT_WEBHOOKS_ID).lean<ChatWebhooksDocument>().exec();
    return pick(doc);
  }

  /** Sets (sealed) or removes (null) the channels named; the others keep theirs. */
  async write(changes: Partial<Record<ChatChannel, string | null>>): Promise<SealedWebhooks> {
    const set: Record<string, SealedWebhook> = {};
    const unset: Record<string, ''> = {};
    for (const channel of CHAT_CHANNELS) {
      const sealed = changes[channel];
      if (typeof sealed === 'string') set[channel] = { sealed, setAt: new Date() };
      else if (sealed === null) unset[channel] = '';
    }
    const doc = await this.model
      .findByIdAndUpdate(
        CHAT_WEBHOOKS_ID,
        {
          ...(Object.keys(set).length > 0 ? { $set: set } : {}),
          ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}),
        },
        { upsert: true, new: true },
      )
      .lean<ChatWebhooksDocument>()
      .exec();
    return pick(doc);
  }
}

const pick = (doc: ChatWebhooksDocument | null): SealedWebhooks =>
  Object.fromEntries(
    CHAT_CHANNELS.flatMap((channel) => (doc?.[channel] ? [[channel, doc[channel]]] : [])),
  );
