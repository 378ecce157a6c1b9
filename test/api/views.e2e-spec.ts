import {
  ADMINS_PATH,
  type AuditEntry,
  DEFAULT_VIEWS,
  LEAD_KIND_KEYS,
  LEAD_KINDS,
  LEAD_STAGES,
  QUEUE_PATH,
  type QueueQuery,
  queueSearchParams,
  type SavedView,
  VIEWS_MAX,
  VIEWS_ORDER_PATH,
  VIEWS_PATH,
  viewPath,
  type ViewQuery,
} from '../../nest/src/contract';
import { ObjectId } from '../../nest/src/database/object-id';
import { as, auditLog } from '../support/account';
import { leadDocs } from '../support/lead-docs';
import {
  createAdmin,
  createTestApp,
  insertLeadDocs,
  loginToken,
  request,
  type TestApp,
} from '../support/test-app';

const PASSWORD = 'a long and good password';
const HOUR = 3_600_000;

/**
 * Saved views of the queue (issue 32): the defaults, the team's shared views and each admin's own,
 * in each admin's order, each counted from the kept totals for the asking admin's access.
 */
describe('saved views', () => {
  let t: TestApp;
  let owner: string;
  let ownerId: string;
  let agent: { id: string; token: string };
  let manager: { id: string; token: string };
  const admins = () => t.connection.collection('admins');
  const idOf = async (email: string) => String((await admins().findOne({ email }))?._id);
  const added = async (email: string, role: string) => {
    await as(t, owner)
      .post(ADMINS_PATH, { email, password: 'an initial password', role })
      .expect(201);
    await createAdmin(t, email, PASSWORD);
    return { id: await idOf(email), token: await loginToken(t, email, PASSWORD) };
  };
  const views = async (token = owner): Promise<SavedView[]> =>
    (await as(t, token).get(VIEWS_PATH).expect(200)).body.views;
  const put = (token: string, path: string, body: object) =>
    request(t.http).put(path).set('Authorization', `Bearer ${token}`).send(body);

  /** Every lead `GET /leads` lists for a query, all pages through, as `token` sees them. */
  async function listed(query: ViewQuery, token: string): Promise<number> {
    let total = 0;
    let cursor: string | undefined;
    for (let n = 0; n < 100; n++) {
      const params = queueSearchParams({ ...query, limit: 200, cursor } as QueueQuery);
      const search = new URLSearchParams(
        Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined),
      );
      const res = await as(t, token).get(`${QUEUE_PATH}?${search}`).expect(200);
      total += res.body.data.length;
      cursor = res.body.nextCursor ?? undefined;
      if (!cursor) return total;
    }
    throw new Error('the queue never ended');
  }

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_DELAY_MAX_MS: '0' });
    await createAdmin(t, 'owner@example.com', PASSWORD);
    owner = await loginToken(t, 'owner@example.com', PASSWORD);
    ownerId = await idOf('owner@example.com');
    agent = await added('agent@example.com', 'agent');
    manager = await added('manager@example.com', 'manager');
    // The agent sees their own contact-us and KE demo leads and nobody's KE demo leads.
    await as(t, owner)
      .patch(`${ADMINS_PATH}/${agent.id}`, {
        access: { kinds: { contactUs: 'assigned', keDemo: 'assigned' }, seeUnassigned: true },
      })
      .expect(200);
    // Per kind, a mix the counts must tell apart: owners (the owner, the agent, nobody), stages,
    // stale (overdue) and fresh, waiting on us after a reply, put off by a follow-up, archived, spam.
    const owners = [null, ownerId, agent.id];
    for (const [k, kind] of LEAD_KIND_KEYS.entries()) {
      const descriptor = LEAD_KINDS[kind];
      const fresh = leadDocs(descriptor, 12, { tag: `fresh${k}`, start: Date.now() - HOUR });
      const stale = leadDocs(descriptor, 9, { tag: `stale${k}`, start: Date.now() - 80 * HOUR });
      const docs = [...fresh, ...stale].map((doc, i) => {
        const stage = LEAD_STAGES[(i + k) % LEAD_STAGES.length];
        const assignee = owners[i % owners.length];
        return {
          ...doc,
          stage,
          ...(assignee ? { assigneeId: new ObjectId(assignee) } : {}),
          ...(stage !== 'new' && i % 4 === 1
            ? { awaitingReplySince: new Date(doc.createdAt.getTime() + 1000) }
            : {}),
          ...(i % 7 === 3 ? { followUpAt: new Date(Date.now() + 24 * HOUR) } : {}),
        };
      });
      await insertLeadDocs(t, descriptor, docs);
      await insertLeadDocs(
        t,
        descriptor,
        leadDocs(descriptor, 3, { tag: `archived${k}`, archived: true }).map((doc, i) => ({
          ...doc,
          ...(i === 0 ? { assigneeId: new ObjectId(agent.id) } : {}),
        })),
      );
      await insertLeadDocs(
        t,
        descriptor,
        leadDocs(descriptor, 2, { tag: `spam${k}`, spam: ['blocklist'] }),
      );
    }
  });
  afterAll(() => t.close());

  it('answers the four defaults first, each with its query and count', async () => {
    const list = await views();
    expect(list.map(({ id, name, scope, query }) => ({ id, name, scope, query }))).toEqual(
      DEFAULT_VIEWS.map((view) => ({ ...view, scope: 'default' })),
    );
    // The seeds hold some of each (so the counts below compare something).
    for (const view of list) expect(view.count).toBeGreaterThan(0);
  });

  /** Queries the kept totals answer, and some they cannot. */
  const COUNTED: ViewQuery[] = [
    { kind: ['keDemo'] },
    { kind: ['contactUs', 'consultation'], stage: ['contacted', 'won'] },
    { stage: ['new'], owner: 'me' },
    { owner: 'nobody', needsReply: true },
    { owner: 'me', overdue: true },
    { archived: true },
    { archived: true, owner: 'me' },
    { spam: true, kind: ['brokerDemo'] },
    { kind: ['keDemo'], sort: 'due' },
  ];

  it('counts every view as GET /leads lists it, for the owner and for a scoped agent', async () => {
    for (const [i, query] of COUNTED.entries())
      await as(t, owner)
        .post(VIEWS_PATH, { name: `Counted ${i}`, query, shared: true })
        .expect(201);
    for (const token of [owner, agent.token]) {
      const list = await views(token);
      expect(list).toHaveLength(DEFAULT_VIEWS.length + COUNTED.length);
      for (const view of list) {
        const count = await listed(view.query, token);
        expect({ view: view.name, count: view.count }).toEqual({ view: view.name, count });
      }
    }
    // The scope holds: the agent's Mine and All differ from the owner's.
    const ownersMine = (await views(owner)).find((v) => v.id === 'mine')?.count;
    const agentsMine = (await views(agent.token)).find((v) => v.id === 'mine')?.count;
    expect(agentsMine).toBeGreaterThan(0);
    expect(ownersMine).not.toBe(agentsMine);
  });

  it('answers null for what the kept totals cannot count, never a number', async () => {
    for (const query of [
      { q: 'fresh0' },
      { stage: ['won'], needsReply: true },
      { overdue: true, needsReply: true },
      { archived: true, stage: ['lost'] },
    ] as ViewQuery[]) {
      const made = await as(t, owner)
        .post(VIEWS_PATH, { name: `Uncounted ${JSON.stringify(query)}`.slice(0, 60), query })
        .expect(201);
      expect(made.body.view.count).toBeNull();
      await as(t, owner).delete(viewPath(made.body.view.id)).expect(200);
    }
  });

  it('creates, renames, changes and deletes a personal view, audited', async () => {
    const made = await as(t, agent.token)
      .post(VIEWS_PATH, {
        name: '  My KE  ',
        query: { kind: 'keDemo', needsReply: false, owner: 'anyone' },
      })
      .expect(201);
    const { view } = made.body;
    expect(view).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'My KE',
      scope: 'personal',
      query: { kind: ['keDemo'] },
      count: await listed({ kind: ['keDemo'] }, agent.token),
    });
    // Only its admin sees it.
    expect((await views(agent.token)).map((v) => v.id)).toContain(view.id);
    expect((await views(owner)).map((v) => v.id)).not.toContain(view.id);

    const renamed = await as(t, agent.token)
      .patch(viewPath(view.id), { name: 'KE, overdue', query: { kind: ['keDemo'], overdue: true } })
      .expect(200);
    expect(renamed.body.view).toMatchObject({
      id: view.id,
      name: 'KE, overdue',
      query: { kind: ['keDemo'], overdue: true },
      count: await listed({ kind: ['keDemo'], overdue: true }, agent.token),
    });
    await as(t, agent.token).delete(viewPath(view.id)).expect(200, { success: true });
    expect((await views(agent.token)).map((v) => v.id)).not.toContain(view.id);
    await as(t, agent.token).delete(viewPath(view.id)).expect(404);

    const log = (await auditLog(t, owner)).filter((e: AuditEntry) => e.ids.includes(view.id));
    expect(log.map((e) => [e.action, e.admin.id, e.detail])).toEqual([
      ['view-deleted', agent.id, { view: 'KE, overdue', scope: 'personal' }],
      ['view-changed', agent.id, { view: 'KE, overdue', scope: 'personal' }],
      ['view-created', agent.id, { view: 'My KE', scope: 'personal' }],
    ]);
  });

  it('refuses bad names and queries with 400 and errors per field, as GET /leads does', async () => {
    const refused = async (body: unknown, field: string) => {
      const res = await as(t, owner)
        .post(VIEWS_PATH, body as object)
        .expect(400);
      expect(res.body.success).toBe(false);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    };
    const query = {};
    await refused({ query }, 'name');
    await refused({ name: '', query }, 'name');
    await refused({ name: '   ', query }, 'name');
    await refused({ name: 'x'.repeat(61), query }, 'name');
    await refused({ name: 'a\tb', query }, 'name');
    await refused({ name: 'a\u0085b', query }, 'name');
    await refused({ name: 42, query }, 'name');
    await refused({ name: 'x' }, 'query');
    await refused({ name: 'x', query: 'kind=keDemo' }, 'query');
    await refused({ name: 'x', query, shared: 'yes' }, 'shared');
    await refused({ name: 'x', query, extra: 1 }, 'extra');
    await refused({ name: 'x', query: { kind: ['nowhere'] } }, 'query.kind');
    await refused({ name: 'x', query: { stage: ['maybe'] } }, 'query.stage');
    await refused({ name: 'x', query: { owner: 'someone' } }, 'query.owner');
    await refused({ name: 'x', query: { needsReply: 'yes' } }, 'query.needsReply');
    await refused({ name: 'x', query: { sort: 'random' } }, 'query.sort');
    await refused({ name: 'x', query: { q: 'x'.repeat(201) } }, 'query.q');
    await refused({ name: 'x', query: { limit: 5 } }, 'query.limit');
    await refused({ name: 'x', query: { cursor: 'abc' } }, 'query.cursor');
    await refused({ name: 'x', query: { archived: true, spam: true } }, 'query.spam');
    await refused({ name: 'x', query: { archived: true, overdue: true } }, 'query.overdue');
    await refused({ name: 'x', query: { spam: true, sort: 'due' } }, 'query.sort');
    // JSON has null where a query string has none; no parameter of the document is nullable.
    await refused({ name: 'x', query: { sort: null } }, 'query.sort');
    await refused({ name: 'x', query: { owner: 'me', kind: null } }, 'query.kind');
    // The same refusals from GET /leads, for the same parameters.
    await as(t, owner).get(`${QUEUE_PATH}?archived=true&overdue=true`).expect(400);

    const made = (await as(t, owner).post(VIEWS_PATH, { name: 'Fine', query }).expect(201)).body
      .view as SavedView;
    await as(t, owner).patch(viewPath(made.id), {}).expect(400);
    const bad = await as(t, owner)
      .patch(viewPath(made.id), { query: { needsReply: true, spam: true } })
      .expect(400);
    expect(Object.keys(bad.body.errors)).toEqual(['query.needsReply']);
    const nulled = await as(t, owner)
      .patch(viewPath(made.id), { query: { q: null } })
      .expect(400);
    expect(Object.keys(nulled.body.errors)).toEqual(['query.q']);
    await as(t, owner).delete(viewPath(made.id)).expect(200);
  });

  it('keeps names unique per owner, case aside, and never a default’s (409)', async () => {
    const mine = await as(t, manager.token)
      .post(VIEWS_PATH, { name: 'Hot leads', query: {} })
      .expect(201);
    await as(t, manager.token).post(VIEWS_PATH, { name: 'HOT LEADS', query: {} }).expect(409);
    await as(t, manager.token).post(VIEWS_PATH, { name: 'mine', query: {} }).expect(409);
    // Another admin's, or the team's, may share the name.
    const agents = await as(t, agent.token)
      .post(VIEWS_PATH, { name: 'Hot leads', query: {} })
      .expect(201);
    const shared = await as(t, manager.token)
      .post(VIEWS_PATH, { name: 'Hot leads', query: {}, shared: true })
      .expect(201);
    const other = await as(t, manager.token)
      .post(VIEWS_PATH, { name: 'Cold leads', query: {} })
      .expect(201);
    await as(t, manager.token)
      .patch(viewPath(other.body.view.id), { name: 'hot Leads' })
      .expect(409);
    for (const [token, made] of [
      [manager.token, mine],
      [agent.token, agents],
      [manager.token, shared],
      [manager.token, other],
    ] as const)
      await as(t, token).delete(viewPath(made.body.view.id)).expect(200);
  });

  it('lets only settings.leads roles make, change or delete shared views (403 for an agent)', async () => {
    const refusal =
      'Your role (agent) does not allow this: it needs the permission settings.leads.';
    const refused = await as(t, agent.token)
      .post(VIEWS_PATH, { name: 'Team view', query: {}, shared: true })
      .expect(403);
    expect(refused.body).toMatchObject({ success: false, message: refusal });
    const shared = (
      await as(t, manager.token)
        .post(VIEWS_PATH, { name: 'Team view', query: { owner: 'me' }, shared: true })
        .expect(201)
    ).body.view as SavedView;
    expect(shared.scope).toBe('shared');
    // Everyone sees it, counted for their own access (`me` is each viewer).
    const agentsCopy = (await views(agent.token)).find((v) => v.id === shared.id);
    expect(agentsCopy?.count).toBe(await listed({ owner: 'me' }, agent.token));
    await as(t, agent.token).patch(viewPath(shared.id), { name: 'Mine now' }).expect(403);
    await as(t, agent.token).delete(viewPath(shared.id)).expect(403);
    await as(t, owner).patch(viewPath(shared.id), { name: 'Team view 2' }).expect(200);
    await as(t, manager.token).delete(viewPath(shared.id)).expect(200);
  });

  it('answers 404 for another admin’s personal view, and 409 for the defaults', async () => {
    const theirs = (
      await as(t, manager.token).post(VIEWS_PATH, { name: 'Private', query: {} }).expect(201)
    ).body.view as SavedView;
    for (const token of [owner, agent.token]) {
      await as(t, token).patch(viewPath(theirs.id), { name: 'Taken' }).expect(404);
      await as(t, token).delete(viewPath(theirs.id)).expect(404);
      await put(token, VIEWS_ORDER_PATH, { ids: [theirs.id] }).expect(400);
    }
    await as(t, owner).delete(viewPath('ffffffffffffffffffffffff')).expect(404);
    await as(t, owner).delete(viewPath('not-an-id')).expect(404);
    await as(t, owner).delete(viewPath('mine')).expect(409);
    await as(t, owner).patch(viewPath('overdue'), { name: 'Late' }).expect(409);
    await as(t, manager.token).delete(viewPath(theirs.id)).expect(200);
  });

  it('reorders the caller’s own list, defaults and shared views among theirs', async () => {
    const a = (await as(t, agent.token).post(VIEWS_PATH, { name: 'A', query: {} }).expect(201)).body
      .view as SavedView;
    const b = (await as(t, agent.token).post(VIEWS_PATH, { name: 'B', query: {} }).expect(201)).body
      .view as SavedView;
    const before = (await views(agent.token)).map((v) => v.id);
    expect(before.slice(-2)).toEqual([a.id, b.id]);
    const res = await put(agent.token, VIEWS_ORDER_PATH, { ids: [b.id, 'overdue', a.id] }).expect(
      200,
    );
    const order = [
      b.id,
      'overdue',
      a.id,
      ...before.filter((id) => ![a.id, b.id, 'overdue'].includes(id)),
    ];
    expect(res.body.views.map((v: SavedView) => v.id)).toEqual(order);
    expect((await views(agent.token)).map((v) => v.id)).toEqual(order);
    // Another admin's order is their own.
    expect((await views(owner)).slice(0, 4).map((v) => v.id)).toEqual(
      DEFAULT_VIEWS.map((v) => v.id),
    );
    for (const body of [
      {},
      { ids: 'a' },
      { ids: ['mine', 'mine'] },
      { ids: ['nowhere'] },
      { ids: [1] },
    ])
      await put(agent.token, VIEWS_ORDER_PATH, body).expect(400);
    // A deleted view leaves the order; a new one comes last.
    await as(t, agent.token).delete(viewPath(b.id)).expect(200);
    const c = (await as(t, agent.token).post(VIEWS_PATH, { name: 'C', query: {} }).expect(201)).body
      .view as SavedView;
    const after = (await views(agent.token)).map((v) => v.id);
    expect(after[0]).toBe('overdue');
    expect(after[1]).toBe(a.id);
    expect(after[after.length - 1]).toBe(c.id);
    for (const id of [a.id, c.id]) await as(t, agent.token).delete(viewPath(id)).expect(200);
  });

  it(`holds each admin to ${VIEWS_MAX} views of their own (409)`, async () => {
    const made: string[] = [];
    for (let i = 0; i < VIEWS_MAX; i++)
      made.push(
        (
          await as(t, manager.token)
            .post(VIEWS_PATH, { name: `V${i}`, query: {} })
            .expect(201)
        ).body.view.id,
      );
    await as(t, manager.token).post(VIEWS_PATH, { name: 'One more', query: {} }).expect(409);
    // Theirs only: another admin still may.
    const others = await as(t, agent.token)
      .post(VIEWS_PATH, { name: 'One more', query: {} })
      .expect(201);
    await as(t, agent.token).delete(viewPath(others.body.view.id)).expect(200);
    for (const id of made) await as(t, manager.token).delete(viewPath(id)).expect(200);
  });
});
