import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Schema } from 'mongoose';

import {
  LEAD_KIND_KEYS,
  type LeadKindKey,
  REPLY_TEMPLATE_DEFAULTS,
  type ReplyTemplate,
  type ReplyTemplates,
} from '../../contract';

/** The one document: the templates admins changed, by kind (the others are the defaults). */
interface ReplyTemplatesRecord {
  _id: string;
  templates: Partial<Record<LeadKindKey, ReplyTemplate>>;
}

export const REPLY_TEMPLATES_MODEL = 'ReplyTemplates';
const DOCUMENT_ID = 'reply-templates';

export const ReplyTemplatesSchema = new Schema<ReplyTemplatesRecord>(
  {
    _id: { type: String, required: true },
    templates: { type: Schema.Types.Mixed, default: {} },
  },
  { collection: 'reply_templates', versionKey: false, strict: 'throw', minimize: false },
);

/** The reply templates, one per kind, in one document read and written by `_id`. */
@Injectable()
export class ReplyTemplatesStore {
  constructor(
    @InjectModel(REPLY_TEMPLATES_MODEL) private readonly model: Model<ReplyTemplatesRecord>,
  ) {}

  async all(): Promise<ReplyTemplates> {
    const record = await this.model.findById(DOCUMENT_ID).lean<ReplyTemplatesRecord>().exec();
    return withDefaults(record?.templates);
  }

  /** Replaces one kind's template; every kind's, after. */
  async set(kind: LeadKindKey, { subject, text }: ReplyTemplate): Promise<ReplyTemplates> {
    const record = await this.model
      .findOneAndUpdate(
        { _id: DOCUMENT_ID },
        { $set: { [`templates.${kind}`]: { subject, text } } },
        { upsert: true, new: true },
      )
      .lean<ReplyTemplatesRecord>()
      .exec();
    return withDefaults(record?.templates);
  }
}

function withDefaults(stored: ReplyTemplatesRecord['templates'] = {}): ReplyTemplates {
  const one = (kind: LeadKindKey): ReplyTemplate => {
    const template = stored[kind];
    return template
      ? { subject: template.subject, text: template.text }
      : REPLY_TEMPLATE_DEFAULTS[kind];
  };
  return Object.fromEntries(LEAD_KIND_KEYS.map((kind) => [kind, one(kind)])) as ReplyTemplates;
}
