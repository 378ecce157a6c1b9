import { type ObjectId } from '../../database/object-id';
import { type StoredMessage } from '../conversation/store/stored-message.schema';
import { type StoredEvent } from '../timeline/lead-timeline.schema';

/**
 * A timeline with `added` among its events, each once (by id), in time order: a merge run again
 * adds nothing twice. Events of one time keep the order they had.
 */
export function withEvents(
  current: readonly StoredEvent[],
  added: readonly StoredEvent[],
): StoredEvent[] {
  const ids = new Set(current.map((event) => event._id.toHexString()));
  const fresh = added.filter((event) => !ids.has(event._id.toHexString()));
  if (fresh.length === 0) return [...current];
  return [...current, ...fresh]
    .map((event, i) => ({ event, i }))
    .sort((a, b) => a.event.at.getTime() - b.event.at.getTime() || a.i - b.i)
    .map(({ event }) => event);
}

/** A timeline without the events of these ids. */
export function withoutEvents(
  current: readonly StoredEvent[],
  ids: readonly ObjectId[],
): StoredEvent[] {
  const gone = new Set(ids.map((id) => id.toHexString()));
  return current.filter((event) => !gone.has(event._id.toHexString()));
}

/** Two conversations as one, each message once (by key), in the order they were written or received. */
export function messagesInTimeOrder(
  ...conversations: (readonly StoredMessage[])[]
): StoredMessage[] {
  const byKey = new Map<string, StoredMessage>();
  for (const message of conversations.flat())
    if (!byKey.has(message.key)) byKey.set(message.key, message);
  return [...byKey.values()]
    .map((message, i) => ({ message, i }))
    .sort((a, b) => a.message.at.getTime() - b.message.at.getTime() || a.i - b.i)
    .map(({ message }) => message);
}

/** Ids not among `known` yet, added to them (what of a merged lead is about to move). */
export function unionOf<T>(known: readonly T[], more: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set(known.map(key));
  return [...known, ...more.filter((item) => !seen.has(key(item)))];
}
