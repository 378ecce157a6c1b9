import { Types } from 'mongoose';

import {
  ADMINS_PATH,
  type AdminRef,
  AUDIT_PATH,
  LEAD_KINDS,
  leadKindList,
  type LeadListResponse,
  leadPaths,
  leadWorkPaths,
  type TimelineEvent,
} from '../../nest/src/contract';
import { clearLeads, insertLeads, loginToken, request, useSignedInKind } from '../support/test-app';

/** A lead's owner: lists narrowed to mine, nobody's or one admin's; and an admin's removal. */
describe('lead owners', () => {
  const kind = LEAD_KINDS.contactUs;
  const api = useSignedInKind(kind);
  const { get, post, paths } = api;
  const ids = (res: { body: LeadListResponse<'contactUs'> }) => res.body.data.map((l) => l._id);

  let me: AdminRef;
  let other: AdminRef;
  beforeAll(async () => {
    const first = (await get(ADMINS_PATH).expect(200)).body.admins[0] as AdminRef;
    me = { id: first.id, email: first.email };
    const added = await post(ADMINS_PATH, {
      email: 'other.admin@example.com',
      password: 'an initial password',
    }).expect(201);
    other = { id: added.body.admin.id as string, email: 'other.admin@example.com' };
  });

  it('narrows a list to mine, nobody’s or one admin’s, total null as for a search', async () => {
    const [a, b, c, d] = await insertLeads(api.t, kind, 4);
    await post(paths.assign, { ids: [a, c], adminId: me.id }).expect(200);
    await post(paths.assign, { ids: [b], adminId: other.id }).expect(200);

    const mine = await get(`${paths.active}?assignee=me`).expect(200);
    expect(ids(mine)).toEqual([c, a]);
    expect(mine.body.total).toBeNull();
    expect(mine.body.data[0]?.assignee).toEqual({ id: me.id, email: me.email });
    expect(ids(await get(`${paths.active}?assignee=none`).expect(200))).toEqual([d]);
    expect(ids(await get(`${paths.active}?assignee=${other.id}`).expect(200))).toEqual([b]);
    // With a stage, and in pages.
    await post(paths.stage, { ids: [a], stage: 'won' }).expect(200);
    const wonMine = await get(`${paths.active}?assignee=me&stage=won`).expect(200);
    expect(ids(wonMine)).toEqual([a]);
    const first = await get(`${paths.active}?assignee=me&limit=1`).expect(200);
    expect(ids(first)).toEqual([c]);
    const next = await get(
      `${paths.active}?assignee=me&limit=1&cursor=${first.body.nextCursor as string}`,
    ).expect(200);
    expect(ids(next)).toEqual([a]);
    expect(next.body.nextCursor).toBeNull();
    // The archive too.
    await post(paths.archive, { ids: [c] }).expect(200);
    expect(ids(await get(`${paths.archived}?assignee=me`).expect(200))).toEqual([c]);
  });

  it('answers 404 for an unknown admin and 400 with errors for a malformed assignee', async () => {
    const unknown = new Types.ObjectId().toHexString();
    const missing = await get(`${paths.active}?assignee=${unknown}`).expect(404);
    expect(missing.body).toMatchObject({
      success: false,
      message: expect.stringContaining(unknown),
    });
    for (const bad of ['someone', '123', 'me&assignee=none']) {
      const res = await get(`${paths.active}?assignee=${bad}`).expect(400);
      expect(res.body).toMatchObject({ success: false, errors: { assignee: expect.any(Array) } });
    }
  });

  it('clears a removed admin’s leads in every kind, each timeline saying so', async () => {
    const leaving = await post(ADMINS_PATH, {
      email: 'leaving.admin@example.com',
      password: 'an initial password',
    }).expect(201);
    const gone: AdminRef = {
      id: leaving.body.admin.id as string,
      email: 'leaving.admin@example.com',
    };
    const owned: Record<string, string[]> = {};
    for (const each of leadKindList) {
      await clearLeads(api.t, each);
      const [x, y, z] = await insertLeads(api.t, each, 3);
      const their = leadPaths(each);
      await post(their.assign, { ids: [x, y], adminId: gone.id }).expect(200);
      await post(their.assign, { ids: [z], adminId: me.id }).expect(200);
      await post(their.archive, { ids: [y] }).expect(200);
      owned[each.key] = [x!, y!, z!];
    }

    await request(api.t.http)
      .delete(`${ADMINS_PATH}/${gone.id}`)
      .set('Authorization', `Bearer ${api.token}`)
      .expect(200);

    for (const each of leadKindList) {
      const their = leadPaths(each);
      const [x, y, z] = owned[each.key]!;
      const active = (await get(their.active).expect(200)).body as LeadListResponse<'contactUs'>;
      expect(active.data.find((l) => l._id === x)?.assignee).toBeNull();
      expect(active.data.find((l) => l._id === z)?.assignee).toEqual(me);
      const archived = (await get(their.archived).expect(200))
        .body as LeadListResponse<'contactUs'>;
      expect(archived.data.find((l) => l._id === y)?.assignee).toBeNull();
      for (const id of [x!, y!]) {
        const events = (await get(leadWorkPaths(each).timeline(id)).expect(200)).body
          .events as TimelineEvent[];
        expect(events.at(-1)).toMatchObject({
          type: 'assign',
          admin: { id: me.id, email: me.email },
          detail: { from: gone, to: null, reason: 'admin-removed' },
        });
      }
      // The assign action is refused for them now (no such admin).
      await post(their.assign, { ids: [z], adminId: gone.id }).expect(404);
    }
    expect((await get(`${paths.active}?assignee=${gone.id}`).expect(404)).body.success).toBe(false);
    // Their own session ended with them; ours goes on.
    await expect(loginToken(api.t, gone.email, 'an initial password')).rejects.toThrow();
    const audit = (await get(AUDIT_PATH).expect(200)).body.entries as { action: string }[];
    expect(audit.map((entry) => entry.action)).toContain('admin-removed');
  });
});
