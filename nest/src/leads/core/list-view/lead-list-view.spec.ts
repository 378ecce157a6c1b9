import {
  type BusinessHours,
  LEAD_KINDS,
  type LeadKindKey,
  type LeadListState,
  LIST_PAGE,
} from '../../../contract';
import { compareInList, SORT_KEYS, type SortValue, sortValues } from '../lead-order';
import { addedOwners } from '../lead-parts.fixture';
import { dueOf, type LeadRecord } from '../lead-record';
import { leadRecord } from '../lead-record.fixture';
import { ownerKeyOf } from '../lead-scope';

import { factOf, type LeadFact, type StoredArrival } from './lead-arrivals';
import { type CachedPage } from './lead-list-cache';
import { type LeadListSource, type OwnedTime } from './lead-list-source';
import { LeadListView, type TotalsKeeper } from './lead-list-view';
import {
  type CountedTotals,
  countedIn,
  KEPT_TOTAL_KEYS,
  type KeptTotals as Totals,
  keptTotalsOf,
  ownerTotalsOf,
  totalsChange,
  type TotalsDelta,
  type TotalsSnapshot,
} from './lead-totals';
import { WINDOW_LEADS } from './newest-window';

const kind = LEAD_KINDS.consultation;

/** The stored leads, in memory, answering as the repository does; it counts its reads. */
class StoredLeads implements LeadListSource {
  reads = 0;
  /** The window each read was bounded by (null: the whole list), in order. */
  windows: (Date | null)[] = [];
  constructor(public leads: LeadRecord[]) {}

  async page(
    state: LeadListState,
    limit: number,
    { after, q, since }: { after?: SortValue[]; q?: string; since?: Date } = {},
  ): Promise<CachedPage> {
    this.reads++;
    this.windows.push(since ?? null);
    const first = SORT_KEYS[state][0];
    const list = this.leads
      .filter((r) => (r.archivedAt === null) === (state === 'active'))
      .filter((r) => !q || r.email.includes(q) || Boolean(r.words?.some((w) => w.startsWith(q))))
      .filter((r) => !since || (r[first] as Date) >= since)
      .sort((a, b) => compareInList(state, sortValues(state, a), sortValues(state, b)))
      .filter((r) => !after || compareInList(state, sortValues(state, r), after) > 0);
    return { records: list.slice(0, limit), hasMore: list.length > limit };
  }

  async recentNew(since: Date): Promise<OwnedTime[]> {
    this.reads++;
    return this.leads
      .filter((r) => r.archivedAt === null && (r.stage ?? 'new') === 'new' && r.createdAt >= since)
      .map((r) => ({ id: r._id.toHexString(), at: r.createdAt, owner: ownerKeyOf(r) }));
  }

  async waitingSince(): Promise<OwnedTime[]> {
    this.reads++;
    return this.leads.flatMap((r) =>
      r.archivedAt === null && (r.stage ?? 'new') !== 'new' && r.awaitingReplySince
        ? [{ id: r._id.toHexString(), at: r.awaitingReplySince, owner: ownerKeyOf(r) }]
        : [],
    );
  }

  async count(): Promise<CountedTotals> {
    return { ...keptTotalsOf(totalsChange([], this.leads)), owners: ownerTotalsOf(this.leads) };
  }

  /** Engine as the test says (FerretDB 1.x's name, or null for an indexed engine). */
  engine: string | null = 'FerretDB v1.24.2';

  /** Indexes serve reads on any engine but the one that reads whole collections. */
  async readsByIndex(): Promise<boolean> {
    return this.engine === null;
  }

  async arrivals(from?: Date, to?: Date): Promise<StoredArrival[]> {
    this.reads++;
    return this.leads
      .filter((r) => !from || !to || (r.createdAt >= from && r.createdAt < to))
      .map((r) => ({ _id: r._id, ...(factOf(r) as LeadFact) }));
  }
}

/** The totals document of the kind, in memory, as LeadTotalsStore keeps it. */
class KeptTotals implements TotalsKeeper {
  doc: TotalsSnapshot | null = null;
  writes: TotalsDelta[] = [];
  failNext = false;

  async read(): Promise<TotalsSnapshot | null> {
    return this.doc && { ...this.doc };
  }
  async add(_kind: LeadKindKey, delta: TotalsDelta): Promise<TotalsSnapshot | null> {
    await new Promise((resolve) => setImmediate(resolve));
    if (this.failNext) {
      this.failNext = false;
      throw new Error('write refused');
    }
    this.writes.push(delta);
    if (!this.doc) return null;
    const doc = { ...this.doc, version: this.doc.version + 1 };
    for (const key of KEPT_TOTAL_KEYS) doc[key] += delta[key] ?? 0;
    doc.owners = addedOwners(doc.owners, delta);
    this.doc = doc;
    return { ...this.doc };
  }
  async create(_kind: LeadKindKey, totals: CountedTotals): Promise<TotalsSnapshot> {
    this.doc ??= { ...totals, version: 0 };
    return { ...this.doc };
  }
  async correct(_kind: LeadKindKey, version: number, totals: CountedTotals): Promise<boolean> {
    if (this.doc?.version !== version) return false;
    this.doc = { ...totals, version: version + 1 };
    return true;
  }
}

function setUp(leads = [1, 2, 3].map((n) => leadRecord(n))) {
  const stored = new StoredLeads(leads);
  const kept = new KeptTotals();
  const uncertain = jest.fn();
  const view = new LeadListView(kind, stored, kept, uncertain);
  /** A change as a writer makes it: the leads first, then counted into the view. */
  const store = (lead: LeadRecord) => {
    stored.leads = [...stored.leads.filter((r) => !r._id.equals(lead._id)), lead];
    const before = leads.find((r) => r._id.equals(lead._id));
    return view.record(totalsChange(before ? [before] : [], [lead]), [{ upsert: lead }]);
  };
  return { stored, kept, uncertain, view, store };
}

const names = (page: { data: { name: string }[] }) => page.data.map((lead) => lead.name);

describe('LeadListView', () => {
  it('keeps the overdue figure: the kept new total less the arrivals within one target', async () => {
    // Leads 1..5 arrived minutes 1..5 after the fixture's start; lead 2 is no longer new.
    const leads = [1, 2, 3, 4, 5].map((n) => leadRecord(n));
    leads[1] = { ...leads[1]!, stage: 'contacted' };
    const stored = new StoredLeads(leads);
    let now = leadRecord(5).createdAt.getTime() + 60_000;
    const clock = async () => ({ targetMinutes: 3, now: new Date(now) });
    const view = new LeadListView(kind, stored, new KeptTotals(), jest.fn(), clock);
    const at = await view.totals();
    // Due 3 minutes after arrival: at minute 6, leads 1 (and 2, contacted) are past it.
    expect(await view.overdue(at)).toBe(1);
    const reads = stored.reads;
    now += 2 * 60_000;
    // Time passing needs no read: leads 3 and 4 are past their target now.
    expect(await view.overdue(at)).toBe(3);
    expect(stored.reads).toBe(reads);
    const moved = await view.record(
      totalsChange([leads[0]!], [{ ...leads[0]!, stage: 'won' }]),
      [],
    );
    stored.leads[0] = { ...leads[0]!, stage: 'won' };
    expect(await view.overdue(moved)).toBe(2);
    // The window came from the active list's cached head, which followed the change: no read.
    expect(stored.reads).toBe(reads);
  });

  it('moves both overdue windows on with the changes it counts in, as a fresh read has them', async () => {
    // 300 leads a minute apart: more than the head holds, so the windows are read, not the head.
    const leads = Array.from({ length: 300 }, (_, n) => leadRecord(n + 1));
    // One already waits on us (since minute 100: not overdue), so both windows are read at first.
    leads[100] = { ...leads[100]!, stage: 'contacted', awaitingReplySince: leads[99]!.createdAt };
    const stored = new StoredLeads(leads);
    const now = leadRecord(300).createdAt.getTime() + 30_000;
    const clock = async () => ({ targetMinutes: 250, now: new Date(now) });
    const kept = new KeptTotals();
    const view = new LeadListView(kind, stored, kept, jest.fn(), clock);
    expect(await view.overdue(await view.totals())).toBe(50);
    const reads = stored.reads;
    const change = async (before: LeadRecord[], after: LeadRecord[]) => {
      for (const lead of after)
        stored.leads = [...stored.leads.filter((r) => !r._id.equals(lead._id)), lead];
      return view.record(
        totalsChange(before, after),
        after.map((upsert) => ({ upsert })),
      );
    };
    // One of the window's leads answered and waiting again since long ago, one moved on, one new.
    const waited = {
      ...leads[200]!,
      stage: 'contacted' as const,
      awaitingReplySince: leads[0]!.createdAt,
    };
    const moved = { ...leads[250]!, stage: 'won' as const };
    const arrived = { ...leadRecord(301), createdAt: new Date(now - 1_000) };
    const at = await change([leads[200]!, leads[250]!], [waited, moved, arrived]);
    const overdue = await view.overdue(at);
    expect(stored.reads).toBe(reads);
    const fresh = new LeadListView(kind, stored, kept, jest.fn(), clock);
    expect(overdue).toBe(await fresh.overdue(await fresh.totals()));
    expect(overdue).toBe(51);
  });

  it('keeps the overdue figure in business hours, as each lead’s due time has it, and follows a new calendar', async () => {
    const weekday = [{ from: '09:00', to: '17:00' }];
    const berlin: BusinessHours = {
      timeZone: 'Europe/Berlin',
      weekly: { mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday },
      holidays: ['2025-06-16'],
    };
    // From Friday 15:00 in Berlin, a lead every 47 minutes for two days, each due in 2 hours.
    const friday = Date.parse('2025-06-13T15:00:00+02:00');
    const leads = Array.from({ length: 60 }, (_, n) => ({
      ...leadRecord(n + 1),
      createdAt: new Date(friday + n * 47 * 60_000),
    }));
    const stored = new StoredLeads(leads);
    let now = friday;
    let calendar: BusinessHours | null = null;
    const clock = async () => ({ targetMinutes: 120, calendar, now: new Date(now) });
    const view = new LeadListView(kind, stored, new KeptTotals(), jest.fn(), clock);
    const at = await view.totals();
    const counted = async () => (await view.overdue(at)) as number;
    const expected = async () => {
      const due = await clock();
      return leads.filter((lead) => dueOf(lead, due).overdue).length;
    };
    // Every hour counts first; then the calendar (Monday a holiday), then every hour again.
    for (const next of [null, berlin, null, { ...berlin, holidays: [] }]) {
      calendar = next;
      for (now = friday + 20 * 3_600_000; now < friday + 5 * 86_400_000; now += 97 * 60_000)
        expect({ now: new Date(now), overdue: await counted() }).toEqual({
          now: new Date(now),
          overdue: await expected(),
        });
    }
    // On Tuesday 10:00 (Monday a holiday) only Friday's leads before 16:00 have had their 2 hours.
    calendar = berlin;
    now = Date.parse('2025-06-17T10:00:00+02:00');
    expect(await counted()).toBe(
      leads.filter((l) => l.createdAt.getTime() < friday + 3_600_000).length,
    );
  });

  it('reads the overdue window from the database only when the head does not reach back to it', async () => {
    // 250 leads a minute apart, every one within a long target: more than the head holds.
    const leads = Array.from({ length: 250 }, (_, n) => leadRecord(n + 1));
    const stored = new StoredLeads(leads);
    const now = leadRecord(251).createdAt.getTime();
    const clock = async () => ({ targetMinutes: 1000, now: new Date(now) });
    const view = new LeadListView(kind, stored, new KeptTotals(), jest.fn(), clock);
    const at = await view.totals();
    const reads = stored.reads;
    expect(await view.overdue(at)).toBe(0);
    // The head read (201 leads), then the window's own read, as the head ends inside the window.
    expect(stored.reads).toBe(reads + 2);
    // A 100-minute target: the head reaches back past it, so the next version reads nothing more.
    const shortClock = new LeadListView(kind, stored, new KeptTotals(), jest.fn(), async () => ({
      targetMinutes: 100,
      now: new Date(now),
    }));
    const before = stored.reads;
    expect(await shortClock.overdue(await shortClock.totals())).toBe(150);
    expect(stored.reads).toBe(before + 1);
  });

  it('reads the range each time, on any engine (nothing of it is kept)', async () => {
    const { view, stored } = setUp();
    const range = [leadRecord(2).createdAt, leadRecord(3).createdAt] as const;
    expect(await view.arrivals(...range)).toEqual([
      expect.objectContaining({ createdAt: leadRecord(2).createdAt }),
    ]);
    await view.arrivals(...range);
    expect(stored.reads).toBe(2);
  });

  it('counts the lists once when the kind has no totals yet, then reads them kept', async () => {
    const { view, kept } = setUp();
    const totals = keptTotalsOf({ active: 3, archived: 0, unread: 3, new: 3 });
    // The fixture's leads have no owner: every lead is nobody's too.
    const counted = { ...totals, owners: { none: totals }, version: 0 };
    expect(await view.totals()).toEqual(counted);
    expect(kept.doc).toEqual(counted);
  });

  it('answers a list with its kept total, a first page from memory once read', async () => {
    const { view, stored } = setUp();
    const first = await view.list('active', { limit: 2 });
    expect(first).toMatchObject({ total: 3, nextCursor: expect.any(String) });
    expect(names(first)).toEqual(['Lead 3', 'Lead 2']);
    const reads = stored.reads;
    const again = await view.list('active', { limit: 2 });
    const next = await view.list('active', { limit: 2, cursor: again.nextCursor ?? '' });
    expect(names(next)).toEqual(['Lead 1']);
    expect(next.nextCursor).toBeNull();
    expect(stored.reads).toBe(reads);
  });

  it('counts concurrent changes in with one totals write per round; the heads follow', async () => {
    const { view, kept, stored, store } = setUp();
    await view.list('active');
    const reads = stored.reads;
    await Promise.all([4, 5, 6].map((n) => store(leadRecord(n))));
    expect(kept.writes).toEqual([
      // The owners' under dotted paths, as `$inc` takes them (nobody's: the leads have no owner).
      {
        active: 1,
        archived: 0,
        unread: 1,
        spam: 0,
        new: 1,
        'owners.none.active': 1,
        'owners.none.unread': 1,
        'owners.none.new': 1,
      },
      {
        active: 2,
        archived: 0,
        unread: 2,
        spam: 0,
        new: 2,
        'owners.none.active': 2,
        'owners.none.unread': 2,
        'owners.none.new': 2,
      },
    ]);
    const page = await view.list('active');
    expect(page.total).toBe(6);
    expect(names(page)).toEqual(['Lead 6', 'Lead 5', 'Lead 4', 'Lead 3', 'Lead 2', 'Lead 1']);
    expect(stored.reads).toBe(reads);
  });

  it('reads the database again after another process changed the totals’ version', async () => {
    const { view, kept, stored } = setUp();
    await view.list('active');
    stored.leads.push(leadRecord(9));
    kept.doc = {
      ...keptTotalsOf({ active: 4, archived: 0, unread: 4, new: 4 }),
      owners: { none: keptTotalsOf({ active: 4, archived: 0, unread: 4, new: 4 }) },
      version: (kept.doc?.version ?? 0) + 1,
    };
    const page = await view.list('active');
    expect(names(page)[0]).toBe('Lead 9');
    expect(page.total).toBe(4);
  });

  it('forgets its heads when a totals write fails, and the change’s caller hears of it', async () => {
    const { view, kept, store, stored } = setUp();
    await view.list('active');
    kept.failNext = true;
    await expect(store(leadRecord(7))).rejects.toThrow('write refused');
    const reads = stored.reads;
    expect(names(await view.list('active'))[0]).toBe('Lead 7');
    expect(stored.reads).toBeGreaterThan(reads);
  });

  it('answers a change with the search’s first pages and the whole lists’ totals', async () => {
    const leads = [1, 2, 11, 12].map((n) => leadRecord(n));
    leads.push(leadRecord(13, { archived: true }), leadRecord(3, { archived: true }));
    const { view } = setUp(leads);
    const answer = await view.answer(undefined, 'lead1');
    expect(answer).toMatchObject({
      unarchivedTotal: 4,
      archivedTotal: 2,
      unreadTotal: 4,
      spamTotal: 0,
      unarchivedNextCursor: null,
      archivedNextCursor: null,
    });
    expect(answer.unarchived.map((l) => l.name)).toEqual(['Lead 12', 'Lead 11', 'Lead 1']);
    expect(answer.archived.map((l) => l.name)).toEqual(['Lead 13']);
    const whole = await view.answer();
    expect(whole.unarchived.map((l) => l.name)).toEqual(['Lead 12', 'Lead 11', 'Lead 2', 'Lead 1']);
  });

  describe('a search, newest first, on an indexed engine', () => {
    // More leads than the window, a minute apart, with their search words: every third has
    // "common", one "rare", and only the two newest "fresh".
    const count = WINDOW_LEADS * 2 + 500;
    const leads = Array.from({ length: count }, (_, i) => {
      const lead = leadRecord(i + 1);
      if (i === 6) return { ...lead, words: ['rare'] };
      if (i >= count - 2) return { ...lead, words: ['fresh'] };
      return i % 3 === 0 ? { ...lead, words: ['common'] } : { ...lead, words: ['lead'] };
    });
    const truth = (q: string) =>
      leads
        .filter((r) => r.words.some((w) => w.startsWith(q)))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .map((r) => r.name);

    async function indexed() {
      const { view, stored } = setUp(leads);
      stored.engine = null;
      await view.list('active'); // the inbox's first page: its head teaches the list's pace
      stored.windows = [];
      return { view, stored };
    }

    it('reads only the newest window when it fills the page', async () => {
      const { view, stored } = await indexed();
      const page = await view.list('active', { q: 'common' });
      expect(names(page)).toEqual(truth('common').slice(0, LIST_PAGE.defaultLimit));
      expect(page.nextCursor).toEqual(expect.any(String));
      // One read, bounded WINDOW_LEADS minutes back from the newest lead.
      const newest = leads[leads.length - 1]!.createdAt.getTime();
      expect(stored.windows).toEqual([new Date(newest - WINDOW_LEADS * 60_000)]);
    });

    it('reads the whole list at once for a narrowing too rare in the head to fill a window', async () => {
      const { view, stored } = await indexed();
      const page = await view.list('active', { q: 'rare' });
      expect(names(page)).toEqual(['Lead 7']);
      expect(page.nextCursor).toBeNull();
      expect(stored.windows).toEqual([null]);
    });

    it('reads the whole list after a window that held less than a page, with the same answer', async () => {
      const { view, stored } = await indexed();
      // Two of the head's 201 leads: ~20 expected in the window, more than a page of 10 needs.
      const page = await view.list('active', { q: 'fresh', limit: 10 });
      expect(names(page)).toEqual(truth('fresh'));
      expect(stored.windows).toEqual([expect.any(Date), null]);
    });

    it('pages through every match exactly once, in order, windows following the cursor', async () => {
      const { view, stored } = await indexed();
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await view.list('active', { q: 'common', limit: 100, cursor });
        seen.push(...names(page));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(truth('common'));
      // Most pages came from a window; the last ones (fewer matches left) from the whole list.
      expect(stored.windows.filter((w) => w !== null).length).toBeGreaterThan(10);
      expect(stored.windows[stored.windows.length - 1]).toBeNull();
    });

    it('reads deep pages and a head the cache lost through the window too', async () => {
      const { view, stored } = await indexed();
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await view.list('active', { limit: 200, cursor });
        seen.push(...names(page));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(truth(''));
      expect(stored.windows.slice(0, 10)).toEqual(Array(10).fill(expect.any(Date)));
      // Another process wrote: the head is read again, from the newest window.
      view.distrust();
      stored.windows = [];
      expect(names(await view.list('active', { limit: 2 }))).toEqual(truth('').slice(0, 2));
      expect(stored.windows).toEqual([expect.any(Date)]);
    });

    it('reads no window on a whole-collection engine, before a head was read, or oldest first', async () => {
      const embedded = setUp(leads);
      await embedded.view.list('active');
      embedded.stored.windows = [];
      await embedded.view.list('active', { q: 'common' });
      expect(embedded.stored.windows).toEqual([null]);

      const cold = setUp(leads);
      cold.stored.engine = null;
      await cold.view.list('active', { q: 'common' });
      expect(cold.stored.windows).toEqual([null]);

      const { view, stored } = await indexed();
      await view.list('active', { q: 'common', view: 'needs-reply' });
      expect(stored.windows).toEqual([null]);
    });
  });

  it('checks the kept totals against a count: exact, or what differs at which version', async () => {
    const { view, stored } = setUp();
    const before = keptTotalsOf({ active: 3, archived: 0, unread: 3, new: 3 });
    const after = keptTotalsOf({ active: 3, archived: 1, unread: 3, new: 3 });
    expect(await view.check()).toEqual({ outcome: 'exact' });
    stored.leads.push(leadRecord(8, { archived: true }));
    expect(await view.check()).toEqual({
      outcome: 'differs',
      version: 0,
      stored: { ...before, owners: { none: before } },
      counted: { ...after, owners: { none: after } },
    });
  });

  it('reports a check busy when a change was counted in while it counted', async () => {
    const { view, stored, store } = setUp();
    await view.totals();
    const count = stored.count.bind(stored);
    stored.count = async () => {
      const counted = await count();
      await store(leadRecord(4));
      return counted;
    };
    expect(await view.check()).toEqual({ outcome: 'busy' });
  });

  it('corrects the totals only at the version checked, and then reads the lists again', async () => {
    const { view, kept, stored } = setUp();
    await view.list('active');
    const totals = keptTotalsOf({ active: 3, archived: 1, unread: 3, new: 3 });
    const counted = { ...totals, owners: { none: totals } };
    expect(await view.correct(5, counted)).toBe(false);
    expect(await view.correct(0, counted)).toBe(true);
    expect(kept.doc).toEqual({ ...counted, version: 1 });
    const reads = stored.reads;
    await view.list('active');
    expect(stored.reads).toBeGreaterThan(reads);
  });

  it('when distrusted, forgets its heads and asks for a check', async () => {
    const { view, stored, uncertain } = setUp();
    await view.list('active');
    view.distrust();
    expect(uncertain).toHaveBeenCalledTimes(1);
    const reads = stored.reads;
    await view.list('active');
    expect(stored.reads).toBeGreaterThan(reads);
  });

  it('counts a lead in the totals its state says', () => {
    // Each stage's total is the active list's leads in it; a lead stored before stages is new.
    const totals = (counts: Partial<Totals>) => keptTotalsOf(counts);
    expect(countedIn(leadRecord(1))).toEqual(totals({ active: 1, unread: 1, new: 1 }));
    expect(countedIn(leadRecord(1, { read: true }))).toEqual(totals({ active: 1, new: 1 }));
    expect(countedIn(leadRecord(1, { archived: true }))).toEqual(totals({ archived: 1 }));
    expect(countedIn({ ...leadRecord(1), stage: 'won' })).toEqual(
      totals({ active: 1, unread: 1, won: 1 }),
    );
  });
});
