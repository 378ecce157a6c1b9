import { sortValues } from '../lead-order';
import { leadRecord } from '../lead-record.fixture';

import { HEAD_SIZE, LeadListCache } from './lead-list-cache';

/** Leads `from` down to `to` (newest first: list order of the inbox). */
const newestFirst = (from: number, to: number, archived = false) =>
  Array.from({ length: from - to + 1 }, (_, i) => leadRecord(from - i, { archived }));
const ids = (page: { records: { name: string }[] } | undefined) =>
  page?.records.map((r) => r.name.replace('Lead ', ''));

describe('LeadListCache', () => {
  it('serves nothing until filled, and nothing of another version', () => {
    const cache = new LeadListCache();
    expect(cache.page('active', 1, 10)).toBeUndefined();
    cache.fill('active', 1, newestFirst(9, 0), true);
    expect(cache.page('active', 2, 10)).toBeUndefined();
    expect(cache.page('archived', 1, 10)).toBeUndefined();
  });

  it('serves pages of a complete head, and pages on after a cursor', () => {
    const cache = new LeadListCache();
    cache.fill('active', 1, newestFirst(9, 0), true);
    expect(cache.page('active', 1, 4)).toEqual({ records: newestFirst(9, 6), hasMore: true });
    const after = sortValues('active', leadRecord(6));
    expect(cache.page('active', 1, 4, after)).toEqual({
      records: newestFirst(5, 2),
      hasMore: true,
    });
    expect(cache.page('active', 1, 4, sortValues('active', leadRecord(2)))).toEqual({
      records: newestFirst(1, 0),
      hasMore: false,
    });
  });

  it('knows only pages that end inside an incomplete head (more leads follow it)', () => {
    const cache = new LeadListCache();
    cache.fill('active', 1, newestFirst(9, 0), false);
    expect(cache.page('active', 1, 10)).toEqual({ records: newestFirst(9, 0), hasMore: true });
    expect(cache.page('active', 1, 11)).toBeUndefined();
  });

  it('keeps the newer of two fills', () => {
    const cache = new LeadListCache();
    cache.fill('active', 3, newestFirst(9, 0), true);
    cache.fill('active', 2, newestFirst(4, 0), true);
    expect(ids(cache.page('active', 3, 20))).toHaveLength(10);
  });

  it('applies this process’s changes in list order and moves to the new version', () => {
    const cache = new LeadListCache();
    cache.fill('active', 1, [leadRecord(9), leadRecord(5), leadRecord(1)], true);
    cache.fill('archived', 1, [leadRecord(4, { archived: true })], true);
    cache.apply(1, 2, [
      { upsert: leadRecord(7) },
      { remove: leadRecord(1)._id.toHexString() },
      { upsert: leadRecord(5, { archived: true }) },
    ]);
    expect(cache.page('active', 1, 10)).toBeUndefined();
    expect(ids(cache.page('active', 2, 10))).toEqual(['9', '7']);
    // Archived most recently first: lead 5 was archived after lead 4.
    expect(ids(cache.page('archived', 2, 10))).toEqual(['5', '4']);
  });

  it('leaves out a lead whose place is past the end of an incomplete head', () => {
    const cache = new LeadListCache();
    cache.fill(
      'active',
      1,
      [9, 7, 6, 5].map((n) => leadRecord(n)),
      false,
    );
    cache.apply(1, 2, [{ upsert: leadRecord(2) }, { upsert: leadRecord(8) }]);
    expect(cache.page('active', 2, 5)).toEqual({ records: newestFirst(9, 5), hasMore: true });
    expect(cache.page('active', 2, 6)).toBeUndefined();
  });

  it('drops a head of another version than the change came from: someone else wrote', () => {
    const cache = new LeadListCache();
    cache.fill('active', 1, newestFirst(3, 0), true);
    cache.apply(2, 3, [{ upsert: leadRecord(9) }]);
    expect(cache.page('active', 1, 10)).toBeUndefined();
    expect(cache.page('active', 3, 10)).toBeUndefined();
  });

  it('holds at most HEAD_SIZE leads; one pushed out makes the head incomplete', () => {
    const cache = new LeadListCache();
    cache.fill('active', 1, newestFirst(HEAD_SIZE - 1, 0), true);
    cache.apply(1, 2, [{ upsert: leadRecord(HEAD_SIZE) }]);
    const page = cache.page('active', 2, HEAD_SIZE);
    expect(page?.records).toHaveLength(HEAD_SIZE);
    expect(page?.hasMore).toBe(true);
    expect(cache.page('active', 2, HEAD_SIZE + 1)).toBeUndefined();
  });

  it('catches a head read from the database up with the changes counted in while it was read', () => {
    const cache = new LeadListCache();
    cache.begin('active', 1);
    // Intake goes on during the read: two changes, versions 2 and 3.
    cache.apply(1, 2, [{ upsert: leadRecord(8) }]);
    cache.apply(2, 3, [{ upsert: leadRecord(9) }, { upsert: leadRecord(5, { archived: true }) }]);
    // The read saw the first change already (it was stored before the query ran), not the second.
    expect(
      cache.fill(
        'active',
        1,
        [8, 7, 6, 5, 4].map((n) => leadRecord(n)),
        false,
      ),
    ).toBe(3);
    expect(cache.page('active', 1, 3)).toBeUndefined();
    expect(ids(cache.page('active', 3, 4))).toEqual(['9', '8', '7', '6']);
    // A later change moves it on as any head.
    cache.apply(3, 4, [{ remove: leadRecord(9)._id.toHexString() }]);
    expect(ids(cache.page('active', 4, 3))).toEqual(['8', '7', '6']);
  });

  it('says which read under way has caught up to a version', () => {
    const cache = new LeadListCache();
    cache.begin('active', 4);
    cache.apply(4, 5, [{ upsert: leadRecord(9) }]);
    expect([3, 4, 5, 6].map((v) => cache.readingUpTo('active', v))).toEqual([
      undefined,
      4,
      4,
      undefined,
    ]);
    expect(cache.readingUpTo('archived', 5)).toBeUndefined();
  });

  it('keeps a read as it was when someone else changed the lists during it, or the read failed', () => {
    const cache = new LeadListCache();
    cache.begin('active', 1);
    cache.apply(2, 3, [{ upsert: leadRecord(9) }]);
    expect(cache.fill('active', 1, newestFirst(3, 0), true)).toBe(1);
    expect(ids(cache.page('active', 1, 10))).toEqual(['3', '2', '1', '0']);

    cache.begin('archived', 1);
    cache.abandon('archived', 1);
    cache.apply(1, 2, [{ upsert: leadRecord(4, { archived: true }) }]);
    expect(cache.fill('archived', 1, [], true)).toBe(1);
    expect(cache.page('archived', 2, 10)).toBeUndefined();
  });

  it('keeps a head read after a change was stored when that change is counted in late', () => {
    const cache = new LeadListCache();
    cache.fill('active', 2, newestFirst(3, 0), true);
    cache.apply(1, 2, [{ upsert: leadRecord(3) }]);
    expect(ids(cache.page('active', 2, 10))).toEqual(['3', '2', '1', '0']);
  });

  it('forgets everything on clear', () => {
    const cache = new LeadListCache();
    cache.fill('active', 1, newestFirst(3, 0), true);
    cache.clear();
    expect(cache.page('active', 1, 10)).toBeUndefined();
  });
});
