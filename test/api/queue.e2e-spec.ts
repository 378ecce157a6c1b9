import {
  ADMINS_PATH,
  LEAD_KIND_KEYS,
  LEAD_KINDS,
  type LeadKindKey,
  leadPaths,
  QUEUE_PATH,
  type QueueRow,
} from '../../nest/src/contract';
import { as } from '../support/account';
import { leadDocs } from '../support/lead-docs';
import {
  createAdmin,
  createTestApp,
  insertLeadDocs,
  loginToken,
  type TestApp,
} from '../support/test-app';

const PASSWORD = 'a long and good password';
const PER_KIND = 6;
const HOUR = 3_600_000;

interface Page {
  data: QueueRow[];
  nextCursor: string | null;
}

/**
 * The queue (issue 32): one list across the kinds an admin may see, merged from each kind's own
 * list, keyset-paged with every kind's position in the cursor.
 */
describe('GET /leads: the queue', () => {
  let t: TestApp;
  let owner: string;
  let ownerId: string;
  /** Every stored lead as the queue names it: kind, id, arrival. */
  const stored: { kind: LeadKindKey; id: string; createdAt: number }[] = [];
  /** Leads that arrived three days ago: past every kind's response target. */
  const stale = new Set<string>();

  const get = (query: string, token = owner) => as(t, token).get(`${QUEUE_PATH}${query}`);
  const key = (row: { kind: string; id: string }) => `${row.kind}:${row.id}`;

  /** Every page of a query, `limit` at a time, and what to do between pages. */
  async function pages(query: string, between?: (page: number) => Promise<void>) {
    const rows: QueueRow[] = [];
    let cursor: string | null = null;
    let n = 0;
    do {
      const sep = query.includes('?') ? '&' : '?';
      const path: string = cursor ? `${query}${sep}cursor=${cursor}` : query;
      const body = (await get(path).expect(200)).body as Page;
      rows.push(...body.data);
      cursor = body.nextCursor;
      await between?.(++n);
      if (n > 100) throw new Error('the queue never ended');
    } while (cursor);
    return rows;
  }

  async function store(kind: LeadKindKey, docs: ReturnType<typeof leadDocs>) {
    const ids = await insertLeadDocs(t, LEAD_KINDS[kind], docs);
    ids.forEach((id, i) =>
      stored.push({ kind, id, createdAt: (docs[i]?.createdAt as Date).getTime() }),
    );
    return ids;
  }

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_DELAY_MAX_MS: '0' });
    await createAdmin(t, 'owner@example.com', PASSWORD);
    owner = await loginToken(t, 'owner@example.com', PASSWORD);
    ownerId = String(
      (await t.connection.collection('admins').findOne({ email: 'owner@example.com' }))?._id,
    );
    // Interleaved across kinds, one second apart: each kind's j-th lead at (4j + kind) seconds.
    const base = Date.now() - 2 * HOUR;
    for (const [i, kind] of LEAD_KIND_KEYS.entries()) {
      const docs = leadDocs(LEAD_KINDS[kind], PER_KIND, {
        tag: `fresh${kind}`,
        start: base + i * 1000,
        stepMs: 4000,
      });
      await store(kind, docs);
      const old = leadDocs(LEAD_KINDS[kind], 2, {
        tag: `stale${kind}`,
        start: Date.now() - 72 * HOUR + i * 1000,
      });
      for (const id of await store(kind, old)) stale.add(`${kind}:${id}`);
    }
  });
  afterAll(() => t.close());

  const newestFirst = () =>
    [...stored].sort(
      (a, b) =>
        b.createdAt - a.createdAt ||
        LEAD_KIND_KEYS.indexOf(a.kind) - LEAD_KIND_KEYS.indexOf(b.kind),
    );

  it('lists every kind in one list, newest first, paged to the end with nothing twice', async () => {
    const rows = await pages('?limit=5');
    expect(rows.map(key)).toEqual(newestFirst().map(key));
    const first = rows[0] as QueueRow;
    expect(first).toEqual({
      kind: 'consultation',
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: `freshconsultation Lead ${PER_KIND - 1}`,
      stage: 'new',
      owner: null,
      firstLine: `location of freshconsultation ${PER_KIND - 1}`,
      createdAt: expect.any(String),
      dueAt: expect.any(String),
      overdue: false,
    });
    expect(
      rows
        .filter((row) => row.overdue)
        .map(key)
        .sort(),
    ).toEqual([...stale].sort());
  });

  it('sorts oldest first', async () => {
    const rows = await pages('?sort=oldest&limit=7');
    expect(rows.map(key)).toEqual(
      [...stored]
        .sort(
          (a, b) =>
            a.createdAt - b.createdAt ||
            LEAD_KIND_KEYS.indexOf(a.kind) - LEAD_KIND_KEYS.indexOf(b.kind),
        )
        .map(key),
    );
  });

  it('sorts due soonest first, across kinds with different response targets', async () => {
    const rows = await pages('?sort=due&limit=3');
    expect(new Set(rows.map(key))).toEqual(new Set(stored.map(key)));
    expect(rows).toHaveLength(stored.length);
    const due = rows.map((row) => Date.parse(row.dueAt));
    expect(due).toEqual([...due].sort((a, b) => a - b));
    // A 4-hour target (keDemo) puts its fresh leads before contact-us's (24 hours) of the same age.
    const firstFresh = rows.findIndex((row) => !stale.has(key(row)));
    expect(['keDemo', 'brokerDemo']).toContain(rows[firstFresh]?.kind);
  });

  it('pages to the end with no duplicates or gaps while leads arrive', async () => {
    const before = newestFirst().map(key);
    const arrived: string[] = [];
    const rows = await pages('?limit=4', async (page) => {
      if (page > 3) return;
      // New leads of two kinds between pages: newer than everything, so never in later pages.
      for (const kind of ['contactUs', 'brokerDemo'] as const) {
        const ids = await store(kind, leadDocs(LEAD_KINDS[kind], 1, { tag: `late${page}` }));
        arrived.push(...ids.map((id) => `${kind}:${id}`));
      }
    });
    expect(rows.map(key)).toEqual(before);
    expect(arrived).toHaveLength(6);
    const now = await pages('?limit=50');
    expect(now.slice(0, 6).map(key).sort()).toEqual([...arrived].sort());
  });

  it('filters by kind, one or several', async () => {
    const keDemo = await pages('?kind=keDemo&limit=3');
    expect(keDemo.length).toBe(stored.filter((lead) => lead.kind === 'keDemo').length);
    expect(new Set(keDemo.map((row) => row.kind))).toEqual(new Set(['keDemo']));
    const two = await pages('?kind=keDemo,consultation&limit=5');
    const repeated = await pages('?kind=keDemo&kind=consultation&limit=5');
    expect(repeated.map(key)).toEqual(two.map(key));
    expect(two.map(key)).toEqual(
      newestFirst()
        .filter((lead) => lead.kind === 'keDemo' || lead.kind === 'consultation')
        .map(key),
    );
  });

  it('filters by stage, owner, needs reply and overdue', async () => {
    const kind = LEAD_KINDS.brokerDemo;
    const leads = stored.filter((lead) => lead.kind === 'brokerDemo').map((lead) => lead.id);
    const [won, mine, mineStale] = [leads[0] as string, leads[1] as string, leads[6] as string];
    await as(t, owner)
      .post(leadPaths(kind).stage, { ids: [won], stage: 'won' })
      .expect(200);
    await as(t, owner)
      .post(leadPaths(kind).assign, { ids: [mine, mineStale], adminId: ownerId })
      .expect(200);
    const ids = (rows: QueueRow[]) => rows.map((row) => row.id).sort();

    expect(ids(await pages('?stage=won'))).toEqual([won]);
    expect(ids(await pages('?stage=won,qualified&limit=1'))).toEqual([won]);
    const me = await pages('?owner=me');
    expect(ids(me)).toEqual([mine, mineStale].sort());
    expect(me[0]?.owner).toEqual({ id: ownerId, email: 'owner@example.com' });
    expect(ids(await pages(`?owner=${ownerId}`))).toEqual([mine, mineStale].sort());
    expect(await pages('?owner=nobody')).toHaveLength(stored.length - 2);
    expect(await pages('?owner=anyone')).toHaveLength(stored.length);
    const needsReply = await pages('?needsReply=true&limit=9');
    expect(needsReply.map(key)).toEqual(
      newestFirst()
        .map(key)
        .filter((k) => k !== `brokerDemo:${won}`),
    );
    const overdue = await pages('?overdue=true&limit=3');
    expect(overdue.map(key).sort()).toEqual([...stale].sort());
    expect(overdue.every((row) => row.overdue)).toBe(true);
    const mineOverdue = await pages('?overdue=true&owner=me&sort=due');
    expect(ids(mineOverdue)).toEqual([mineStale]);
    expect(await pages('?needsReply=false')).toHaveLength(stored.length);
  });

  it('searches words across kinds', async () => {
    const rows = await pages('?q=freshkedemo');
    expect(rows).toHaveLength(PER_KIND);
    expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(['keDemo']));
    expect(await pages('?q=stale&limit=2')).toHaveLength(stale.size);
    expect(await pages('?q=nothingcalledthis')).toEqual([]);
  });

  it('lists the archived and the spam lists', async () => {
    const archived = await store(
      'consultation',
      leadDocs(LEAD_KINDS.consultation, 2, { tag: 'gone', archived: true }),
    );
    const spam = await store(
      'contactUs',
      leadDocs(LEAD_KINDS.contactUs, 1, { tag: 'junk', spam: ['links'] }),
    );
    expect((await pages('?archived=true')).map((row) => row.id)).toEqual([...archived].reverse());
    expect((await pages('?spam=true')).map((row) => row.id)).toEqual(spam);
    expect((await pages('?archived=true&sort=oldest')).map((row) => row.id)).toEqual(archived);
    const active = await pages('?archived=false&spam=false&limit=200');
    expect(active.map((row) => row.id)).not.toEqual(expect.arrayContaining([...archived, ...spam]));
  });

  it('shows an agent with `assigned` on one kind only their leads of that kind', async () => {
    await as(t, owner)
      .post(ADMINS_PATH, {
        email: 'agent@example.com',
        password: 'an initial password',
        role: 'agent',
      })
      .expect(201);
    await createAdmin(t, 'agent@example.com', PASSWORD);
    const agentId = String(
      (await t.connection.collection('admins').findOne({ email: 'agent@example.com' }))?._id,
    );
    const agent = await loginToken(t, 'agent@example.com', PASSWORD);
    // An agent starts with no access: nothing at all.
    expect((await get('', agent).expect(200)).body).toEqual({
      success: true,
      data: [],
      nextCursor: null,
    });
    await as(t, owner)
      .patch(`${ADMINS_PATH}/${agentId}`, { access: { kinds: { keDemo: 'assigned' } } })
      .expect(200);
    const theirs = stored.filter((lead) => lead.kind === 'keDemo').slice(2, 4);
    await as(t, owner)
      .post(leadPaths(LEAD_KINDS.keDemo).assign, {
        ids: theirs.map((lead) => lead.id),
        adminId: agentId,
      })
      .expect(200);
    const rows = (await get('?limit=200', agent).expect(200)).body as Page;
    expect(rows.data.map(key).sort()).toEqual(theirs.map(key).sort());
    expect(rows.nextCursor).toBeNull();
    // Asking for a kind they may not see answers nothing of it, as its own list does.
    expect((await get('?kind=contactUs', agent).expect(200)).body.data).toEqual([]);
  });

  it.each([
    ['kind=fish', 'kind'],
    ['kind=keDemo,fish', 'kind'],
    ['stage=maybe', 'stage'],
    ['owner=someone', 'owner'],
    ['owner=6650b2f1c2a4e3b1f0a1b2c', 'owner'],
    ['needsReply=yes', 'needsReply'],
    ['overdue=1', 'overdue'],
    ['archived=', 'archived'],
    ['sort=random', 'sort'],
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=ten', 'limit'],
    ['cursor=not*base64', 'cursor'],
    ['cursor=bm90IGpzb24', 'cursor'],
    [
      `cursor=${Buffer.from('{"s":"newest","l":"active","p":[0,0]}').toString('base64url')}`,
      'cursor',
    ],
    [
      `cursor=${Buffer.from('{"s":"newest","l":"active","p":[0,0,0,["x","y"]]}').toString('base64url')}`,
      'cursor',
    ],
    ['archived=true&spam=true', 'spam'],
    ['archived=true&sort=due', 'sort'],
    ['spam=true&needsReply=true', 'needsReply'],
    ['spam=true&overdue=true', 'overdue'],
    ['colour=blue', 'colour'],
  ])('refuses ?%s with a 400 naming %s', async (query, field) => {
    const res = await get(`?${query}`).expect(400);
    expect(res.body.success).toBe(false);
    const named = JSON.stringify(res.body.errors ?? res.body.message);
    expect(named).toContain(field);
  });

  it('refuses a cursor made for another sort or list, or tampered with', async () => {
    const first = (await get('?limit=2').expect(200)).body as Page;
    const cursor = first.nextCursor as string;
    await get(`?limit=2&cursor=${cursor}`).expect(200);
    const other = await get(`?limit=2&sort=oldest&cursor=${cursor}`).expect(400);
    expect(other.body.errors.cursor[0]).toMatch(/another sort or list/);
    await get(`?limit=2&archived=true&cursor=${cursor}`).expect(400);
    const plain = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { p: unknown[] };
    plain.p[0] = ['1', 'zz'];
    const tampered = Buffer.from(JSON.stringify(plain)).toString('base64url');
    const res = await get(`?limit=2&cursor=${tampered}`).expect(400);
    expect(res.body.errors).toEqual({ cursor: [expect.any(String)] });
  });
});
