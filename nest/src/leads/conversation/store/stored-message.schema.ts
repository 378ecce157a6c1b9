import { type SchemaDefinition } from 'mongoose';

import {
  type ConversationMessage,
  type MatchedBy,
  type MessageAddress,
  type MessageAttachment,
  type MessageDirection,
  MESSAGE_DIRECTIONS,
} from '../../../contract';

/** An attachment as kept: listed with the message, its content in chunks (AttachmentStore). */
export interface StoredAttachment extends MessageAttachment {
  /** How many chunks its content was stored in. */
  chunks: number;
}

/**
 * A message as kept, wherever it is (a lead's conversation or the Unmatched list): plain text
 * only, every string well formed and without NUL, bounded (ParsedInbound's limits).
 */
export interface StoredMessage {
  /** The message's key (message-key.ts): its id everywhere. */
  key: string;
  direction: MessageDirection;
  at: Date;
  from: MessageAddress | null;
  to: MessageAddress[];
  cc: MessageAddress[];
  subject: string;
  text: string;
  quoted: string;
  attachments: StoredAttachment[];
  messageId: string | null;
  matchedBy: MatchedBy | null;
  senderDiffers: boolean;
  auto: boolean;
}

/** Mongoose paths of a StoredMessage (the addresses and attachments as plain subdocuments). */
export const STORED_MESSAGE_PATHS: SchemaDefinition = {
  key: { type: String, required: true },
  direction: { type: String, required: true, enum: MESSAGE_DIRECTIONS },
  at: { type: Date, required: true },
  from: { type: Object, default: null },
  to: { type: [Object], default: [] },
  cc: { type: [Object], default: [] },
  subject: { type: String, default: '' },
  text: { type: String, default: '' },
  quoted: { type: String, default: '' },
  attachments: { type: [Object], default: [] },
  messageId: { type: String, default: null },
  matchedBy: { type: String, default: null },
  senderDiffers: { type: Boolean, default: false },
  auto: { type: Boolean, default: false },
};

/** The fields of a StoredMessage out of a record that holds one (and more). */
export function storedMessageOf(record: StoredMessage): StoredMessage {
  const { key, direction, at, from, to, cc, subject, text, quoted, attachments } = record;
  const { messageId, matchedBy, senderDiffers, auto } = record;
  return {
    ...{ key, direction, at, from, to, cc, subject, text, quoted, attachments },
    ...{ messageId, matchedBy, senderDiffers, auto },
  };
}

/** A kept message as the contract answers it. */
export function toConversationMessage(message: StoredMessage): ConversationMessage {
  return {
    id: message.key,
    direction: message.direction,
    at: message.at.toISOString(),
    from: message.from ? { name: message.from.name, address: message.from.address } : null,
    to: message.to.map(({ name, address }) => ({ name, address })),
    cc: message.cc.map(({ name, address }) => ({ name, address })),
    subject: message.subject,
    text: message.text,
    quoted: message.quoted,
    attachments: message.attachments.map(({ n, name, type, size, inline }) => ({
      n,
      name,
      type,
      size,
      inline,
    })),
    messageId: message.messageId,
    matchedBy: message.matchedBy,
    senderDiffers: message.senderDiffers,
    auto: message.auto,
  };
}

/** One of our replies as it went out, for the conversation. */
export interface OutgoingReply {
  messageId: string;
  at: Date;
  from: string;
  to: string;
  subject: string;
  text: string;
}
