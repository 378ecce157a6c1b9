import { type Lead, type LeadKindKey } from '../../contract';
import { ObjectId } from '../../database/object-id';

import { decodeQueueCursor, encodeQueueCursor, startPositions } from './queue-cursor';
import { type KindLead, mergePages, queueOrder } from './queue-order';

const lead = (minute: number, dueMinute = minute): Lead =>
  ({
    _id: new ObjectId().toHexString(),
    createdAt: new Date(minute * 60_000).toISOString(),
    dueAt: new Date(dueMinute * 60_000).toISOString(),
  }) as Lead;

const page = (kind: LeadKindKey, leads: Lead[]) => ({ kind, leads });
const minutes = (rows: KindLead[]) => rows.map((row) => Date.parse(row.lead.createdAt) / 60_000);

describe('mergePages', () => {
  it('takes the newest across kinds, a start of each page, and cuts at the limit', () => {
    const merged = mergePages(
      [page('contactUs', [lead(9), lead(5), lead(1)]), page('keDemo', [lead(8), lead(7), lead(2)])],
      4,
      queueOrder('newest', 'active'),
    );
    expect(minutes(merged)).toEqual([9, 8, 7, 5]);
    expect(merged.map((row) => row.kind)).toEqual(['contactUs', 'keDemo', 'keDemo', 'contactUs']);
  });

  it('orders oldest first, and due soonest by each lead’s due time', () => {
    const oldest = mergePages(
      [page('contactUs', [lead(1), lead(5)]), page('keDemo', [lead(2), lead(7)])],
      10,
      queueOrder('oldest', 'active'),
    );
    expect(minutes(oldest)).toEqual([1, 2, 5, 7]);
    const due = mergePages(
      [page('contactUs', [lead(1, 1441), lead(5, 1445)]), page('keDemo', [lead(2, 242)])],
      10,
      queueOrder('due', 'active'),
    );
    expect(due.map((row) => row.kind)).toEqual(['keDemo', 'contactUs', 'contactUs']);
  });

  it('never takes a lead of a page before an earlier one of the same page', () => {
    // Out of order within a page (a wait reopened): the merge still takes each page from its start.
    const merged = mergePages(
      [page('contactUs', [lead(1, 900), lead(2, 10)]), page('keDemo', [lead(3, 500)])],
      2,
      queueOrder('due', 'active'),
    );
    expect(minutes(merged)).toEqual([3, 1]);
  });
});

describe('the queue cursor', () => {
  it('keeps every kind’s position for its sort and list', () => {
    const at = startPositions();
    const values = [new Date(60_000), new ObjectId()];
    at.keDemo = { at: 'after', values };
    at.consultation = { at: 'end' };
    const back = decodeQueueCursor(encodeQueueCursor('oldest', 'active', at), 'oldest', 'active');
    expect(back).toEqual(at);
  });

  it('refuses a cursor of another sort or list, or made up', () => {
    const cursor = encodeQueueCursor('newest', 'active', startPositions());
    expect(() => decodeQueueCursor(cursor, 'oldest', 'active')).toThrow('cursor is invalid');
    expect(() => decodeQueueCursor(cursor, 'newest', 'archived')).toThrow('cursor is invalid');
    const madeUp = Buffer.from('{"s":"newest","l":"active","p":[0,0,0,[1]]}').toString('base64url');
    expect(() => decodeQueueCursor(madeUp, 'newest', 'active')).toThrow('cursor is invalid');
  });
});
