import {
  AUDIT_PATH,
  INBOX_PATH,
  LEAD_KINDS,
  type LeadListResponse,
  RESPONSE_TARGET_DEFAULTS,
  RESPONSE_TARGETS_PATH,
} from '../../nest/src/contract';
import { insertLeads, request, useSignedInKind } from '../support/test-app';

const HOUR = 3_600_000;

/** Response targets, the overdue leads they make, and the needs-reply view. */
describe('response targets and overdue leads', () => {
  const kind = LEAD_KINDS.keDemo;
  const api = useSignedInKind(kind);
  const { get, post, paths } = api;
  const put = (body: unknown) =>
    request(api.t.http)
      .put(RESPONSE_TARGETS_PATH)
      .set('Authorization', `Bearer ${api.token}`)
      .send(body as object);
  const overdueOf = async () =>
    (await get(INBOX_PATH).expect(200)).body.kinds.keDemo.totals.overdue as number;

  afterEach(() => put({ ...RESPONSE_TARGET_DEFAULTS }).expect(200));

  it('answers the defaults, then a change to one kind, kept and audited', async () => {
    expect((await get(RESPONSE_TARGETS_PATH).expect(200)).body).toEqual({
      success: true,
      targets: RESPONSE_TARGET_DEFAULTS,
    });
    const changed = await put({ keDemo: 90 }).expect(200);
    const after = { ...RESPONSE_TARGET_DEFAULTS, keDemo: 90 };
    expect(changed.body).toEqual({ success: true, targets: after });
    expect((await get(RESPONSE_TARGETS_PATH).expect(200)).body.targets).toEqual(after);
    // Stored, not only in this process's memory.
    const stored = await api.t.connection.collection('settings').findOne({});
    expect(stored).toMatchObject({ keDemo: 90 });
    const audit = (await get(AUDIT_PATH).expect(200)).body.entries as {
      action: string;
      detail: object;
    }[];
    expect(audit[0]).toMatchObject({ action: 'response-targets-changed', detail: { keDemo: 90 } });
  });

  it('refuses targets that are not whole minutes in range, unknown kinds and an empty body', async () => {
    for (const [body, field] of [
      [{ keDemo: 0 }, 'keDemo'],
      [{ keDemo: 1.5 }, 'keDemo'],
      [{ contactUs: 'x' }, 'contactUs'],
      [{ consultation: 30 * 24 * 60 + 1 }, 'consultation'],
      [{ brokerDemo: null }, 'brokerDemo'],
      [{ keDemo: 60, spam: 5 }, 'spam'],
      [{}, 'contactUs'],
    ] as const) {
      const res = await put(body).expect(400);
      expect(res.body).toMatchObject({ success: false, errors: { [field]: expect.any(Array) } });
    }
    await put([]).expect(400);
    expect((await get(RESPONSE_TARGETS_PATH).expect(200)).body.targets).toEqual(
      RESPONSE_TARGET_DEFAULTS,
    );
    await request(api.t.http).get(RESPONSE_TARGETS_PATH).expect(401);
    await request(api.t.http).put(RESPONSE_TARGETS_PATH).send({ keDemo: 5 }).expect(401);
  });

  it('marks leads new, active and past the kind’s target overdue, in answers and in /inbox', async () => {
    // Three leads 10 hours old (past the 4-hour default), two 5 minutes old.
    const old = await insertLeads(api.t, kind, 3, false, Date.now() - 10 * HOUR);
    const recent = await insertLeads(api.t, kind, 2, false, Date.now() - 5 * 60_000);
    expect(await overdueOf()).toBe(3);

    const list = (await get(paths.active).expect(200)).body as LeadListResponse<'keDemo'>;
    const byId = new Map(list.data.map((lead) => [lead._id, lead]));
    for (const id of old) expect(byId.get(id)).toMatchObject({ overdue: true });
    for (const id of recent) expect(byId.get(id)).toMatchObject({ overdue: false });
    const one = (await get(paths.one(old[0]!)).expect(200)).body.lead;
    expect(Date.parse(one.dueAt) - Date.parse(one.createdAt)).toBe(4 * HOUR);

    // Contacted, archived: no longer overdue; the kept figure follows each change.
    await post(paths.stage, { ids: [old[0]], stage: 'contacted' }).expect(200);
    const archived = await post(paths.archive, { ids: [old[1]] }).expect(200);
    expect(archived.body.archived[0]).toMatchObject({ _id: old[1], overdue: false });
    expect(await overdueOf()).toBe(1);

    // A longer target: nothing is overdue; a one-minute one: every new active lead is.
    await put({ keDemo: 11 * 60 }).expect(200);
    expect(await overdueOf()).toBe(0);
    expect((await get(paths.one(old[2]!)).expect(200)).body.lead.overdue).toBe(false);
    await put({ keDemo: 1 }).expect(200);
    expect(await overdueOf()).toBe(3);
    const page = (await get(paths.active).expect(200)).body as LeadListResponse<'keDemo'>;
    expect(
      page.data
        .filter((lead) => lead.overdue)
        .map((lead) => lead._id)
        .sort(),
    ).toEqual([old[2]!, ...recent].sort());
  });

  it('lists what needs a reply: active new leads, oldest first, in pages', async () => {
    const ids = await insertLeads(api.t, kind, 5);
    const [, b, c, , e] = ids;
    await post(paths.stage, { ids: [c], stage: 'qualified' }).expect(200);
    await post(paths.archive, { ids: [e] }).expect(200);
    const want = ids.filter((id) => id !== c && id !== e);

    const all = await get(`${paths.active}?view=needs-reply`).expect(200);
    expect(all.body.data.map((lead: { _id: string }) => lead._id)).toEqual(want);
    expect(all.body.total).toBeNull();
    // The first page is kept for one version of the kind's leads: a change shows at once.
    await post(paths.stage, { ids: [want[0]], stage: 'contacted' }).expect(200);
    const changed = await get(`${paths.active}?view=needs-reply`).expect(200);
    expect(changed.body.data.map((lead: { _id: string }) => lead._id)).toEqual(want.slice(1));
    await post(paths.stage, { ids: [want[0]], stage: 'new' }).expect(200);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(
        `${paths.active}?view=needs-reply&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      ).expect(200);
      seen.push(...res.body.data.map((lead: { _id: string }) => lead._id));
      cursor = res.body.nextCursor as string | null;
    } while (cursor);
    expect(seen).toEqual(want);
    // Narrowed further: mine; and nothing in the archive or among other stages.
    const me = (await get('/admins').expect(200)).body.admins[0].id as string;
    await post(paths.assign, { ids: [b], adminId: me }).expect(200);
    const mine = await get(`${paths.active}?view=needs-reply&assignee=me`).expect(200);
    expect(mine.body.data.map((lead: { _id: string }) => lead._id)).toEqual([b]);
    expect((await get(`${paths.archived}?view=needs-reply`).expect(200)).body.data).toEqual([]);
    expect((await get(`${paths.active}?view=needs-reply&stage=won`).expect(200)).body.data).toEqual(
      [],
    );
    const bad = await get(`${paths.active}?view=urgent`).expect(400);
    expect(bad.body.errors).toHaveProperty('view');
  });

  it('exports the stage, owner, first response and overdue columns', async () => {
    const [a, b] = await insertLeads(api.t, kind, 2, false, Date.now() - 10 * HOUR);
    const me = (await get('/admins').expect(200)).body.admins[0] as { id: string; email: string };
    await post(paths.assign, { ids: [a], adminId: me.id }).expect(200);
    await post(paths.stage, { ids: [a], stage: 'won' }).expect(200);
    const csv = (await get(paths.exportCsv).expect(200)).text.trim().split('\r\n');
    const header = csv[0]!.split(',');
    // The work columns, before the source's (lead-source.e2e-spec.ts).
    const work = header.indexOf('stage');
    expect(header.slice(work, work + 4)).toEqual([
      'stage',
      'assignee',
      'firstResponseAt',
      'overdue',
    ]);
    const rows = Object.fromEntries(
      csv.slice(1).map((line) => [line.split(',')[0], line.split(',')]),
    );
    expect(rows[a!]!.slice(work, work + 4)).toEqual(['won', me.email, '', 'false']);
    expect(rows[b!]!.slice(work, work + 4)).toEqual(['new', '', '', 'true']);
  });
});
