import { Types } from 'mongoose';

import { type LeadRecord } from '../lead-record';
import { leadRecord } from '../lead-record.fixture';

import { ListPace, narrowedMatch, WINDOW_LEADS } from './newest-window';

/** Leads n..1, newest first, a minute apart (the fixture's arrival times). */
const head = (n: number) => Array.from({ length: n }, (_, i) => leadRecord(n - i));

describe('ListPace', () => {
  it('reaches back WINDOW_LEADS leads at the pace of the head, from its newest lead', () => {
    const pace = new ListPace();
    pace.learn('active', head(101), false);
    const newest = leadRecord(101).createdAt.getTime();
    expect(pace.windowStart('active')).toEqual(new Date(newest - WINDOW_LEADS * 60_000));
  });

  it('starts from a cursor’s position when there is one', () => {
    const pace = new ListPace();
    pace.learn('active', head(50), false);
    const at = leadRecord(20).createdAt;
    expect(pace.windowStart('active', [at, leadRecord(20)._id])).toEqual(
      new Date(at.getTime() - WINDOW_LEADS * 60_000),
    );
  });

  it('knows no pace for a whole list, a head of one time, a single lead, or another list', () => {
    const pace = new ListPace();
    pace.learn('active', head(10), true);
    expect(pace.windowStart('active')).toBeUndefined();
    const same = head(5).map((r) => ({ ...r, createdAt: leadRecord(1).createdAt }));
    pace.learn('active', same, false);
    expect(pace.windowStart('active')).toBeUndefined();
    pace.learn('active', head(1), false);
    expect(pace.windowStart('active')).toBeUndefined();
    pace.learn('active', head(10), false);
    expect(pace.windowStart('archived')).toBeUndefined();
  });

  it('reads the archive’s pace from when leads were archived, its first sort key', () => {
    const pace = new ListPace();
    const archived = [3, 2, 1].map((n) => leadRecord(n, { archived: true }));
    pace.learn('archived', archived, false);
    const newest = (archived[0]?.archivedAt as Date).getTime();
    expect(pace.windowStart('archived')).toEqual(new Date(newest - WINDOW_LEADS * 60_000));
  });
});

describe('narrowedMatch', () => {
  const owner = new Types.ObjectId();
  const lead = {
    ...leadRecord(1),
    words: ['valerie', 'durand', 'gmail', 'com'],
    stage: 'contacted' as const,
    assigneeId: owner,
  };

  it('matches as the query does: every word typed starts a word of the lead', () => {
    expect(narrowedMatch({ q: 'VAL gmail' })?.(lead)).toBe(true);
    expect(narrowedMatch({ q: 'Valérie' })?.(lead)).toBe(true);
    expect(narrowedMatch({ q: 'alua' })?.(lead)).toBe(false);
    expect(narrowedMatch({ q: 'val yahoo' })?.(lead)).toBe(false);
  });

  it('matches stages and owners, a missing stage being new and a missing owner nobody', () => {
    expect(narrowedMatch({ stages: ['contacted', 'won'] })?.(lead)).toBe(true);
    expect(narrowedMatch({ stages: ['new'] })?.(leadRecord(2))).toBe(true);
    expect(narrowedMatch({ assignee: owner })?.(lead)).toBe(true);
    expect(narrowedMatch({ assignee: new Types.ObjectId() })?.(lead)).toBe(false);
    expect(narrowedMatch({ assignee: null })?.(leadRecord(2))).toBe(true);
    expect(narrowedMatch({ assignee: null })?.(lead)).toBe(false);
  });

  it('is no narrowing at all without a search, stages or owner', () => {
    expect(narrowedMatch({})).toBeUndefined();
    expect(narrowedMatch({ stages: [] })).toBeUndefined();
  });
});

describe('ListPace with a narrowing', () => {
  it('gives no window when the head says the window would hold less than is needed', () => {
    const pace = new ListPace();
    const records = head(100).map((r, i) => ({ ...r, words: i < 3 ? ['rare'] : ['lead'] }));
    pace.learn('active', records, false);
    const matches = narrowedMatch({ q: 'rare' }) as (r: LeadRecord) => boolean;
    // 3 of 100 in the head: about 60 in the window.
    expect(pace.windowStart('active', undefined, { matches, needed: 51 })).toBeInstanceOf(Date);
    expect(pace.windowStart('active', undefined, { matches, needed: 61 })).toBeUndefined();
  });
});
