import { Types } from 'mongoose';

import {
  AUDIT_PATH,
  type AuditEntry,
  LEAD_KIND_KEYS,
  LEAD_KINDS,
  leadPaths,
  leadWorkPaths,
  PRIVACY_PATHS,
} from '../../nest/src/contract';
import { LeadRetention } from '../../nest/src/leads/retention/lead-retention';
import { validSubmission } from '../support/submissions';
import { signedInTestApp, request, type TestApp } from '../support/test-app';

const DAY = 86_400_000;
/** The run's clock, which the test controls: every date below is measured from it. */
const NOW = new Date('2030-06-15T03:00:00.000Z');
const ago = (days: number, ms = 0) => new Date(NOW.getTime() - days * DAY - ms);

const kinds = [LEAD_KINDS.contactUs, LEAD_KINDS.consultation];

describe('retention with RETENTION_ARCHIVED_DAYS unset', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    // First in the file: the config falls back to process.env, where @nestjs/config leaves what
    // an earlier app of this process was given.
    ({ t, token } = await signedInTestApp({ SPAM_RETENTION_DAYS: '7' }));
  });
  afterAll(() => t.close());

  it('keeps archived leads forever, and deletes spam after SPAM_RETENTION_DAYS', async () => {
    const kind = kinds[0]!;
    const docs = [{ archivedAt: ago(10_000) }, { spamAt: ago(7, 1) }, { spamAt: ago(6) }].map(
      (dates, n) => ({
        ...validSubmission(kind, n),
        subject: 'Hello',
        archivedAt: null,
        readAt: null,
        spamAt: null,
        createdAt: ago(20_000),
        updatedAt: ago(20_000),
        ...dates,
      }),
    );
    const inserted = await t.connection.collection(kind.collection).insertMany(docs);
    const counts = await t.app.get(LeadRetention).run(NOW);
    expect(counts.archived.contactUs).toBe(0);
    expect(counts.spam.contactUs).toBe(1);
    const left = await t.connection.collection(kind.collection).find({}).toArray();
    expect(left.map((l) => l._id.toHexString()).sort()).toEqual(
      [inserted.insertedIds[0]!, inserted.insertedIds[2]!].map((id) => id.toHexString()).sort(),
    );
    const policy = await request(t.http)
      .get(PRIVACY_PATHS.retention)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(policy.body.archivedDays).toEqual(
      Object.fromEntries(LEAD_KIND_KEYS.map((key) => [key, null])),
    );
    expect(policy.body.spamDays).toBe(7);
  });
});

describe('retention: archived leads after RETENTION_ARCHIVED_DAYS, spam after SPAM_RETENTION_DAYS', () => {
  let t: TestApp;
  let token: string;
  const get = (path: string) => request(t.http).get(path).set('Authorization', `Bearer ${token}`);
  const post = (path: string, body: object) =>
    request(t.http).post(path).set('Authorization', `Bearer ${token}`).send(body);

  beforeAll(async () => {
    ({ t, token } = await signedInTestApp({
      INTAKE_RATE_LIMIT: '1000',
      RETENTION_ARCHIVED_DAYS: '90',
      SPAM_RETENTION_DAYS: '30',
    }));
  });
  afterAll(() => t.close());

  const leads = (kind: (typeof kinds)[number]) => t.connection.collection(kind.collection);
  const idsOf = async (kind: (typeof kinds)[number]) =>
    (
      await leads(kind)
        .find({}, { projection: { _id: 1 } })
        .toArray()
    ).map((l) => l._id.toHexString());

  /** A lead through the intake, with a note (on its timeline) and a queued notification. */
  async function lead(kind: (typeof kinds)[number], n: number, dates: Record<string, Date | null>) {
    const res = await request(t.http)
      .post(leadPaths(kind).create)
      .send(validSubmission(kind, n))
      .expect(201);
    const id = res.body.id as string;
    await post(leadWorkPaths(kind).notes(id), { text: `note ${n}` }).expect(201);
    if (dates.archivedAt) await post(leadPaths(kind).archive, { ids: [id] }).expect(200);
    // Into Spam through the API, so the kept totals count it there (decision 0019).
    if (dates.spamAt) await post(leadPaths(kind).spam, { ids: [id] }).expect(200);
    await leads(kind).updateOne({ _id: new Types.ObjectId(id) }, { $set: dates });
    await t.connection.collection('lead_notifications').insertOne({
      channel: 'email',
      kind: kind.key,
      leadId: id,
      status: 'failed',
      attempts: 8,
      nextAttemptAt: NOW,
      lockedUntil: new Date(0),
    });
    return id;
  }

  /** The lists' totals as the API keeps them, and as the stored leads count. */
  async function totals(kind: (typeof kinds)[number]) {
    const active = (await get(leadPaths(kind).active).expect(200)).body.total as number;
    const archived = (await get(leadPaths(kind).archived).expect(200)).body.total as number;
    return {
      kept: { active, archived },
      counted: {
        // Spam is a list of its own (decision 0019), whatever its archive date says.
        active: await leads(kind).countDocuments({ spamAt: null, archivedAt: null }),
        archived: await leads(kind).countDocuments({ spamAt: null, archivedAt: { $ne: null } }),
      },
    };
  }

  async function lastAudit(): Promise<AuditEntry> {
    const entries = (await get(`${AUDIT_PATH}?limit=20`).expect(200)).body.entries as AuditEntry[];
    const run = entries.find((e) => e.action === 'retention');
    if (!run) throw new Error('no retention entry');
    return run;
  }

  it('deletes exactly the leads past their time, with their timelines and notifications; totals stay right', async () => {
    const gone: string[] = [];
    const kept: string[] = [];
    for (const [k, kind] of kinds.entries()) {
      const n = k * 100;
      gone.push(await lead(kind, n + 1, { archivedAt: ago(90, 1), createdAt: ago(400) }));
      kept.push(await lead(kind, n + 2, { archivedAt: ago(90), createdAt: ago(400) }));
      kept.push(await lead(kind, n + 3, { archivedAt: ago(89), createdAt: ago(400) }));
      kept.push(await lead(kind, n + 4, { createdAt: ago(1000) }));
      gone.push(await lead(kind, n + 5, { spamAt: ago(30, 1), createdAt: ago(31) }));
      kept.push(await lead(kind, n + 6, { spamAt: ago(30), createdAt: ago(300) }));
      // Spam has its own clock, whatever its archive date says.
      kept.push(
        await lead(kind, n + 7, { spamAt: ago(2), archivedAt: ago(200), createdAt: ago(300) }),
      );
    }

    const counts = await t.app.get(LeadRetention).run(NOW);
    expect(counts.archived).toEqual(
      expect.objectContaining({ contactUs: 1, consultation: 1, keDemo: 0, brokerDemo: 0 }),
    );
    expect(counts.spam).toEqual(
      expect.objectContaining({ contactUs: 1, consultation: 1, keDemo: 0, brokerDemo: 0 }),
    );

    const remaining = [...(await idsOf(kinds[0]!)), ...(await idsOf(kinds[1]!))];
    expect(remaining.sort()).toEqual([...kept].sort());
    const timelines = t.connection.collection('lead_timelines');
    const outbox = t.connection.collection('lead_notifications');
    const asIds = (ids: string[]) => ids.map((id) => new Types.ObjectId(id));
    expect(await timelines.countDocuments({ _id: { $in: asIds(gone) } })).toBe(0);
    expect(await timelines.countDocuments({ _id: { $in: asIds(kept) } })).toBe(kept.length);
    expect(await outbox.countDocuments({ leadId: { $in: gone } })).toBe(0);
    expect(await outbox.countDocuments({ leadId: { $in: kept } })).toBe(kept.length);
    for (const kind of kinds) {
      const { kept: k, counted } = await totals(kind);
      expect(k).toEqual(counted);
    }

    const entry = await lastAudit();
    expect(entry).toEqual(
      expect.objectContaining({
        admin: { id: null, email: null },
        ip: null,
        detail: {
          archived: 2,
          spam: 2,
          contactUs: 2,
          consultation: 2,
          keDemo: 0,
          brokerDemo: 0,
          archivedDays: 90,
          spamDays: 30,
        },
      }),
    );

    // Again at the same time: nothing left to delete, and the run is recorded as such.
    await t.app.get(LeadRetention).run(NOW);
    expect(remaining.length).toBe(
      (await idsOf(kinds[0]!)).length + (await idsOf(kinds[1]!)).length,
    );
    expect((await lastAudit()).detail).toEqual(expect.objectContaining({ archived: 0, spam: 0 }));
  });

  it('finishes an interrupted run on the next', async () => {
    const kind = kinds[0]!;
    const old = [];
    for (let n = 0; n < 3; n++)
      old.push(await lead(kind, 300 + n, { archivedAt: ago(100 + n), createdAt: ago(400) }));
    const young = await lead(kind, 310, { archivedAt: ago(10), createdAt: ago(400) });

    // Stopped after one lead per list, as a process ended midway would be.
    const partial = await t.app.get(LeadRetention).run(NOW, 1);
    expect(partial.archived.contactUs).toBe(1);
    const after = await idsOf(kind);
    expect(old.filter((id) => after.includes(id))).toHaveLength(2);

    const rest = await t.app.get(LeadRetention).run(NOW);
    expect(rest.archived.contactUs).toBe(2);
    const final = await idsOf(kind);
    expect(old.filter((id) => final.includes(id))).toEqual([]);
    expect(final).toContain(young);
    const { kept, counted } = await totals(kind);
    expect(kept).toEqual(counted);
  });

  it('runs once a day across processes (the day is claimed), and says the policy in force', async () => {
    const retention = t.app.get(LeadRetention);
    const before = (await get(PRIVACY_PATHS.retention).expect(200)).body;
    expect(before).toEqual({
      success: true,
      archivedDays: Object.fromEntries(LEAD_KIND_KEYS.map((key) => [key, 90])),
      spamDays: 30,
      lastRun: null,
    });
    expect(await retention.runDay(NOW)).not.toBeNull();
    expect(await retention.runDay(new Date(NOW.getTime() + 3_600_000))).toBeNull();
    expect(await retention.runDay(new Date(NOW.getTime() + DAY))).not.toBeNull();
    const after = (await get(PRIVACY_PATHS.retention).expect(200)).body;
    expect(after.lastRun).toEqual({ at: expect.any(String), deleted: expect.any(Number) });
    await request(t.http).get(PRIVACY_PATHS.retention).expect(401);
  });
});
