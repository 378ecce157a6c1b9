import { Types } from 'mongoose';

import {
  ADMINS_PATH,
  type AdminRef,
  AUDIT_PATH,
  type AuditEntry,
  type ConversationPageResponse,
  conversationPaths,
  INBOUND_PATHS,
  INBOX_PATH,
  type InboxOverviewResponse,
  type Lead,
  leadField,
  LEAD_KINDS,
  LEAD_MERGE_MAX,
  type LeadKindDescriptor,
  leadMergePaths,
  type LeadMergeResponse,
  leadPaths,
  leadWorkPaths,
  PRIVACY_PATHS,
  type PrivacyLeadsResponse,
  type TimelineEvent,
} from '../../nest/src/contract';
import { MergeCheck } from '../../nest/src/leads/merge/merge-check';
import { MergeRecords } from '../../nest/src/leads/merge/store/merge-records.store';
import { newWebhookSecret, plainMessage, signedHeaders } from '../support/inbound-mail';
import { eventually, type MailReceiver, startMailReceiver } from '../support/receivers';
import { validSubmission } from '../support/submissions';
import { createAdmin, createTestApp, loginToken, request, type TestApp } from '../support/test-app';

const { contactUs, keDemo, brokerDemo } = LEAD_KINDS;
const secret = newWebhookSecret();

/**
 * `POST {base}/{plural}/:id/merge` and `…/unmerge` (issue 35): a person's requests of one kind
 * merged into one lead with everything attached, those of other kinds linked, and all of it taken
 * back as it was; on the real server and database.
 */
describe('merging one person’s requests', () => {
  let smtp: MailReceiver;
  let t: TestApp;
  let token = '';
  let me: AdminRef;
  const get = (path: string) => request(t.http).get(path).set('Authorization', `Bearer ${token}`);
  const post = (path: string, body: object) =>
    request(t.http).post(path).set('Authorization', `Bearer ${token}`).send(body);
  // Each submission with words of its own: one text from three addresses would be held as spam.
  let submissions = 0;
  const submit = async (kind: LeadKindDescriptor, email: string, extra: object = {}) =>
    (
      await request(t.http)
        .post(leadPaths(kind).create)
        .send({ ...validSubmission(kind, ++submissions), email, ...extra })
        .expect(201)
    ).body.id as string;
  const deliver = async (from: string, text: string) => {
    const raw = plainMessage({ from, text });
    await request(t.http)
      .post(INBOUND_PATHS.webhook)
      .set(signedHeaders(raw, secret))
      .send(Buffer.from(raw))
      .expect(202);
  };
  const lead = async (kind: LeadKindDescriptor, id: string) =>
    (await get(leadPaths(kind).one(id)).expect(200)).body.lead as Lead;
  const timeline = async (kind: LeadKindDescriptor, id: string) =>
    (await get(leadWorkPaths(kind).timeline(id)).expect(200)).body.events as TimelineEvent[];
  const messages = async (kind: LeadKindDescriptor, id: string) =>
    (
      (await get(`${conversationPaths(kind).messages(id)}?limit=50`).expect(200))
        .body as ConversationPageResponse
    ).messages.map((m) => m.text.trim());
  const totals = async () => (await get(INBOX_PATH).expect(200)).body as InboxOverviewResponse;
  const kindTotals = async (kind: LeadKindDescriptor) => (await totals()).kinds[kind.key].totals;
  const listIds = async (kind: LeadKindDescriptor, list: 'active' | 'archived') => {
    const res = await get(`${leadPaths(kind)[list]}?limit=100`).expect(200);
    return { ids: (res.body.data as Lead[]).map((l) => l._id), total: res.body.total as number };
  };
  const merge = (kind: LeadKindDescriptor, id: string, from: unknown[], dryRun = false) =>
    post(leadMergePaths(kind).merge(id, dryRun), { from });
  const unmerge = (kind: LeadKindDescriptor, id: string, mergeId: string) =>
    post(leadMergePaths(kind).unmerge(id), { mergeId });
  const audit = async () =>
    (await get(`${AUDIT_PATH}?limit=100`).expect(200)).body.entries as AuditEntry[];
  /** A lead as an unmerge must bring it back (its own fields, lists, stage and owner). */
  const asItWas = ({ updatedAt, otherRequests, overdue, dueAt, ...rest }: Lead) => {
    void [updatedAt, otherRequests, overdue, dueAt];
    return rest;
  };

  beforeAll(async () => {
    smtp = await startMailReceiver();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      NOTIFY_FROM: 'leads@boats.example',
      INBOUND_WEBHOOK_SECRET: secret,
      INTAKE_RATE_LIMIT: '1000',
    });
    await createAdmin(t);
    token = await loginToken(t);
    const first = (await get(ADMINS_PATH).expect(200)).body.admins[0] as AdminRef;
    me = { id: first.id, email: first.email };
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('merges a request with its notes, messages, replies, timeline; links other kinds; unmerges it as it was', async () => {
    const email = 'ada.lovelace@example.com';
    // K first: a message reaches the sender's newest active lead of any kind.
    const k = await submit(keDemo, email, { company: 'Analytical Boats' });
    const a = await submit(contactUs, email, { message: 'FIRST ASK about a berth' });
    const b = await submit(contactUs, 'Ada.Lovelace@Example.com', {
      message: 'SECOND ASK about a mooring',
    });
    // Messages in time order across both: m1 reaches B (the newest active), m2 reaches A while B
    // is archived, m3 reaches B again.
    await deliver(email, 'm1 to B');
    await post(leadPaths(contactUs).archive, { ids: [b] }).expect(200);
    await deliver(email, 'm2 to A');
    await post(leadPaths(contactUs).unarchive, { ids: [b] }).expect(200);
    await deliver(email, 'm3 to B');
    await post(leadWorkPaths(contactUs).notes(a), { text: 'NOTE ON A' }).expect(201);
    await post(leadWorkPaths(contactUs).notes(b), { text: 'NOTE ON B' }).expect(201);
    await post(leadWorkPaths(contactUs).reply(b), {
      subject: 'Mooring',
      text: 'REPLY TO B',
    }).expect(202);
    await post(leadPaths(contactUs).stage, { ids: [b], stage: 'qualified' }).expect(200);
    await post(leadPaths(contactUs).assign, { ids: [b], adminId: me.id }).expect(200);
    // The reply's delivery settles first (it is on the timeline and, sent, in the conversation).
    await eventually(async () =>
      (await timeline(contactUs, b)).some((e) => e.type === 'reply' && e.detail.status === 'sent'),
    );
    await eventually(async () => (await messages(contactUs, b)).length === 3);
    // The sent reply ends B's wait last, after it is in the conversation (onOutbound).
    await eventually(async () => (await lead(contactUs, b)).awaitingReplySince === null);

    const before = {
      a: await lead(contactUs, a),
      b: await lead(contactUs, b),
      aTimeline: await timeline(contactUs, a),
      bTimeline: await timeline(contactUs, b),
      kTimeline: await timeline(keDemo, k),
      totals: await totals(),
    };
    expect(await messages(contactUs, b)).toEqual(['m1 to B', 'm3 to B', 'REPLY TO B']);
    expect(await messages(contactUs, a)).toEqual(['m2 to A']);
    expect(before.a.otherRequests).toBe(2);
    expect(before.b).toMatchObject({ stage: 'qualified', assignee: me });

    // A dry run answers what would move, and changes nothing.
    const dry = await merge(
      contactUs,
      a,
      [
        { kind: 'contactUs', id: b },
        { kind: 'keDemo', id: k },
      ],
      true,
    ).expect(200);
    expect(dry.body).toEqual({
      success: true,
      dryRun: true,
      merge: {
        id: null,
        target: { kind: 'contactUs', id: a },
        merged: [{ kind: 'contactUs', id: b }],
        linked: [{ kind: 'keDemo', id: k }],
        moves: {
          events: before.bTimeline.length - 1,
          notes: 1,
          replies: 1,
          messages: 3,
        },
        at: expect.stringMatching(/Z$/),
      },
    } satisfies LeadMergeResponse);
    expect(await lead(contactUs, b)).toEqual(before.b);
    expect(await timeline(contactUs, a)).toEqual(before.aTimeline);
    expect(await totals()).toEqual(before.totals);

    const done = await merge(contactUs, a, [
      { kind: 'contactUs', id: b.toUpperCase() },
      { kind: 'keDemo', id: k },
    ]).expect(200);
    const merged = (done.body as LeadMergeResponse).merge;
    expect(merged).toMatchObject({
      merged: [{ kind: 'contactUs', id: b }],
      linked: [{ kind: 'keDemo', id: k }],
    });
    const mergeId = merged.id as string;
    expect(mergeId).toMatch(/^[0-9a-f]{24}$/);

    // B is gone from its list, its search and the kept totals; A keeps its own stage and owner.
    await get(leadPaths(contactUs).one(b)).expect(404);
    expect((await listIds(contactUs, 'active')).ids).not.toContain(b);
    const search = await get(`${leadPaths(contactUs).active}?q=mooring`).expect(200);
    expect((search.body.data as Lead[]).map((l) => l._id)).toEqual([]);
    const after = (await totals()).kinds.contactUs.totals;
    const was = before.totals.kinds.contactUs.totals;
    expect(after.active).toBe(was.active - 1);
    expect(after.stages.qualified).toBe(was.stages.qualified - 1);
    expect((await listIds(contactUs, 'active')).total).toBe(after.active);
    expect((await totals()).kinds.keDemo.totals).toEqual(before.totals.kinds.keDemo.totals);
    const target = await lead(contactUs, a);
    expect(target).toMatchObject({ stage: before.a.stage, assignee: before.a.assignee });
    // The address's count lost B: A's other requests are K alone.
    expect(target.otherRequests).toBe(1);
    expect((await lead(keDemo, k)).otherRequests).toBe(1);

    // B's messages are A's, in the order they came; its notes, reply and entries are on A's
    // timeline in time order, with its original text; K is linked on both timelines.
    expect(await messages(contactUs, a)).toEqual(['m1 to B', 'm2 to A', 'm3 to B', 'REPLY TO B']);
    const events = await timeline(contactUs, a);
    const times = events.map((e) => e.at);
    expect([...times].sort()).toEqual(times);
    const texts = events.flatMap((e) => (e.type === 'note' ? [e.detail.text] : []));
    expect(texts.sort()).toEqual(['NOTE ON A', 'NOTE ON B']);
    expect(events.filter((e) => e.type === 'reply').map((e) => e.detail.text)).toEqual([
      'REPLY TO B',
    ]);
    for (const event of before.bTimeline.filter((e) => e.type !== 'received'))
      expect(events).toContainEqual(event);
    const entry = events.find((e) => e.type === 'merge');
    expect(entry).toMatchObject({
      admin: me,
      detail: {
        mergeId,
        from: { kind: 'contactUs', id: b },
        original: {
          createdAt: before.b.createdAt,
          name: before.b.name,
          email: before.b.email,
          fields: { message: 'SECOND ASK about a mooring' },
        },
      },
    });
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'link',
        detail: { mergeId, with: { kind: 'keDemo', id: k } },
      }),
    );
    expect(await timeline(keDemo, k)).toContainEqual(
      expect.objectContaining({
        type: 'link',
        detail: { mergeId, with: { kind: 'contactUs', id: a } },
      }),
    );
    expect((await listIds(keDemo, 'active')).ids).toContain(k);

    // A lead merged already is refused (409), as target or merged again; nothing changes.
    const c = await submit(contactUs, email);
    const again = await merge(contactUs, c, [{ kind: 'contactUs', id: b }]).expect(409);
    expect(again.body).toMatchObject({ success: false, message: expect.stringContaining(b) });
    await merge(contactUs, b, [{ kind: 'contactUs', id: c }]).expect(409);
    expect((await lead(contactUs, c)).otherRequests).toBe(2);

    // Unmerge: B comes back as it was, with all it had; A and K as they were, with an entry.
    const back = await unmerge(contactUs, a, mergeId).expect(200);
    expect(back.body).toEqual({
      success: true,
      restored: [{ kind: 'contactUs', id: b }],
      unlinked: [{ kind: 'keDemo', id: k }],
    });
    expect(asItWas(await lead(contactUs, b))).toEqual(asItWas(before.b));
    expect(await timeline(contactUs, b)).toEqual(before.bTimeline);
    expect(await messages(contactUs, b)).toEqual(['m1 to B', 'm3 to B', 'REPLY TO B']);
    expect(await messages(contactUs, a)).toEqual(['m2 to A']);
    const aAfter = await timeline(contactUs, a);
    expect(aAfter.slice(0, -1)).toEqual(before.aTimeline);
    expect(aAfter.at(-1)).toMatchObject({
      type: 'unmerge',
      admin: me,
      detail: { mergeId, restored: [{ kind: 'contactUs', id: b }] },
    });
    expect(await timeline(keDemo, k)).toEqual(before.kTimeline);
    const restored = await totals();
    expect(restored.kinds.contactUs.totals.active).toBe(was.active + 1); // C arrived since
    expect(restored.kinds.contactUs.totals.stages).toEqual({
      ...was.stages,
      new: was.stages.new + 1,
    });
    expect((await lead(contactUs, a)).otherRequests).toBe(3);
    expect(
      (await get(`${leadPaths(contactUs).active}?q=mooring`).expect(200)).body.data,
    ).toHaveLength(1);

    // Taken back once: the merge is gone.
    await unmerge(contactUs, a, mergeId).expect(404);

    // Audited: the merge and the unmerge, not the dry run.
    const log = await audit();
    const mine = log.filter((e) => e.action === 'leads-merged' || e.action === 'leads-unmerged');
    expect(mine.map((e) => e.action).sort()).toEqual(['leads-merged', 'leads-unmerged']);
    expect(mine.find((e) => e.action === 'leads-merged')).toMatchObject({
      kind: 'contactUs',
      ids: [a, b],
      detail: { merge: mergeId, linked: `keDemo:${k}` },
    });
  });

  it('an Undo right after the merge takes it back whole', async () => {
    const email = 'grace.hopper@example.com';
    const a = await submit(contactUs, email);
    const b = await submit(contactUs, email, { message: 'undo me' });
    await post(leadWorkPaths(contactUs).notes(b), { text: 'NOTE' }).expect(201);
    const was = await kindTotals(contactUs);
    const bBefore = await lead(contactUs, b);
    const bTimeline = await timeline(contactUs, b);
    const { merge: done } = (await merge(contactUs, a, [{ kind: 'contactUs', id: b }]).expect(200))
      .body as LeadMergeResponse;
    expect((await kindTotals(contactUs)).active).toBe(was.active - 1);
    await unmerge(contactUs, a, done.id as string).expect(200);
    expect(await kindTotals(contactUs)).toEqual(was);
    expect(asItWas(await lead(contactUs, b))).toEqual(asItWas(bBefore));
    expect(await timeline(contactUs, b)).toEqual(bTimeline);
  });

  it('refuses bad input with 400 and errors per field, changing nothing', async () => {
    const email = 'bad.input@example.com';
    const a = await submit(contactUs, email);
    const b = await submit(contactUs, email);
    const was = await totals();
    const fields = async (res: Promise<{ status: number; body: { errors?: object } }>) => {
      const { status, body } = await res;
      expect(status).toBe(400);
      return body.errors ?? {};
    };
    expect(await fields(post(leadMergePaths(contactUs).merge(a), {}))).toHaveProperty('from');
    expect(await fields(merge(contactUs, a, []))).toHaveProperty('from');
    expect(await fields(merge(contactUs, a, [{ kind: 'contactUs', id: a }]))).toHaveProperty(
      'from',
    );
    expect(
      await fields(merge(contactUs, a, [{ kind: 'contactUs', id: a.toUpperCase() }])),
    ).toHaveProperty('from');
    expect(
      await fields(
        merge(contactUs, a, [
          { kind: 'contactUs', id: b },
          { kind: 'contactUs', id: b },
        ]),
      ),
    ).toHaveProperty('from');
    const many = Array.from({ length: LEAD_MERGE_MAX + 1 }, () => ({
      kind: 'contactUs',
      id: new Types.ObjectId().toHexString(),
    }));
    expect(await fields(merge(contactUs, a, many))).toHaveProperty('from');
    const entry = await fields(merge(contactUs, a, [{ kind: 'boats', id: 'nope' }]));
    expect(entry).toHaveProperty(['from.0.kind']);
    expect(entry).toHaveProperty(['from.0.id']);
    expect(await fields(merge(contactUs, a, ['x']))).toHaveProperty('from');
    expect(
      await fields(merge(contactUs, a, [{ kind: 'contactUs', id: b, extra: 1 }])),
    ).toHaveProperty(['from.0.extra']);
    expect(
      await fields(
        post(`${leadMergePaths(contactUs).merge(a)}?dryRun=maybe`, {
          from: [{ kind: 'contactUs', id: b }],
        }),
      ),
    ).toHaveProperty('dryRun');
    await merge(contactUs, 'not-an-id', [{ kind: 'contactUs', id: b }]).expect(400);
    expect(await fields(unmerge(contactUs, a, 'nope'))).toHaveProperty('mergeId');
    expect(await totals()).toEqual(was);
    await get(leadPaths(contactUs).one(b)).expect(200);
  });

  it('answers 404 for an unknown lead, target or named, and changes nothing', async () => {
    const email = 'unknown.ids@example.com';
    const a = await submit(contactUs, email);
    const b = await submit(contactUs, email);
    const k = await submit(brokerDemo, email);
    const was = {
      totals: await totals(),
      a: await timeline(contactUs, a),
      b: await timeline(contactUs, b),
      k: await timeline(brokerDemo, k),
    };
    const unknown = new Types.ObjectId().toHexString();
    await merge(contactUs, unknown, [{ kind: 'contactUs', id: b }]).expect(404);
    const named = await merge(contactUs, a, [
      { kind: 'contactUs', id: b },
      { kind: 'contactUs', id: unknown },
    ]).expect(404);
    expect(named.body).toMatchObject({ success: false, message: expect.stringContaining(unknown) });
    await merge(contactUs, a, [
      { kind: 'contactUs', id: b },
      { kind: 'keDemo', id: k }, // K is a broker demo: no KE demo of that id
    ]).expect(404);
    await merge(contactUs, a, [{ kind: 'brokerDemo', id: unknown }]).expect(404);
    await unmerge(contactUs, a, unknown).expect(404);
    expect(await totals()).toEqual(was.totals);
    expect(await timeline(contactUs, a)).toEqual(was.a);
    expect(await timeline(contactUs, b)).toEqual(was.b);
    expect(await timeline(brokerDemo, k)).toEqual(was.k);
  });

  it('privacy access and erasure follow merged requests, of the same address or another', async () => {
    const mary = 'mary.shelley@example.com';
    const percy = 'percy.shelley@example.com';
    const maryOwn = await submit(contactUs, mary, { message: 'MARY OWN' });
    const maryOther = await submit(contactUs, mary, { message: 'MARY SECOND' });
    const percyLead = await submit(contactUs, percy, { message: 'PERCY OWN' });
    await post(leadWorkPaths(contactUs).notes(maryOther), { text: 'MARY NOTE' }).expect(201);

    // Mary's second request merged into Percy's lead (one household, say), and her first into it.
    const { merge: intoPercy } = (
      await merge(contactUs, percyLead, [{ kind: 'contactUs', id: maryOther }]).expect(200)
    ).body as LeadMergeResponse;
    const access = (
      await get(`${PRIVACY_PATHS.leads}?email=${encodeURIComponent(mary)}`).expect(200)
    ).body as PrivacyLeadsResponse;
    // Her own lead, and the lead that holds her merged request's text and note.
    expect(access.kinds.contactUs.map((l) => l._id).sort()).toEqual([maryOwn, percyLead].sort());
    expect(JSON.stringify(access.timelines[percyLead])).toContain('MARY SECOND');
    expect(JSON.stringify(access.timelines[percyLead])).toContain('MARY NOTE');

    // Erasing Mary takes her request back out of Percy's lead first, then erases it: Percy's lead
    // stays, holding nothing of hers.
    const erased = await post(PRIVACY_PATHS.erase, { email: mary }).expect(200);
    expect(erased.body.erased.contactUs).toBe(2);
    await get(leadPaths(contactUs).one(maryOther)).expect(404);
    const percyTimeline = JSON.stringify(await timeline(contactUs, percyLead));
    expect(percyTimeline).not.toContain('MARY');
    await unmerge(contactUs, percyLead, intoPercy.id as string).expect(404);
    const none = (await get(`${PRIVACY_PATHS.leads}?email=${encodeURIComponent(mary)}`).expect(200))
      .body as PrivacyLeadsResponse;
    expect(none.total).toBe(0);
    expect((await lead(contactUs, percyLead)).otherRequests).toBe(0);

    // Same address: erasing the person erases the target with what was merged into it, and the
    // merge (its copy of the merged request) with it.
    // Another person's request merged into the erased person's lead comes back, whole.
    const x = await submit(contactUs, percy, { message: 'PERCY AGAIN' });
    const claire = await submit(contactUs, 'claire@example.com', { message: 'CLAIRE OWN' });
    await post(leadWorkPaths(contactUs).notes(claire), { text: 'CLAIRE NOTE' }).expect(201);
    const claireTimeline = await timeline(contactUs, claire);
    const { merge: same } = (
      await merge(contactUs, percyLead, [
        { kind: 'contactUs', id: x },
        { kind: 'contactUs', id: claire },
      ]).expect(200)
    ).body as LeadMergeResponse;
    const gone = await post(PRIVACY_PATHS.erase, { email: percy }).expect(200);
    expect(gone.body.erased.contactUs).toBe(2);
    await get(leadPaths(contactUs).one(percyLead)).expect(404);
    await get(leadPaths(contactUs).one(x)).expect(404);
    expect(leadField(await lead(contactUs, claire), 'message')).toBe('CLAIRE OWN');
    expect(await timeline(contactUs, claire)).toEqual(claireTimeline);
    expect(await t.app.get(MergeRecords).byId(same.id as string)).toBeNull();
  });

  it('finishes a merge a process left midway, once, from its record', async () => {
    const email = 'left.midway@example.com';
    const a = await submit(contactUs, email);
    const b = await submit(contactUs, email, { message: 'LEFT MIDWAY' });
    await post(leadWorkPaths(contactUs).notes(b), { text: 'MIDWAY NOTE' }).expect(201);
    const was = await kindTotals(contactUs);
    const stored = await t.connection
      .collection(contactUs.collection)
      .findOne({ _id: new Types.ObjectId(b) });
    // What the merge writes first, and then a process dies: the record alone.
    const records = t.app.get(MergeRecords);
    const record = await records.create({
      kind: 'contactUs',
      targetId: a,
      state: 'merging',
      sources: [
        {
          id: b,
          lead: stored as never,
          eventIds: [],
          messageKeys: [],
          mergeEventId: new Types.ObjectId(),
        },
      ],
      linked: [],
      emailKeys: [email],
      unmergeEventId: null,
      admin: me,
      at: new Date(Date.now() - 60_000),
      touchedAt: new Date(Date.now() - 60_000),
    });
    // Not yet done: an unmerge waits for it.
    await unmerge(contactUs, a, record._id.toHexString()).expect(409);
    const check = t.app.get(MergeCheck);
    expect(await check.run()).toBe(1);
    expect(await check.run()).toBe(0);
    await get(leadPaths(contactUs).one(b)).expect(404);
    expect((await kindTotals(contactUs)).active).toBe(was.active - 1);
    const events = await timeline(contactUs, a);
    expect(events.filter((e) => e.type === 'note').map((e) => e.detail.text)).toEqual([
      'MIDWAY NOTE',
    ]);
    expect(events.filter((e) => e.type === 'merge')).toHaveLength(1);
    expect((await records.byId(record._id.toHexString()))?.state).toBe('merged');
  });
});
