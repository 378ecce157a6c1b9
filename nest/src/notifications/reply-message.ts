import { type StoredEvent } from '../leads/timeline/lead-timeline.schema';

/** The mail of a reply beside its From and To: plain text, threaded to the lead's other replies. */
export interface ReplyMessage {
  subject: string;
  text: string;
  replyTo: string;
  messageId: string;
  inReplyTo?: string;
  references?: string[];
}

/**
 * The threading of the next reply to a lead: its own Message-ID (stable: made of the reply's id),
 * and, after a first reply, In-Reply-To the latest earlier one and References all of them, oldest
 * first, as RFC 5322 threads a conversation. Kept in the reply's timeline event, read by `_id`.
 */
export function replyThread(
  earlier: readonly StoredEvent[],
  replyId: string,
  from: string,
): { messageId: string; inReplyTo?: string; references?: string[] } {
  const domain = from.slice(from.lastIndexOf('@') + 1) || 'localhost';
  const messageId = `<reply.${replyId}@${domain}>`;
  const references = earlier.flatMap((event) => {
    const id = event.type === 'reply' ? event.detail.messageId : undefined;
    return typeof id === 'string' ? [id] : [];
  });
  const previous = references[references.length - 1];
  return previous ? { messageId, inReplyTo: previous, references } : { messageId };
}

/** A queued reply's mail, from the lead's stored timeline; undefined once it is gone. */
export function replyMessageOf(
  events: readonly StoredEvent[],
  replyId: string,
): ReplyMessage | undefined {
  const event = events.find((e) => e.type === 'reply' && e.detail.id === replyId);
  if (!event) return undefined;
  const d = event.detail;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const references = Array.isArray(d.references)
    ? d.references.filter((r): r is string => typeof r === 'string')
    : [];
  return {
    subject: text(d.subject),
    text: text(d.text),
    replyTo: event.adminEmail ?? '',
    messageId: text(d.messageId),
    ...(typeof d.inReplyTo === 'string' ? { inReplyTo: d.inReplyTo } : {}),
    ...(references.length > 0 ? { references } : {}),
  };
}
