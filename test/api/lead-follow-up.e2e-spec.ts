import { Types } from 'mongoose';

import {
  ADMINS_PATH,
  AUDIT_PATH,
  type AuditEntry,
  FOLLOW_UP_LIMITS,
  INBOX_PATH,
  type InboxOverviewResponse,
  LEAD_KIND_KEYS,
  LEAD_KINDS,
  leadPaths,
  leadWorkPaths,
  type TimelineEvent,
} from '../../nest/src/contract';
import { as } from '../support/account';
import { eventually, mailHeader, mailText, startMailReceiver } from '../support/receivers';
import {
  createAdmin,
  createTestApp,
  insertLeads,
  loginToken,
  request,
  type TestApp,
} from '../support/test-app';

const contactUs = LEAD_KINDS.contactUs;
const paths = leadPaths(contactUs);
const work = leadWorkPaths(contactUs);
const PASSWORD = 'a long and good password';
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const needsReplyOf = async (t: TestApp, token: string) => {
  const res = await as(t, token).get(INBOX_PATH).expect(200);
  return (res.body as InboxOverviewResponse).kinds.contactUs.totals.needsReply;
};
const needsReplyIds = async (t: TestApp, token: string) => {
  const res = await as(t, token).get(`${paths.active}?view=needs-reply`).expect(200);
  return (res.body.data as { _id: string }[]).map((lead) => lead._id);
};
const timelineOf = async (t: TestApp, token: string, id: string) =>
  (await as(t, token).get(work.timeline(id)).expect(200)).body.events as TimelineEvent[];
const followUpsOf = (events: TimelineEvent[]) =>
  events.flatMap((e) => (e.type === 'follow-up' ? [{ admin: e.admin?.email, ...e.detail }] : []));

/** A follow-up date ("Remind me", issue 32): `POST /{base}/{plural}/:id/follow-up {at|null}`. */
describe('a lead’s follow-up', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_DELAY_MAX_MS: '0' });
    await createAdmin(t, 'owner@example.com', PASSWORD);
    token = await loginToken(t, 'owner@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  it('sets and clears it on each of the four kinds; the lead shows it; audited and on the timeline', async () => {
    const at = inSeconds(3_600);
    for (const key of LEAD_KIND_KEYS) {
      const kind = LEAD_KINDS[key];
      const [id] = await insertLeads(t, kind, 1);
      const res = await as(t, token).post(leadWorkPaths(kind).followUp(id!), { at }).expect(200);
      expect(res.body).toEqual({ success: true, followUpAt: at });
      const lead = await as(t, token).get(leadPaths(kind).one(id!)).expect(200);
      expect(lead.body.lead.followUpAt).toBe(at);
    }
    const [id] = await insertLeads(t, contactUs, 1);
    // Set with an offset: stored and answered as the same instant in UTC.
    const local = new Date(Date.now() + 86_400_000);
    const offset = `${local.toISOString().slice(0, 19)}+02:00`;
    const set = await as(t, token).post(work.followUp(id!), { at: offset }).expect(200);
    expect(set.body.followUpAt).toBe(new Date(offset).toISOString());
    await as(t, token).post(work.followUp(id!), { at: null }).expect(200, {
      success: true,
      followUpAt: null,
    });
    await as(t, token).post(work.followUp(id!), { at: null }).expect(200);
    expect((await as(t, token).get(paths.one(id!)).expect(200)).body.lead.followUpAt).toBeNull();
    // Cleared twice: one event, as a change that changes nothing is none.
    expect(followUpsOf(await timelineOf(t, token, id!))).toEqual([
      { admin: 'owner@example.com', at: new Date(offset).toISOString() },
      { admin: 'owner@example.com', at: null },
    ]);
    const audit = (await as(t, token).get(AUDIT_PATH).expect(200)).body.entries as AuditEntry[];
    const mine = audit.filter((e) => e.action === 'follow-up' && e.ids?.includes(id!));
    expect(mine.map((e) => e.detail)).toEqual(
      expect.arrayContaining([{ at: new Date(offset).toISOString() }, { at: 'none' }]),
    );
    expect(mine).toHaveLength(3);
  });

  it('refuses bad input with 400 and errors per field; an unknown lead with 404', async () => {
    const [id] = await insertLeads(t, contactUs, 1);
    const tooFar = new Date(
      Date.now() + (FOLLOW_UP_LIMITS.maxAheadDays + 1) * 86_400_000,
    ).toISOString();
    for (const body of [
      {},
      { at: 'tomorrow' },
      { at: '2026-12-01' },
      { at: '2026-12-01T09:00:00' },
      { at: 1_800_000_000_000 },
      { at: inSeconds(-3_600) },
      { at: tooFar },
      { at: inSeconds(3_600), extra: 1 },
    ]) {
      const res = await as(t, token).post(work.followUp(id!), body).expect(400);
      expect(res.body.success).toBe(false);
      expect(Object.keys(res.body.errors ?? {}).length).toBeGreaterThan(0);
    }
    const past = await as(t, token)
      .post(work.followUp(id!), { at: inSeconds(-3_600) })
      .expect(400);
    expect(past.body.errors.at).toEqual(['at must not be in the past']);
    // A moment ago is within the skew: a "now" picked in a form.
    await as(t, token)
      .post(work.followUp(id!), { at: inSeconds(-60) })
      .expect(200);
    // Already due: it comes back at once (and so is not left to come back during a later test).
    const back = async () =>
      (await as(t, token).get(paths.one(id!)).expect(200)).body.lead.followUpAt === null;
    await eventually(back, 15_000);
    await as(t, token)
      .post(work.followUp(new Types.ObjectId().toHexString()), { at: inSeconds(60) })
      .expect(404);
    await as(t, token)
      .post(work.followUp('nope'), { at: inSeconds(60) })
      .expect(400);
    await request(t.http)
      .post(work.followUp(id!))
      .send({ at: inSeconds(60) })
      .expect(401);
  }, 30_000);

  it('keeps it to the admin’s scope: 404 outside it, 403 for a viewer', async () => {
    const [mine, theirs] = await insertLeads(t, contactUs, 2);
    const add = async (email: string, role: string) => {
      await as(t, token)
        .post(ADMINS_PATH, { email, password: 'an initial password', role })
        .expect(201);
      await createAdmin(t, email, PASSWORD);
      const admin = await t.connection.collection('admins').findOne({ email });
      return { id: String(admin?._id), token: await loginToken(t, email, PASSWORD) };
    };
    const agent = await add('agent@example.com', 'agent');
    await as(t, token)
      .patch(`${ADMINS_PATH}/${agent.id}`, {
        access: { kinds: { contactUs: 'assigned' }, seeUnassigned: false },
      })
      .expect(200);
    await as(t, token)
      .post(paths.assign, { ids: [mine], adminId: agent.id })
      .expect(200);
    await as(t, agent.token)
      .post(work.followUp(mine!), { at: inSeconds(600) })
      .expect(200);
    const hidden = await as(t, agent.token)
      .post(work.followUp(theirs!), { at: inSeconds(600) })
      .expect(404);
    expect(hidden.body.message).toContain(theirs);
    const viewer = await add('viewer@example.com', 'viewer');
    await as(t, viewer.token)
      .post(work.followUp(mine!), { at: inSeconds(600) })
      .expect(403);
    expect(
      (await as(t, token).get(paths.one(theirs!)).expect(200)).body.lead.followUpAt,
    ).toBeNull();
  });

  it('takes the lead out of Needs reply while it is ahead, and brings it back (unread) when due', async () => {
    const [a, b] = (await insertLeads(t, contactUs, 2)) as [string, string];
    await as(t, token)
      .post(paths.read, { ids: [a, b] })
      .expect(200);
    const before = await needsReplyOf(t, token);
    expect(await needsReplyIds(t, token)).toEqual(expect.arrayContaining([a, b]));

    const at = inSeconds(3);
    await as(t, token).post(work.followUp(a), { at }).expect(200);
    expect(await needsReplyOf(t, token)).toBe(before - 1);
    expect(await needsReplyIds(t, token)).not.toContain(a);
    expect(await needsReplyIds(t, token)).toContain(b);

    await eventually(async () => (await needsReplyOf(t, token)) === before, 15_000);
    expect(await needsReplyIds(t, token)).toContain(a);
    const lead = (await as(t, token).get(paths.one(a)).expect(200)).body.lead;
    expect(lead.followUpAt).toBeNull();
    expect(lead.readAt).toBeNull();
    expect(followUpsOf(await timelineOf(t, token, a))).toEqual([
      { admin: 'owner@example.com', at },
      { admin: undefined, at, reason: 'due' },
    ]);
  }, 30_000);

  it('a follow-up moved or cleared before its time does not come at the old time', async () => {
    const [id] = await insertLeads(t, contactUs, 1);
    const first = inSeconds(2);
    const later = inSeconds(3_600);
    await as(t, token).post(work.followUp(id!), { at: first }).expect(200);
    await as(t, token).post(work.followUp(id!), { at: later }).expect(200);
    await sleep(4_000);
    const lead = (await as(t, token).get(paths.one(id!)).expect(200)).body.lead;
    expect(lead.followUpAt).toBe(later);
    expect(followUpsOf(await timelineOf(t, token, id!)).map((e) => e.reason)).toEqual([
      undefined,
      undefined,
    ]);
  }, 20_000);
});

describe('a follow-up’s email to the owner, through the outbox', () => {
  it('is sent once when due, with the lead back once, across a restart and two API processes', async () => {
    const smtp = await startMailReceiver();
    const env = { SMTP_URL: smtp.url, NOTIFY_FROM: 'leads@boats.example', LOGIN_DELAY_MAX_MS: '0' };
    const first = await createTestApp(env);
    await createAdmin(first, 'owner@example.com', PASSWORD);
    const token = await loginToken(first, 'owner@example.com', PASSWORD);
    const ownerId = String(
      (await first.connection.collection('admins').findOne({ email: 'owner@example.com' }))?._id,
    );
    const [id] = (await insertLeads(first, contactUs, 1)) as [string];
    await as(first, token)
      .post(paths.assign, { ids: [id], adminId: ownerId })
      .expect(200);
    const at = inSeconds(5);
    await as(first, token).post(work.followUp(id), { at }).expect(200);
    // The process that set it stops before its time (its database stays).
    await first.app.close();
    expect(smtp.messages).toHaveLength(0);

    const second = await createTestApp({ ...env, MONGODB_DB: first.dbName });
    const third = await createTestApp({ ...env, MONGODB_DB: first.dbName });
    try {
      await eventually(() => smtp.messages.length > 0, 20_000);
      await sleep(4_000);
      expect(smtp.messages).toHaveLength(1);
      const [mail] = smtp.messages;
      expect(mail!.to).toEqual(['owner@example.com']);
      expect(mailHeader(mail!.raw, 'Subject')).toMatch(/^Follow up: /);
      expect(mailText(mail!.raw)).toContain(`/super-secret-admin/lead/contactUs/${id}`);
      const secondToken = await loginToken(second, 'owner@example.com', PASSWORD);
      const events = await timelineOf(second, secondToken, id);
      expect(followUpsOf(events).filter((e) => e.reason === 'due')).toHaveLength(1);
      const lead = (await as(second, secondToken).get(paths.one(id)).expect(200)).body.lead;
      expect(lead.followUpAt).toBeNull();
    } finally {
      await third.app.close();
      await second.close();
      await smtp.close();
    }
  }, 60_000);
});
