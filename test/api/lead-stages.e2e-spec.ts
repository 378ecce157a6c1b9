import { Types } from 'mongoose';

import {
  AUDIT_PATH,
  type AuditEntry,
  INBOX_PATH,
  type Lead,
  LEAD_IDS_MAX,
  LEAD_KINDS,
} from '../../nest/src/contract';
import { LeadTotalsChecker } from '../../nest/src/leads/core/list-view/lead-totals.checker';
import { insertLeads, request, useSignedInKind } from '../support/test-app';

/** A lead's stage: set on one or many, shown in every answer, and the lists narrowed to stages. */
describe('lead stages', () => {
  const kind = LEAD_KINDS.contactUs;
  const api = useSignedInKind(kind);
  const { get, post, paths } = api;
  const stages = (leads: Lead[]) => Object.fromEntries(leads.map((l) => [l._id, l.stage]));
  const listed = async (query: string) =>
    ((await get(`${paths.active}?${query}`).expect(200)).body.data as Lead[]).map((l) => l._id);

  it('shows `new` for a lead that arrives and for one stored before stages', async () => {
    const [old] = await insertLeads(api.t, kind, 1);
    const created = await request(api.t.http)
      .post(paths.create)
      .send({ name: 'Ada', email: 'ada@example.com', message: 'Hello there', subject: 'Hi' })
      .expect(201);
    const fresh: string = created.body.id;
    const stored = await api.t.connection
      .collection(kind.collection)
      .findOne({ _id: new Types.ObjectId(fresh) });
    expect(stored?.stage).toBe('new');
    expect((await get(paths.one(old!)).expect(200)).body.lead.stage).toBe('new');
    const list = await get(paths.active).expect(200);
    expect(stages(list.body.data)).toEqual({ [old!]: 'new', [fresh]: 'new' });
  });

  it('sets the stage of one lead and of many, answering as the other actions do', async () => {
    const ids = await insertLeads(api.t, kind, 3);
    const one = await post(paths.stage, { ids: [ids[0]], stage: 'contacted' }).expect(200);
    expect(Object.keys(one.body).sort()).toEqual(
      [
        'success',
        'unarchived',
        'archived',
        'unarchivedTotal',
        'archivedTotal',
        'unreadTotal',
        'spamTotal',
        'unarchivedNextCursor',
        'archivedNextCursor',
      ].sort(),
    );
    expect(one.body).toMatchObject({ success: true, unarchivedTotal: 3, archivedTotal: 0 });
    expect(stages(one.body.unarchived)).toEqual({
      [ids[0]!]: 'contacted',
      [ids[1]!]: 'new',
      [ids[2]!]: 'new',
    });

    const many = await post(paths.stage, { ids, stage: 'won' }).expect(200);
    expect(Object.values(stages(many.body.unarchived))).toEqual(['won', 'won', 'won']);
    // Won is an outcome, not an archive: every lead stays in the inbox.
    expect(many.body).toMatchObject({ unarchivedTotal: 3, archivedTotal: 0, archived: [] });
    expect((await get(paths.one(ids[1]!)).expect(200)).body.lead.stage).toBe('won');
  });

  it('sets the stage of an archived lead without bringing it back', async () => {
    const [id] = await insertLeads(api.t, kind, 1, true);
    const { body } = await post(paths.stage, { ids: [id], stage: 'lost' }).expect(200);
    expect(body).toMatchObject({ unarchivedTotal: 0, archivedTotal: 1 });
    expect(body.archived[0]).toMatchObject({ _id: id, stage: 'lost' });
  });

  it('answers 404 for an unknown id and changes nothing', async () => {
    const [id] = await insertLeads(api.t, kind, 1);
    const unknown = new Types.ObjectId().toHexString();
    const { body } = await post(paths.stage, { ids: [id, unknown], stage: 'won' }).expect(404);
    expect(body).toMatchObject({ success: false, message: expect.stringContaining(unknown) });
    expect((await get(paths.one(id!)).expect(200)).body.lead.stage).toBe('new');
  });

  it.each<[string, object, string]>([
    ['no stage', { ids: ['6650b2f1c2a4e3b1f0a1b2c3'] }, 'stage'],
    ['an unknown stage', { ids: ['6650b2f1c2a4e3b1f0a1b2c3'], stage: 'closed' }, 'stage'],
    ['a stage that is not text', { ids: ['6650b2f1c2a4e3b1f0a1b2c3'], stage: 1 }, 'stage'],
    ['no ids', { stage: 'won' }, 'ids'],
    ['no id', { ids: [], stage: 'won' }, 'ids'],
    ['a malformed id', { ids: ['nope'], stage: 'won' }, 'ids'],
    [
      'too many ids',
      { ids: Array.from({ length: LEAD_IDS_MAX + 1 }, () => new Types.ObjectId()), stage: 'won' },
      'ids',
    ],
  ])('answers 400 for %s, naming the field', async (_, body, field) => {
    const answer = await post(paths.stage, body).expect(400);
    expect(answer.body).toMatchObject({ success: false, errors: { [field]: expect.any(Array) } });
  });

  it('is for signed-in admins only', async () => {
    await request(api.t.http).post(paths.stage).send({ ids: [], stage: 'won' }).expect(401);
  });

  it('records who set which stage of which leads', async () => {
    const ids = await insertLeads(api.t, kind, 2);
    await post(paths.stage, { ids, stage: 'qualified' }).expect(200);
    const { body } = await get(AUDIT_PATH).expect(200);
    const entry = (body.entries as AuditEntry[]).find((e) => e.action === 'stage');
    expect(entry).toMatchObject({
      kind: kind.key,
      ids,
      detail: { stage: 'qualified' },
      admin: { email: expect.any(String) },
    });
  });

  describe('lists narrowed to stages', () => {
    let ids: string[];
    beforeEach(async () => {
      ids = await insertLeads(api.t, kind, 4); // oldest first; lists are newest first
      await post(paths.stage, { ids: [ids[0]], stage: 'won' }).expect(200);
      await post(paths.stage, { ids: [ids[1]], stage: 'lost' }).expect(200);
      await post(paths.stage, { ids: [ids[2]], stage: 'qualified' }).expect(200);
    });

    it('filters by one stage, `new` including leads stored before stages', async () => {
      expect(await listed('stage=won')).toEqual([ids[0]]);
      expect(await listed('stage=new')).toEqual([ids[3]]);
      expect(await listed('stage=contacted')).toEqual([]);
      const { body } = await get(`${paths.active}?stage=won`).expect(200);
      expect(body).toMatchObject({ success: true, total: null, nextCursor: null });
    });

    it('filters by several, comma-separated or repeated, in list order', async () => {
      expect(await listed('stage=won,lost')).toEqual([ids[1], ids[0]]);
      expect(await listed('stage=won&stage=new')).toEqual([ids[3], ids[0]]);
      expect(await listed('stage=new,qualified&stage=lost')).toEqual([ids[3], ids[2], ids[1]]);
    });

    it('pages a narrowed list with its cursor', async () => {
      const first = await get(`${paths.active}?stage=won,lost,new&limit=2`).expect(200);
      expect(first.body.data.map((l: Lead) => l._id)).toEqual([ids[3], ids[1]]);
      const next = await get(
        `${paths.active}?stage=won,lost,new&limit=2&cursor=${first.body.nextCursor}`,
      ).expect(200);
      expect(next.body.data.map((l: Lead) => l._id)).toEqual([ids[0]]);
    });

    it('narrows the archive too, and a search', async () => {
      await post(paths.archive, { ids: [ids[0], ids[2]] }).expect(200);
      const archived = await get(`${paths.archived}?stage=won`).expect(200);
      expect(archived.body.data.map((l: Lead) => l._id)).toEqual([ids[0]]);
      expect(await listed('stage=won')).toEqual([]);
      expect(await listed(`stage=lost&q=lead`)).toEqual([ids[1]]);
    });

    it.each(['stage=closed', 'stage=won,', 'stage=', 'stage=won&stage=nope'])(
      'answers 400 for %s',
      async (query) => {
        const { body } = await get(`${paths.active}?${query}`).expect(400);
        expect(body).toMatchObject({ success: false, errors: { stage: expect.any(Array) } });
      },
    );
  });

  describe('kept counts per stage (the inbox totals)', () => {
    const stageTotals = async () =>
      (await get(INBOX_PATH).expect(200)).body.kinds[kind.key].totals.stages as Record<
        string,
        number
      >;
    const counts = (c: Partial<Record<string, number>>) => ({
      new: 0,
      contacted: 0,
      qualified: 0,
      won: 0,
      lost: 0,
      ...c,
    });
    const submit = () =>
      request(api.t.http)
        .post(paths.create)
        .send({ name: 'Ada', email: 'ada@example.com', message: 'Hello there', subject: 'Hi' })
        .expect(201);

    it('follows intake, stage changes, archive, unarchive and delete', async () => {
      const ids = await insertLeads(api.t, kind, 3);
      expect(await stageTotals()).toEqual(counts({ new: 3 }));
      const fresh: string = (await submit()).body.id;
      expect(await stageTotals()).toEqual(counts({ new: 4 }));

      await post(paths.stage, { ids: [ids[0], ids[1]], stage: 'won' }).expect(200);
      await post(paths.stage, { ids: [fresh], stage: 'contacted' }).expect(200);
      expect(await stageTotals()).toEqual(counts({ new: 1, contacted: 1, won: 2 }));

      // The counts are the active list's: an archived lead leaves its stage's count, and is back
      // in it (its stage kept) when unarchived.
      await post(paths.archive, { ids: [ids[0], ids[2]] }).expect(200);
      expect(await stageTotals()).toEqual(counts({ contacted: 1, won: 1 }));
      await post(paths.stage, { ids: [ids[0]], stage: 'lost' }).expect(200);
      expect(await stageTotals()).toEqual(counts({ contacted: 1, won: 1 }));
      await post(paths.unarchive, { ids: [ids[0]] }).expect(200);
      expect(await stageTotals()).toEqual(counts({ contacted: 1, won: 1, lost: 1 }));

      await post(paths.delete, { ids: [ids[2]] }).expect(200);
      expect(await stageTotals()).toEqual(counts({ contacted: 1, won: 1, lost: 1 }));
      await post(paths.archive, { ids: [fresh] }).expect(200);
      await post(paths.delete, { ids: [fresh] }).expect(200);
      expect(await stageTotals()).toEqual(counts({ won: 1, lost: 1 }));
    });

    it('is counted and corrected by the totals check when it drifted', async () => {
      const ids = await insertLeads(api.t, kind, 3);
      await post(paths.stage, { ids: [ids[0]], stage: 'qualified' }).expect(200);
      // Another writer changed stages behind the API's back: the kept counts are now wrong.
      await api.t.connection.collection(kind.collection).updateMany(
        { _id: { $in: [ids[1], ids[2]].map((id) => new Types.ObjectId(id)) } },
        {
          $set: { stage: 'lost' },
        },
      );
      expect(await stageTotals()).toEqual(counts({ new: 2, qualified: 1 }));
      const checker = api.t.app.get(LeadTotalsChecker);
      await checker.settle(kind.key);
      expect(await stageTotals()).toEqual(counts({ qualified: 1, lost: 2 }));
    });
  });
});
