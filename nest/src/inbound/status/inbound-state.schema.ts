import { Schema } from 'mongoose';

/**
 * The inbound channels' shared state, one small document per thing, each read and written by its
 * computed `_id`: the mailbox lease (`imap-lease`), the mailbox's position (`imap-cursor:<hash>`),
 * each channel's health (`channel:imap`, `channel:webhook`), the counts of each hour
 * (`counts:<YYYY-MM-DDTHH>`) and the last refusal (`last-failure`). Every API process reads the same.
 */
export interface InboundStateRecord {
  _id: string;
  // the lease
  holder?: string;
  until?: Date;
  // the mailbox's position
  uidValidity?: string;
  lastUid?: number;
  // a channel's health
  connected?: boolean;
  lastPollAt?: Date | null;
  lastMessageAt?: Date | null;
  lastError?: { at: Date; message: string } | null;
  // an hour's counts
  processed?: number;
  skipped?: number;
  unmatched?: number;
  failed?: number;
  // the last refusal
  at?: Date;
  channel?: string;
  reason?: string;
}

export const INBOUND_STATE_MODEL = 'InboundState';

export const InboundStateSchema = new Schema<InboundStateRecord>(
  {
    _id: { type: String, required: true },
    holder: String,
    until: Date,
    uidValidity: String,
    lastUid: Number,
    connected: Boolean,
    lastPollAt: Date,
    lastMessageAt: Date,
    lastError: { type: Object },
    processed: Number,
    skipped: Number,
    unmatched: Number,
    failed: Number,
    at: Date,
    channel: String,
    reason: String,
  },
  { collection: 'inbound_state', versionKey: false, strict: 'throw' },
);
