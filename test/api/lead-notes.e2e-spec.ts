import {
  AUDIT_PATH,
  LEAD_KINDS,
  leadWorkPaths,
  NOTE_TEXT_MAX,
  type AuditEntry,
  type LeadNote,
  type TimelineEvent,
} from '../../nest/src/contract';
import {
  createAdmin,
  insertLeads,
  loginToken,
  request,
  useSignedInKind,
} from '../support/test-app';

/** Internal notes on a lead: added by any admin, deleted by their author only, on the timeline. */
describe('lead notes', () => {
  const kind = LEAD_KINDS.contactUs;
  const api = useSignedInKind(kind);
  const { get, post } = api;
  const work = leadWorkPaths(kind);
  const del = (path: string, token = api.token) =>
    request(api.t.http).delete(path).set('Authorization', `Bearer ${token}`);

  it('adds a note (201), shows it on the timeline, and lets only its author delete it', async () => {
    const [id] = await insertLeads(api.t, kind, 1);
    const text = 'Called back 🚤 — wants a demo on Tuesday';
    const res = await post(work.notes(id!), { text }).expect(201);
    const note = res.body.note as LeadNote;
    expect(res.body).toEqual({
      success: true,
      note: {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        text,
        admin: { id: expect.any(String), email: 'admin@example.com' },
        at: expect.any(String),
      },
    });
    const events = (await get(work.timeline(id!)).expect(200)).body.events as TimelineEvent[];
    expect(events[1]).toEqual({ at: note.at, type: 'note', admin: note.admin, detail: note });

    await createAdmin(api.t, 'other@example.com');
    const other = await loginToken(api.t, 'other@example.com');
    await del(work.note(id!, note.id), other).expect(403);
    await del(work.note(id!, note.id)).expect(200, { success: true });
    await del(work.note(id!, note.id)).expect(404);
    const after = (await get(work.timeline(id!)).expect(200)).body.events as TimelineEvent[];
    expect(after.map((e) => e.type)).toEqual(['received']);

    const audit = (await get(AUDIT_PATH).expect(200)).body.entries as AuditEntry[];
    const mine = audit.filter((e) => e.action === 'note-added' || e.action === 'note-deleted');
    expect(mine.map((e) => e.action).sort()).toEqual(['note-added', 'note-deleted']);
    expect(JSON.stringify(mine)).not.toContain('Tuesday');
  });

  it('counts characters as the contract does and refuses bad text with 400', async () => {
    const [id] = await insertLeads(api.t, kind, 1);
    await post(work.notes(id!), { text: '🚤'.repeat(NOTE_TEXT_MAX) }).expect(201);
    const tooLong = await post(work.notes(id!), { text: 'a'.repeat(NOTE_TEXT_MAX + 1) }).expect(
      400,
    );
    expect(tooLong.body.errors.text).toBeDefined();
    for (const text of ['', '   ', 'a\u0000b', '\ud800', 5, null]) {
      const res = await post(work.notes(id!), { text }).expect(400);
      expect(res.body.errors.text).toBeDefined();
    }
    await post(work.notes(id!), {}).expect(400);
  });

  it('answers 404 for an unknown lead or note and 400 for a malformed id', async () => {
    const [id] = await insertLeads(api.t, kind, 1);
    const unknown = '0123456789abcdef01234567';
    await post(work.notes(unknown), { text: 'x' }).expect(404);
    await del(work.note(unknown, unknown)).expect(404);
    await del(work.note(id!, unknown)).expect(404);
    await post(work.notes('nope'), { text: 'x' }).expect(400);
    await del(work.note(id!, 'nope')).expect(400);
  });
});
