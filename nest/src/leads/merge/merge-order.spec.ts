import { ObjectId } from '../../database/object-id';
import { type StoredMessage } from '../conversation/store/stored-message.schema';
import { type StoredEvent } from '../timeline/lead-timeline.schema';

import { messagesInTimeOrder, unionOf, withEvents, withoutEvents } from './merge-order';

const event = (minute: number, id = new ObjectId()): StoredEvent => ({
  _id: id,
  at: new Date(Date.UTC(2026, 0, 1, 9, minute)),
  type: 'note',
  adminId: null,
  adminEmail: null,
  detail: { text: `at ${minute}` },
});

const message = (key: string, minute: number) =>
  ({ key, at: new Date(Date.UTC(2026, 0, 1, 9, minute)) }) as StoredMessage;

describe('a merge’s order', () => {
  it('adds events once each, in time order, ties in the order they were', () => {
    const [a, b, c] = [event(1), event(5), event(3)];
    const tie = event(5);
    const merged = withEvents([a!, b!], [c!, tie]);
    expect(merged.map((e) => e.detail.text)).toEqual(['at 1', 'at 3', 'at 5', 'at 5']);
    expect(merged[2]).toBe(b);
    // Run again (a merge finished after a crash): nothing is added twice.
    expect(withEvents(merged, [c!, tie])).toEqual(merged);
    expect(withoutEvents(merged, [c!._id, tie._id])).toEqual([a, b]);
  });

  it('joins conversations by time, each message once', () => {
    const target = [message('t1', 2), message('t2', 6)];
    const moved = [message('m1', 1), message('m2', 4), message('t2', 6)];
    expect(messagesInTimeOrder(target, moved).map((m) => m.key)).toEqual(['m1', 't1', 'm2', 't2']);
  });

  it('records what moves once', () => {
    expect(unionOf(['a', 'b'], ['b', 'c'], String)).toEqual(['a', 'b', 'c']);
  });
});
