import { type ViewQuery } from '../../contract';
import { UNASSIGNED_KEY } from '../core/lead-scope';
import { keptTotalsOf } from '../core/list-view/lead-totals';

import { countedOwners, keptCount } from './view-counts';
import { inOrder } from './view-query';

const ME = 'a'.repeat(24);
const OTHER = 'b'.repeat(24);

describe('countedOwners', () => {
  it('counts the kind’s own totals for an admin who sees all, and one owner when asked', () => {
    expect(countedOwners({ see: 'all' }, undefined, ME)).toBeUndefined();
    expect(countedOwners({ see: 'all' }, 'anyone', ME)).toBeUndefined();
    expect(countedOwners({ see: 'all' }, 'me', ME)).toEqual([ME]);
    expect(countedOwners({ see: 'all' }, 'nobody', ME)).toEqual([UNASSIGNED_KEY]);
    expect(countedOwners({ see: 'all' }, OTHER.toUpperCase(), ME)).toEqual([OTHER]);
  });

  it('keeps a scoped admin within the owners they see', () => {
    const scope = { see: 'owned', owners: [ME, UNASSIGNED_KEY] } as const;
    expect(countedOwners(scope, undefined, ME)).toEqual([ME, UNASSIGNED_KEY]);
    expect(countedOwners(scope, 'nobody', ME)).toEqual([UNASSIGNED_KEY]);
    expect(countedOwners(scope, OTHER, ME)).toEqual([]);
    expect(countedOwners({ see: 'none' }, undefined, ME)).toEqual([]);
    expect(countedOwners({ see: 'none' }, 'me', ME)).toEqual([]);
  });
});

describe('keptCount', () => {
  const totals = keptTotalsOf({
    active: 20,
    archived: 5,
    spam: 2,
    new: 8,
    contacted: 6,
    qualified: 3,
    won: 2,
    lost: 1,
    waiting: 4,
    snoozed: 3,
  });
  const overdue = jest.fn(() => Promise.resolve(7));
  const count = (query: ViewQuery) => keptCount(query, totals, overdue);

  it('answers lists, stages, needs reply and overdue from the kept totals', async () => {
    expect(count({})).toBe(20);
    expect(count({ archived: true })).toBe(5);
    expect(count({ spam: true })).toBe(2);
    expect(count({ stage: ['won', 'lost', 'won'] })).toBe(3);
    expect(count({ needsReply: true })).toBe(9);
    expect(count({ sort: 'due' })).toBe(9);
    await expect(count({ overdue: true })).resolves.toBe(7);
  });

  it('answers null where the kept totals cannot say, and asks no overdue count for it', () => {
    overdue.mockClear();
    expect(count({ q: 'anything' })).toBeNull();
    expect(count({ stage: ['new'], needsReply: true })).toBeNull();
    expect(count({ stage: ['new'], overdue: true })).toBeNull();
    expect(count({ archived: true, stage: ['won'] })).toBeNull();
    expect(count({ overdue: true, needsReply: true })).toBeNull();
    expect(count({ overdue: true, sort: 'due' })).toBeNull();
    expect(overdue).not.toHaveBeenCalled();
  });
});

describe('inOrder', () => {
  const views = ['a', 'b', 'c', 'd'].map((id) => ({ id }));
  it('puts the named first, in their order, the others after in theirs', () => {
    expect(inOrder(views, ['c', 'a']).map((v) => v.id)).toEqual(['c', 'a', 'b', 'd']);
    expect(inOrder(views, ['gone', 'd']).map((v) => v.id)).toEqual(['d', 'a', 'b', 'c']);
    expect(inOrder(views, []).map((v) => v.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
