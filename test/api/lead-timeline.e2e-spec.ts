import { Types } from 'mongoose';

import {
  ADMINS_PATH,
  LEAD_KINDS,
  leadWorkPaths,
  type TimelineEvent,
} from '../../nest/src/contract';
import { insertLeads, useSignedInKind } from '../support/test-app';

/** A lead's timeline: its arrival, then what admins did to it, oldest first, by whom. */
describe('lead timeline', () => {
  const kind = LEAD_KINDS.keDemo;
  const api = useSignedInKind(kind);
  const { get, post, paths } = api;
  const work = leadWorkPaths(kind);
  const timeline = async (id: string) =>
    (await get(work.timeline(id)).expect(200)).body.events as TimelineEvent[];

  it('starts with the arrival, then records each action with who did it and what changed', async () => {
    const [id, other] = await insertLeads(api.t, kind, 2);
    const me = (await get(ADMINS_PATH).expect(200)).body.admins[0] as { id: string; email: string };
    expect(await timeline(id!)).toEqual([
      { at: expect.any(String), type: 'received', admin: null, detail: {} },
    ]);

    await post(paths.read, { ids: [id, other] }).expect(200);
    await post(paths.stage, { ids: [id], stage: 'qualified' }).expect(200);
    await post(paths.assign, { ids: [id], adminId: me.id }).expect(200);
    await post(paths.archive, { ids: [id] }).expect(200);
    await post(paths.unarchive, { ids: [id] }).expect(200);
    await post(paths.unread, { ids: [id] }).expect(200);
    // Acting on a lead already so changes nothing, and adds nothing to its timeline.
    await post(paths.stage, { ids: [id], stage: 'qualified' }).expect(200);

    const events = await timeline(id!);
    const by = { id: me.id, email: me.email };
    expect(events.map(({ type, admin, detail }) => ({ type, admin, detail }))).toEqual([
      { type: 'received', admin: null, detail: {} },
      { type: 'read', admin: by, detail: { read: true } },
      { type: 'stage', admin: by, detail: { from: 'new', to: 'qualified' } },
      { type: 'assign', admin: by, detail: { from: null, to: by } },
      { type: 'archive', admin: by, detail: {} },
      { type: 'unarchive', admin: by, detail: {} },
      { type: 'read', admin: by, detail: { read: false } },
    ]);
    const times = events.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect((await timeline(other!)).map((e) => e.type)).toEqual(['received', 'read']);
  });

  it('goes with its lead when the lead is deleted', async () => {
    const [id] = await insertLeads(api.t, kind, 1, true);
    await post(paths.stage, { ids: [id], stage: 'lost' }).expect(200);
    await post(paths.delete, { ids: [id] }).expect(200);
    await get(work.timeline(id!)).expect(404);
    const stored = await api.t.connection
      .collection('lead_timelines')
      .findOne({ _id: new Types.ObjectId(id) });
    expect(stored).toBeNull();
  });

  it('answers 404 for an unknown lead and 400 for a malformed id', async () => {
    const unknown = new Types.ObjectId().toHexString();
    const missing = await get(work.timeline(unknown)).expect(404);
    expect(missing.body).toMatchObject({
      success: false,
      message: expect.stringContaining(unknown),
    });
    const malformed = await get(work.timeline('not-an-id')).expect(400);
    expect(malformed.body.success).toBe(false);
  });
});
