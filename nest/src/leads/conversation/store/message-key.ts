import { createHash } from 'node:crypto';

/** Message keys are this many hexadecimal characters of a SHA-256 (128 bits). */
const KEY_LENGTH = 32;

const digest = (text: string) =>
  createHash('sha256').update(text).digest('hex').slice(0, KEY_LENGTH);

/** A Message-ID as compared: without its angle brackets and blanks, in lower case. */
export function normalMessageId(messageId: string): string {
  return messageId.trim().replace(/^<|>$/g, '').trim().toLowerCase();
}

/**
 * The key a message is kept once by: its Message-ID's hash, so the same message delivered twice (by
 * the mailbox, the webhook or both) is one; also the key our own outgoing Message-IDs are found by.
 */
export function keyOfMessageId(messageId: string): string {
  return digest(`mid:${normalMessageId(messageId)}`);
}

/**
 * The key of a message without a Message-ID: the hash of what it says, not of its bytes, so two
 * deliveries that differ only in their transport headers (Received, Delivered-To) are still one.
 */
export function keyOfContent(parts: readonly string[]): string {
  const hash = createHash('sha256').update('content');
  for (const part of parts) hash.update(`\u0000${part}`);
  return hash.digest('hex').slice(0, KEY_LENGTH);
}
