import { Types } from 'mongoose';

import {
  ADMINS_PATH,
  AUTH_PATHS,
  FULL_LEAD_ACCESS,
  INBOX_PATH,
  INSIGHTS_PATH,
  LEAD_KINDS,
  type LeadKindDescriptor,
  leadPaths,
  leadWorkPaths,
  NO_LEAD_ACCESS,
  REAUTH_REQUIRED,
} from '../../nest/src/contract';
import { as, auditLog, makeStale } from '../support/account';
import { validSubmission } from '../support/submissions';
import {
  createAdmin,
  createTestApp,
  insertLeads,
  loginToken,
  request,
  type TestApp,
} from '../support/test-app';

const PASSWORD = 'a long and good password';
const contactUs = LEAD_KINDS.contactUs;
const keDemo = LEAD_KINDS.keDemo;
const paths = leadPaths(contactUs);
const work = leadWorkPaths(contactUs);

interface Listed {
  body: { data: { _id: string }[]; total: number | null };
}
const ids = (res: Listed) => res.body.data.map((lead) => lead._id);

/**
 * Access to leads (issue 34): per admin and kind, all, assigned (theirs, and nobody's with
 * seeUnassigned) or none, held on every path that shows a lead or a fact about one.
 */
describe('access to leads', () => {
  let t: TestApp;
  let owner: string;
  const admins = () => t.connection.collection('admins');
  const idOf = async (email: string) => String((await admins().findOne({ email }))?._id);
  /** A signed-in admin of `role`, added by the owner (past their initial password). */
  const added = async (email: string, role: string) => {
    const res = await as(t, owner)
      .post(ADMINS_PATH, { email, password: 'an initial password', role })
      .expect(201);
    await createAdmin(t, email, PASSWORD);
    return { id: await idOf(email), token: await loginToken(t, email, PASSWORD), body: res.body };
  };
  const setAccess = (id: string, access: object) =>
    as(t, owner).patch(`${ADMINS_PATH}/${id}`, { access });

  let agent: { id: string; token: string };
  let ownerId: string;
  /** contactUs leads, oldest first: a, b the agent's; c the owner's; d, e nobody's. */
  let a: string, b: string, c: string, d: string, e: string;
  let keDemoLeads: string[];

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_DELAY_MAX_MS: '0', INTAKE_RATE_LIMIT: '1000' });
    await createAdmin(t, 'owner@example.com', PASSWORD);
    owner = await loginToken(t, 'owner@example.com', PASSWORD);
    ownerId = await idOf('owner@example.com');
    const made = await added('agent@example.com', 'agent');
    expect(made.body.admin.access).toEqual(NO_LEAD_ACCESS);
    agent = made;
    [a, b, c, d, e] = (await insertLeads(t, contactUs, 5)) as [
      string,
      string,
      string,
      string,
      string,
    ];
    keDemoLeads = await insertLeads(t, keDemo, 2);
    await as(t, owner)
      .post(paths.assign, { ids: [a, b], adminId: agent.id })
      .expect(200);
    await as(t, owner)
      .post(paths.assign, { ids: [c], adminId: ownerId })
      .expect(200);
  });
  afterAll(() => t.close());

  it('gives owners (and admins stored before access) every lead, new agents none', async () => {
    const me = await as(t, owner).get(AUTH_PATHS.me).expect(200);
    expect(me.body.access).toEqual(FULL_LEAD_ACCESS);
    const theirs = await as(t, agent.token).get(AUTH_PATHS.me).expect(200);
    expect(theirs.body.access).toEqual(NO_LEAD_ACCESS);
    const list = await as(t, agent.token).get(paths.active).expect(200);
    expect(list.body).toMatchObject({ data: [], total: 0 });
    await as(t, agent.token).get(paths.one(a)).expect(404);
  });

  it('PATCH /admins/:id sets access per kind, refuses bad input, audited before and after', async () => {
    for (const body of [
      {},
      { access: { kinds: { contactUs: 'some' } } },
      { access: { kinds: { nowhere: 'all' } } },
      { access: { seeUnassigned: 'yes' } },
      { access: 'all' },
    ]) {
      const res = await as(t, owner).patch(`${ADMINS_PATH}/${agent.id}`, body).expect(400);
      expect(res.body).toMatchObject({ success: false, errors: expect.any(Object) });
    }
    const res = await setAccess(agent.id, { kinds: { contactUs: 'assigned' } }).expect(200);
    expect(res.body.admin.access).toEqual({
      ...NO_LEAD_ACCESS,
      kinds: { ...NO_LEAD_ACCESS.kinds, contactUs: 'assigned' },
    });
    const entry = (await auditLog(t, owner)).find((x) => x.action === 'access-changed');
    expect(entry).toMatchObject({
      ids: [agent.id],
      detail: {
        email: 'agent@example.com',
        from: 'contactUs=none, keDemo=none, brokerDemo=none, consultation=none; seeUnassigned=false',
        to: 'contactUs=assigned, keDemo=none, brokerDemo=none, consultation=none; seeUnassigned=false',
      },
    });
  });

  it('needs a factor checked in the last 5 minutes, as a role change does', async () => {
    const stale = await loginToken(t, 'owner@example.com', PASSWORD);
    await makeStale(t, stale);
    const res = await as(t, stale)
      .patch(`${ADMINS_PATH}/${agent.id}`, { access: { seeUnassigned: true } })
      .expect(403);
    expect(res.body.message).toBe(REAUTH_REQUIRED);
  });

  it('an agent with assigned sees only theirs, with their kept totals', async () => {
    const active = await as(t, agent.token).get(paths.active).expect(200);
    expect(ids(active)).toEqual([b, a]);
    expect(active.body.total).toBe(2);
    // A page after the first, through the cursor.
    const first = await as(t, agent.token).get(`${paths.active}?limit=1`).expect(200);
    expect(ids(first)).toEqual([b]);
    const next = await as(t, agent.token)
      .get(`${paths.active}?limit=1&cursor=${String(first.body.nextCursor)}`)
      .expect(200);
    expect(ids(next)).toEqual([a]);
    expect(next.body.nextCursor).toBeNull();
    // Narrowed lists too: nobody's is outside their scope, the needs-reply view is theirs.
    expect(ids(await as(t, agent.token).get(`${paths.active}?assignee=none`).expect(200))).toEqual(
      [],
    );
    expect(
      ids(await as(t, agent.token).get(`${paths.active}?view=needs-reply`).expect(200)),
    ).toEqual([a, b]);
    // The totals are kept per owner by the same writes, not counted for the request.
    const kept = await t.connection
      .collection('lead_totals')
      .findOne({ _id: 'contactUs' as never });
    expect(kept?.owners?.[agent.id]).toMatchObject({ active: 2 });
  });

  it('with seeUnassigned, nobody’s leads too; never another admin’s', async () => {
    await setAccess(agent.id, { seeUnassigned: true }).expect(200);
    const active = await as(t, agent.token).get(paths.active).expect(200);
    expect(ids(active)).toEqual([e, d, b, a]);
    expect(active.body.total).toBe(4);
    const search = await as(t, agent.token).get(`${paths.active}?q=example`).expect(200);
    expect(ids(search)).not.toContain(c);
  });

  it('answers 404 for a lead outside the scope, exactly as for an unknown id, on every path', async () => {
    const unknown = new Types.ObjectId().toHexString();
    const missing = await as(t, agent.token).get(paths.one(unknown)).expect(404);
    const hidden = await as(t, agent.token).get(paths.one(c)).expect(404);
    expect(hidden.body.message).toBe(String(missing.body.message).replace(unknown, c));
    await as(t, agent.token).get(work.timeline(c)).expect(404);
    await as(t, agent.token).get(work.related(c)).expect(404);
    await as(t, agent.token).post(work.notes(c), { text: 'mine now' }).expect(404);
    await as(t, agent.token).get(paths.one(a)).expect(200);
  });

  it('refuses a batch with one id outside the scope as an unknown id, changing none of it', async () => {
    const res = await as(t, agent.token)
      .post(paths.archive, { ids: [a, c] })
      .expect(404);
    expect(res.body.message).toContain(c);
    for (const id of [a, c]) {
      const lead = await as(t, owner).get(paths.one(id)).expect(200);
      expect(lead.body.lead.archivedAt).toBeNull();
    }
    // Their own lead moves, and the answer holds their lists and totals only.
    const moved = await as(t, agent.token)
      .post(paths.archive, { ids: [a] })
      .expect(200);
    expect(moved.body).toMatchObject({ unarchivedTotal: 3, archivedTotal: 1 });
    expect(moved.body.unarchived.map((l: { _id: string }) => l._id)).toEqual([e, d, b]);
    await as(t, agent.token)
      .post(paths.unarchive, { ids: [a] })
      .expect(200);
  });

  it('a kind with none answers empty lists and 404 for its leads', async () => {
    const keDemoPaths = leadPaths(keDemo);
    const list = await as(t, agent.token).get(keDemoPaths.active).expect(200);
    expect(list.body).toMatchObject({ data: [], total: 0, nextCursor: null });
    await as(t, agent.token)
      .get(keDemoPaths.one(keDemoLeads[0] as string))
      .expect(404);
    await as(t, agent.token).post(keDemoPaths.read, { ids: keDemoLeads }).expect(404);
  });

  it('scopes the inbox totals and first pages, and the insights', async () => {
    const inbox = await as(t, agent.token).get(INBOX_PATH).expect(200);
    expect(inbox.body.kinds.contactUs.totals).toMatchObject({ active: 4, archived: 0 });
    expect(inbox.body.kinds.contactUs.active.data.map((l: { _id: string }) => l._id)).toEqual([
      e,
      d,
      b,
      a,
    ]);
    expect(inbox.body.kinds.keDemo.totals).toMatchObject({ active: 0, unread: 0, needsReply: 0 });
    expect(inbox.body.kinds.keDemo.active.data).toEqual([]);
    const theirs = await as(t, owner).get(INBOX_PATH).expect(200);
    expect(theirs.body.kinds.contactUs.totals).toMatchObject({ active: 5 });
    expect(theirs.body.kinds.keDemo.totals).toMatchObject({ active: 2 });

    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const range = `?from=${yesterday}&to=${today}&tz=UTC`;
    const insights = await as(t, agent.token).get(`${INSIGHTS_PATH}${range}`).expect(200);
    expect(insights.body.kinds.contactUs.leads).toBe(4);
    expect(insights.body.kinds.keDemo.leads).toBe(0);
    const all = await as(t, owner).get(`${INSIGHTS_PATH}${range}`).expect(200);
    expect(all.body.kinds.contactUs.leads).toBe(5);
    expect(all.body.kinds.keDemo.leads).toBe(2);
  });

  it('exports only the leads in scope as CSV', async () => {
    const manager = await added('manager@example.com', 'manager');
    expect(manager.body.admin.access).toEqual(FULL_LEAD_ACCESS);
    await setAccess(manager.id, { kinds: { contactUs: 'assigned' }, seeUnassigned: false }).expect(
      200,
    );
    await as(t, owner)
      .post(paths.assign, { ids: [d], adminId: manager.id })
      .expect(200);
    const csv = await as(t, manager.token).get(paths.exportCsv).expect(200);
    const rows = String(csv.text).trim().split('\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(d);
    for (const other of [a, b, c, e]) expect(csv.text).not.toContain(other);
    const full = await as(t, owner).get(paths.exportCsv).expect(200);
    expect(String(full.text).trim().split('\n')).toHaveLength(6);
  });

  it('counts and lists only the other requests in scope: otherRequests and related', async () => {
    const submit = async (kind: LeadKindDescriptor) =>
      (
        await request(t.http)
          .post(leadPaths(kind).create)
          .send({ ...validSubmission(kind), email: 'Pat@example.com' })
          .expect(201)
      ).body.id as string;
    const [mine, theirs, demo] = [
      await submit(contactUs),
      await submit(contactUs),
      await submit(keDemo),
    ] as [string, string, string];
    await as(t, owner)
      .post(paths.assign, { ids: [mine], adminId: agent.id })
      .expect(200);
    await as(t, owner)
      .post(paths.assign, { ids: [theirs], adminId: ownerId })
      .expect(200);
    const others = async (token: string) =>
      (await as(t, token).get(paths.one(mine)).expect(200)).body.lead.otherRequests as number;
    const related = async (token: string) =>
      (await as(t, token).get(work.related(mine)).expect(200)).body.related.map(
        (lead: { id: string }) => lead.id,
      ) as string[];
    const listed = async (token: string) =>
      (
        (await as(t, token).get(paths.active).expect(200)).body.data as {
          _id: string;
          otherRequests: number;
        }[]
      ).find((lead) => lead._id === mine)?.otherRequests;

    // contact-us assigned (and nobody's), KE demo none: the owner's lead and the KE demo one are
    // neither counted nor listed for the agent; the owner sees both.
    expect(await others(owner)).toBe(2);
    expect(await others(agent.token)).toBe(0);
    expect(await listed(agent.token)).toBe(0);
    expect(await related(agent.token)).toEqual([]);
    expect((await related(owner)).sort()).toEqual([theirs, demo].sort());

    // KE demo assigned with nobody's: the KE demo request (nobody's) is theirs to see now.
    await setAccess(agent.id, { kinds: { keDemo: 'assigned' } }).expect(200);
    expect(await others(agent.token)).toBe(1);
    expect(await related(agent.token)).toEqual([demo]);
    // Owners change: counted under the new owner by the same write, never counted per request.
    await as(t, owner)
      .post(paths.assign, { ids: [theirs], adminId: agent.id })
      .expect(200);
    await as(t, owner)
      .post(leadPaths(keDemo).assign, { ids: [demo], adminId: ownerId })
      .expect(200);
    expect(await others(agent.token)).toBe(1);
    expect(await listed(agent.token)).toBe(1);
    expect(await related(agent.token)).toEqual([theirs]);
    expect(await others(owner)).toBe(2);
    const kept = await t.connection
      .collection('lead_email_counts')
      .findOne({ _id: 'pat@example.com' as never });
    expect(kept).toMatchObject({
      count: 3,
      by: { contactUs: { [agent.id]: 2 }, keDemo: { [ownerId]: 1 } },
    });
  });
});
