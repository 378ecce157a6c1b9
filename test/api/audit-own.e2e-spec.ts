import {
  ADMINS_PATH,
  AUDIT_PATH,
  type AuditEntry,
  LEAD_KINDS,
  leadPaths,
  leadWorkPaths,
} from '../../nest/src/contract';
import { as } from '../support/account';
import {
  createAdmin,
  createTestApp,
  insertLeads,
  loginToken,
  type TestApp,
} from '../support/test-app';

const PASSWORD = 'a long and good password';
const contactUs = LEAD_KINDS.contactUs;
const paths = leadPaths(contactUs);

/**
 * Issue 34: an agent (and a viewer) reads the activity log of their own actions only; owners and
 * managers read everyone's. Whose entries follows from the session, never from the request.
 */
describe('the activity log, of one’s own actions', () => {
  let t: TestApp;
  let owner: string;
  const tokens: Record<'manager' | 'agent' | 'viewer', { id: string; token: string }> = {} as never;
  const idOf = async (email: string) =>
    String((await t.connection.collection('admins').findOne({ email }))?._id);
  const page = async (token: string, query = '?limit=200') =>
    (await as(t, token).get(`${AUDIT_PATH}${query}`).expect(200)).body as {
      entries: AuditEntry[];
      nextCursor: string | null;
    };
  const whose = (entries: AuditEntry[]) => [...new Set(entries.map((e) => e.admin.id))];

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_DELAY_MAX_MS: '0' });
    await createAdmin(t, 'owner@example.com', PASSWORD);
    owner = await loginToken(t, 'owner@example.com', PASSWORD);
    for (const role of ['manager', 'agent', 'viewer'] as const) {
      const email = `${role}@example.com`;
      await as(t, owner)
        .post(ADMINS_PATH, { email, password: 'an initial password', role })
        .expect(201);
      await createAdmin(t, email, PASSWORD);
      tokens[role] = { id: await idOf(email), token: await loginToken(t, email, PASSWORD) };
    }
    // The agent works a lead of theirs; the owner works another.
    const [mine, other] = (await insertLeads(t, contactUs, 2)) as [string, string];
    await as(t, owner)
      .patch(`${ADMINS_PATH}/${tokens.agent.id}`, { access: { kinds: { contactUs: 'assigned' } } })
      .expect(200);
    await as(t, owner)
      .post(paths.assign, { ids: [mine], adminId: tokens.agent.id })
      .expect(200);
    await as(t, tokens.agent.token)
      .post(leadWorkPaths(contactUs).notes(mine), { text: 'called back' })
      .expect(201);
    await as(t, owner)
      .post(paths.read, { ids: [other] })
      .expect(200);
  });
  afterAll(() => t.close());

  it('gives an agent their own sign-ins and actions, nobody else’s', async () => {
    const { entries } = await page(tokens.agent.token);
    expect(whose(entries)).toEqual([tokens.agent.id]);
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['sign-in', 'note-added']));
    // The owner's actions on the agent (their role, their access, the lead given to them) are the
    // owner's: not in the agent's log.
    expect(entries.map((e) => e.action)).not.toContain('access-changed');
    expect(entries.map((e) => e.action)).not.toContain('assign');
  });

  it('gives a viewer their own, and owners and managers everyone’s', async () => {
    expect(whose((await page(tokens.viewer.token)).entries)).toEqual([tokens.viewer.id]);
    const ownerId = await idOf('owner@example.com');
    for (const token of [owner, tokens.manager.token]) {
      const everyone = whose((await page(token)).entries);
      expect(everyone).toEqual(
        expect.arrayContaining([ownerId, tokens.manager.id, tokens.agent.id, tokens.viewer.id]),
      );
    }
  });

  it('pages one’s own entries by the cursor, and takes no say over whose from the request', async () => {
    const first = await page(tokens.agent.token, '?limit=1');
    expect(first.entries).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const next = await page(tokens.agent.token, `?limit=1&cursor=${String(first.nextCursor)}`);
    expect(whose([...first.entries, ...next.entries])).toEqual([tokens.agent.id]);
    expect(next.entries[0]?._id).not.toBe(first.entries[0]?._id);
    // A cursor taken from everyone's log still reads only their own after it.
    const everyone = await page(owner, '?limit=1');
    const after = await page(tokens.agent.token, `?cursor=${String(everyone.nextCursor)}`);
    expect(whose(after.entries)).toEqual([tokens.agent.id]);
    // Naming someone else is no part of the call: refused, not obeyed.
    const ownerId = await idOf('owner@example.com');
    for (const query of [`?adminId=${ownerId}`, `?by=${ownerId}`, '?admin[id]=x']) {
      const res = await as(t, tokens.agent.token).get(`${AUDIT_PATH}${query}`).expect(400);
      expect(res.body).toMatchObject({ success: false });
    }
  });
});
