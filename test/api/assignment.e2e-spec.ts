import { setTimeout as sleep } from 'node:timers/promises';

import { AdminService } from '../../nest/src/auth/admin.service';
import {
  ASSIGNMENT_PATH,
  AUDIT_PATH,
  AVAILABILITY_PATH,
  type KindAssignment,
  LEAD_KINDS,
  leadPaths,
  leadWorkPaths,
  type TimelineEvent,
} from '../../nest/src/contract';
import { RULE_PENDING } from '../../nest/src/leads/core/lead-record';
import { leadDocs } from '../support/lead-docs';
import { validSubmission } from '../support/submissions';
import {
  clearLeads,
  createAdmin,
  createTestApp,
  insertLeadDocs,
  loginToken,
  request,
  signedInTestApp,
  type TestApp,
} from '../support/test-app';

interface StoredLead {
  _id: { toHexString(): string };
  createdAt: Date;
  assigneeId: { toHexString(): string } | null;
  assignWaiting?: string | null;
}
interface StoredTimeline {
  _id: { toHexString(): string };
  events: { type: string; at: Date; detail: Record<string, unknown> }[];
}

/**
 * Automatic assignment (issue 35): each kind's rule gives arriving leads an owner, fairly and
 * within caps across API processes, skipping the away, and gives the leads it left waiting an
 * owner once someone is back.
 */
describe('automatic assignment', () => {
  const kind = LEAD_KINDS.keDemo;
  const paths = leadPaths(kind);
  const env = { INTAKE_RATE_LIMIT: '100000', ASSIGNMENT_SWEEP_INTERVAL: '1s' };
  let t: TestApp;
  let other: TestApp;
  let token: string;
  const ids: Record<'ada' | 'bo' | 'cy', string> = { ada: '', bo: '', cy: '' };
  const tokens: Record<'ada' | 'bo' | 'cy', string> = { ada: '', bo: '', cy: '' };

  const as = (app: TestApp, bearer = token) => ({
    get: (path: string) => request(app.http).get(path).set('Authorization', `Bearer ${bearer}`),
    put: (path: string, body: object) =>
      request(app.http).put(path).set('Authorization', `Bearer ${bearer}`).send(body),
    post: (path: string, body: object) =>
      request(app.http).post(path).set('Authorization', `Bearer ${bearer}`).send(body),
  });
  const setRule = async (rule: Partial<KindAssignment>) => {
    await as(t)
      .put(ASSIGNMENT_PATH, {
        assignment: { keDemo: { rule: 'off', admins: [], cap: null, ...rule } },
      })
      .expect(200);
    // Each process keeps the rules it read for up to a second.
    await sleep(1_100);
  };
  const away = (who: keyof typeof tokens, body: object) =>
    as(t, tokens[who]).put(AVAILABILITY_PATH, body).expect(200);
  const leads = async (): Promise<StoredLead[]> =>
    (await t.connection
      .collection(kind.collection)
      .find({})
      .sort({ createdAt: 1, _id: 1 })
      .toArray()) as unknown as StoredLead[];
  const timelines = async (): Promise<StoredTimeline[]> =>
    (await t.connection
      .collection('lead_timelines')
      .find({})
      .toArray()) as unknown as StoredTimeline[];

  /** `count` leads posted through each app in turn, `concurrency` at a time per app. */
  async function arrive(apps: TestApp[], count: number, concurrency: number, from = 0) {
    const perApp = Math.ceil(count / apps.length);
    await Promise.all(
      apps.map(async (app, a) => {
        const mine = Array.from({ length: perApp }, (_, i) => from + a * perApp + i).filter(
          (n) => n < from + count,
        );
        let next = 0;
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (next < mine.length) {
              const n = mine[next++]!;
              await request(app.http).post(paths.create).send(validSubmission(kind, n)).expect(201);
            }
          }),
        );
      }),
    );
    await roundsDone();
  }

  /**
   * The rule's rounds run after the intake's answer (decision 0041): done when no lead waits for
   * one and no round holds the kind's lock (a round holds it from before its write until after
   * the timeline's, so none that wrote before the first read is under way after the second).
   */
  const roundsDone = () =>
    waitFor(async () => {
      if ((await leads()).some((l) => l.assignWaiting === RULE_PENDING)) return false;
      return (await t.connection.collection('assignment_locks').countDocuments({})) === 0;
    });

  const ownersOf = (stored: StoredLead[]) => {
    const counts = new Map<string, number>();
    for (const lead of stored) {
      const owner = lead.assigneeId?.toHexString() ?? 'nobody';
      counts.set(owner, (counts.get(owner) ?? 0) + 1);
    }
    return counts;
  };

  beforeAll(async () => {
    ({ t, token } = await signedInTestApp(env));
    other = await createTestApp({ ...env, MONGODB_DB: t.dbName });
    for (const who of ['ada', 'bo', 'cy'] as const) {
      await createAdmin(t, `${who}@example.com`);
      tokens[who] = await loginToken(t, `${who}@example.com`);
      ids[who] = String((await t.app.get(AdminService).findByEmail(`${who}@example.com`))?._id);
    }
  });
  afterAll(async () => {
    await other?.app.close();
    await t?.close();
  });
  beforeEach(async () => {
    await setRule({ rule: 'off' });
    for (const who of ['ada', 'bo', 'cy'] as const) await away(who, { away: false });
    await clearLeads(t, kind);
    await t.connection.collection('lead_timelines').deleteMany({});
  });

  it('is off for every kind until set, and refuses a bad rule per field', async () => {
    const read = await as(t).get(ASSIGNMENT_PATH).expect(200);
    expect(read.body.assignment.contactUs).toEqual({ rule: 'off', admins: [], cap: null });
    const unknown = '0123456789abcdef01234567';
    const bad = await as(t)
      .put(ASSIGNMENT_PATH, {
        assignment: {
          keDemo: { rule: 'round-robin', admins: [ids.ada, unknown, ids.ada], cap: 0 },
          consultation: { rule: 'fastest', admins: [], cap: null },
          nobody: { rule: 'off', admins: [], cap: null },
        },
      })
      .expect(400);
    expect(bad.body.errors).toEqual({
      'assignment.keDemo.admins.1': [`no admin has the id ${unknown}`],
      'assignment.keDemo.admins.2': ['is listed twice'],
      'assignment.keDemo.cap': [expect.stringContaining('whole number from 1')],
      'assignment.consultation.rule': ['must be one of off, round-robin, least-open'],
      'assignment.nobody': [expect.stringContaining('is not a kind')],
    });
    const empty = await as(t)
      .put(ASSIGNMENT_PATH, {
        assignment: { keDemo: { rule: 'least-open', admins: [], cap: null } },
      })
      .expect(400);
    expect(Object.keys(empty.body.errors)).toEqual(['assignment.keDemo.admins']);
    await as(t).put(ASSIGNMENT_PATH, {}).expect(400);
    // A viewer may not change it (settings.leads).
    await t.app.get(AdminService).setRoleByEmail('cy@example.com', 'viewer');
    await as(t, tokens.cy).get(ASSIGNMENT_PATH).expect(403);
    await t.app.get(AdminService).setRoleByEmail('cy@example.com', 'owner');

    await setRule({ rule: 'round-robin', admins: [ids.ada, ids.bo], cap: 5 });
    const audit = await as(t).get(AUDIT_PATH).expect(200);
    expect(JSON.stringify(audit.body)).toContain('round-robin, 2 admin(s), cap 5');
  });

  it('shares 200 leads arriving on two processes at concurrency 20 fairly: ±1 each, each once', async () => {
    const eligible = [ids.ada, ids.bo, ids.cy];
    await setRule({ rule: 'round-robin', admins: eligible, cap: null });
    await arrive([t, other], 200, 20);
    const stored = await leads();
    expect(stored).toHaveLength(200);
    const counts = ownersOf(stored);
    expect(counts.get('nobody')).toBeUndefined();
    for (const id of eligible) {
      expect(counts.get(id)).toBeGreaterThanOrEqual(Math.floor(200 / 3) - 1);
      expect(counts.get(id)).toBeLessThanOrEqual(Math.ceil(200 / 3) + 1);
    }
    // Nobody assigned twice: each lead's timeline, as the API shows it, has exactly one assign,
    // by the rule, to the lead's owner.
    for (const lead of stored) {
      const res = await as(t).get(leadWorkPaths(kind).timeline(lead._id.toHexString())).expect(200);
      const events = (res.body.events as TimelineEvent[]).filter((e) => e.type === 'assign');
      expect(events).toHaveLength(1);
      expect(events[0]?.detail).toMatchObject({
        by: 'rule',
        rule: 'round-robin',
        from: null,
        to: { id: lead.assigneeId?.toHexString() },
      });
    }
  });

  it('writes the owner with the lead: right after its 201 it is hers, in her list on another process', async () => {
    await setRule({ rule: 'round-robin', admins: [ids.ada], cap: null });
    await request(t.http).post(paths.create).send(validSubmission(kind, 1)).expect(201);
    // No wait for a round: the owner was decided before the insert (decision 0043).
    const [stored] = await leads();
    expect(stored?.assigneeId?.toHexString()).toBe(ids.ada);
    expect(stored?.assignWaiting ?? null).toBeNull();
    const res = await as(other).get(`${paths.active}?assignee=${ids.ada}`).expect(200);
    expect(res.body.data).toHaveLength(1);
    const timeline = await as(other)
      .get(leadWorkPaths(kind).timeline(stored!._id.toHexString()))
      .expect(200);
    const assigns = (timeline.body.events as TimelineEvent[]).filter((e) => e.type === 'assign');
    expect(assigns).toEqual([
      expect.objectContaining({ admin: null, detail: expect.objectContaining({ by: 'rule' }) }),
    ]);
  });

  it('hands the lock to another process that asks, while the holder stays busy', async () => {
    await setRule({ rule: 'round-robin', admins: [ids.ada, ids.bo], cap: null });
    // One process keeps arriving leads coming for 4 s: it keeps the kind's lock while busy.
    let busy = true;
    let n = 0;
    const stream = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (busy)
          await request(t.http).post(paths.create).send(validSubmission(kind, n++)).expect(201);
      }),
    );
    const stop = sleep(4_000).then(() => (busy = false));
    await sleep(1_000);
    // The other asks for it meanwhile: its arrival gets its owner in its own insert, long before
    // it would give up waiting (5 s) and store itself marked for a later round.
    const started = Date.now();
    const res = await request(other.http)
      .post(paths.create)
      .send(validSubmission(kind, 10_000))
      .expect(201);
    const waited = Date.now() - started;
    const stored = (await leads()).find((l) => l._id.toHexString() === res.body.id);
    expect(stored?.assignWaiting ?? null).toBeNull();
    expect([ids.ada, ids.bo]).toContain(stored?.assigneeId?.toHexString());
    expect(waited).toBeLessThan(4_000);
    await Promise.all([stream, stop]);
    await roundsDone();
    const counts = ownersOf(await leads());
    expect(counts.get('nobody')).toBeUndefined();
    expect(Math.abs((counts.get(ids.ada) ?? 0) - (counts.get(ids.bo) ?? 0))).toBeLessThanOrEqual(1);
  });

  it('never exceeds the cap across two processes; the rest wait, saying everyone is at cap', async () => {
    await setRule({ rule: 'round-robin', admins: [ids.ada, ids.bo, ids.cy], cap: 20 });
    await arrive([t, other], 80, 20);
    const stored = await leads();
    const counts = ownersOf(stored);
    for (const id of [ids.ada, ids.bo, ids.cy]) expect(counts.get(id)).toBe(20);
    expect(counts.get('nobody')).toBe(20);
    const waiting = stored.filter((l) => !l.assigneeId);
    expect(waiting.every((l) => l.assignWaiting === 'everyone-at-cap')).toBe(true);
    const res = await as(t)
      .get(leadWorkPaths(kind).timeline(waiting[0]!._id.toHexString()))
      .expect(200);
    const shown = (res.body.events as TimelineEvent[]).find((e) => e.type === 'assign');
    expect(shown).toMatchObject({
      type: 'assign',
      admin: null,
      detail: { from: null, to: null, by: 'rule', rule: 'round-robin', waiting: 'everyone-at-cap' },
    });

    // A lead closed frees a place: the oldest waiting lead gets it within the sweep's interval.
    const adas = stored.filter((l) => l.assigneeId?.toHexString() === ids.ada);
    await as(t)
      .post(paths.stage, { ids: [adas[0]!._id.toHexString()], stage: 'won' })
      .expect(200);
    await waitFor(async () => ownersOf(await leads()).get(ids.ada) === 21);
    const after = await leads();
    const firstWaiting = after.find((l) => l._id.toHexString() === waiting[0]!._id.toHexString());
    expect(firstWaiting?.assigneeId?.toHexString()).toBe(ids.ada);
    expect(ownersOf(after).get('nobody')).toBe(19);
  });

  it('gives least-open leads to whoever has the fewest open ones', async () => {
    await clearLeads(t, kind);
    await arrive([t], 3, 3);
    const mine = (await leads()).map((l) => l._id.toHexString());
    await as(t).post(paths.assign, { ids: mine, adminId: ids.ada }).expect(200);
    await setRule({ rule: 'least-open', admins: [ids.ada, ids.bo], cap: null });
    await arrive([t, other], 5, 1, 100);
    const counts = ownersOf(await leads());
    // Ada had 3; Bo gets leads until he has as many, then they alternate: 3 + 1 and 4 + 1 or so.
    expect(counts.get(ids.bo)).toBe(4);
    expect(counts.get(ids.ada)).toBe(4);
  });

  it('skips the away, not those whose holiday is ahead, and picks up the waiting oldest first when someone is back', async () => {
    await setRule({ rule: 'round-robin', admins: [ids.ada, ids.bo], cap: null });
    await away('ada', { away: true });
    const ahead = new Date(Date.now() + 86_400_000).toISOString();
    const bo = await away('bo', { away: true, from: ahead });
    expect(bo.body.availability).toMatchObject({
      away: true,
      from: ahead,
      until: null,
      awayNow: false,
    });
    await arrive([t, other], 4, 2);
    expect(ownersOf(await leads()).get(ids.bo)).toBe(4);

    await away('bo', { away: true });
    const until = new Date(Date.now() + 2_500).toISOString();
    await away('ada', { away: true, until });
    await arrive([t, other], 3, 1, 50);
    const waiting = (await leads()).filter((l) => !l.assigneeId);
    expect(waiting).toHaveLength(3);
    expect(waiting.every((l) => l.assignWaiting === 'everyone-away')).toBe(true);

    // Ada's `until` passes: within the sweep's interval (1 s here; 30 s by default) she gets
    // all three, oldest first.
    await waitFor(async () => (await leads()).every((l) => l.assigneeId), 15_000);
    // The sweep writes the owner, then the timeline: wait for the events this reads as well.
    const assignedAt = new Map<string, number>();
    const readAssignedAt = async () => {
      for (const tl of await timelines()) {
        const at = tl.events.find((e) => e.type === 'assign' && e.detail.to)?.at.getTime();
        if (at !== undefined) assignedAt.set(tl._id.toHexString(), at);
      }
      return waiting.every((l) => assignedAt.has(l._id.toHexString()));
    };
    await waitFor(readAssignedAt, 5_000);
    const order = waiting.map((l) => assignedAt.get(l._id.toHexString()) ?? 0);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(ownersOf(await leads()).get(ids.ada)).toBe(3);
  });

  it('gives leads the intake acknowledged, whose process stopped before the round, their owners by another process’s sweep, once', async () => {
    await setRule({ rule: 'round-robin', admins: [ids.ada, ids.bo], cap: null });
    // As a process's intake stored them before it stopped: answered 201, marked for the rule's
    // round, which never came. Both live processes sweep every second.
    const docs = leadDocs(kind, 4).map((doc) => ({ ...doc, assignWaiting: RULE_PENDING }));
    const left = await insertLeadDocs(t, kind, docs);
    await waitFor(async () => (await leads()).every((l) => l.assigneeId), 15_000);
    await roundsDone();
    const stored = await leads();
    expect(stored.map((l) => l._id.toHexString())).toEqual(left);
    expect(stored.every((l) => l.assignWaiting === null)).toBe(true);
    // Oldest first, in turn.
    const owners = stored.map((l) => l.assigneeId?.toHexString());
    expect(new Set([owners[0], owners[1]])).toEqual(new Set([ids.ada, ids.bo]));
    expect([owners[2], owners[3]]).toEqual([owners[0], owners[1]]);
    const assigns = (await timelines()).map((tl) => tl.events.filter((e) => e.type === 'assign'));
    expect(assigns).toHaveLength(4);
    for (const events of assigns) {
      expect(events).toHaveLength(1);
      expect(events[0]?.detail).toMatchObject({ by: 'rule', rule: 'round-robin', from: null });
    }
    // The kept totals by owner follow, as for an arrival's round.
    const kept = await t.connection.collection('lead_totals').findOne({ _id: kind.key as never });
    expect(kept?.owners?.[ids.ada]).toMatchObject({ active: 2 });
    expect(kept?.owners?.[ids.bo]).toMatchObject({ active: 2 });
    const res = await as(other).get(`${paths.active}?assignee=${ids.ada}`).expect(200);
    expect(res.body.data).toHaveLength(2);
  });

  it('refuses an availability that cannot be, per field, and audits a change', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const later = new Date(Date.now() + 60_000).toISOString();
    const bad = await as(t, tokens.ada)
      .put(AVAILABILITY_PATH, { away: true, from: later, until: later })
      .expect(400);
    expect(bad.body.errors).toEqual({ until: ['must be after from'] });
    const gone = await as(t, tokens.ada)
      .put(AVAILABILITY_PATH, { away: true, until: past })
      .expect(400);
    expect(gone.body.errors).toEqual({ until: ['must be in the future'] });
    const garbled = await as(t, tokens.ada)
      .put(AVAILABILITY_PATH, { away: 'yes', from: 'tomorrow' })
      .expect(400);
    expect(Object.keys(garbled.body.errors)).toContain('away');
    const dates = await as(t, tokens.ada)
      .put(AVAILABILITY_PATH, { away: false, from: later })
      .expect(400);
    expect(Object.keys(dates.body.errors)).toEqual(['from']);
    await as(t, tokens.ada).put(AVAILABILITY_PATH, { away: true }).expect(200);
    const read = await as(t, tokens.ada).get(AVAILABILITY_PATH).expect(200);
    expect(read.body.availability).toEqual({ away: true, from: null, until: null, awayNow: true });
    const audit = await as(t).get(AUDIT_PATH).expect(200);
    expect(JSON.stringify(audit.body)).toContain('ada@example.com');
  });
});

async function waitFor(done: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('not within the time allowed');
    await sleep(200);
  }
}
