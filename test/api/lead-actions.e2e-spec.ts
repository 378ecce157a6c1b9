import { Types } from 'mongoose';

import {
  type ArchiveResponse,
  LEAD_IDS_MAX,
  LEAD_KINDS,
  type Lead,
  type LeadAction,
  LIST_PAGE,
  RESPONSE_TARGET_DEFAULTS,
} from '../../nest/src/contract';
import { keyDeltas } from '../../nest/src/leads/core/lead-email-counts';
import { LeadEmailCounts } from '../../nest/src/leads/core/lead-email-counts.store';
import { insertLeads, request, useSignedInKind } from '../support/test-app';

/** Opening a lead, read marks, acting on many leads at once and erasing archived ones. */
describe('acting on leads', () => {
  const kind = LEAD_KINDS.consultation;
  const api = useSignedInKind(kind);
  const { get, post, paths } = api;
  const stored = (id: string) =>
    api.t.connection.collection(kind.collection).findOne({ _id: new Types.ObjectId(id) });

  describe('one lead', () => {
    it('answers every stored field, read or not', async () => {
      const [id] = await insertLeads(api.t, kind, 1);
      const { body } = await get(paths.one(id!)).expect(200);
      expect(body).toEqual({
        success: true,
        lead: {
          _id: id,
          name: 'Lead 0',
          email: 'lead0@example.com',
          phone_number: '+1 555 0100',
          location: 'location 0',
          createdAt: expect.stringMatching(/Z$/),
          updatedAt: expect.stringMatching(/Z$/),
          archivedAt: null,
          readAt: null,
          stage: 'new',
          assignee: null,
          firstResponseAt: null,
          followUpAt: null,
          // Stored a few seconds ago: due its kind's response target (8 h for a consultation) later.
          dueAt: expect.stringMatching(/Z$/),
          overdue: false,
          // Nothing of theirs waits on a reply of ours (issue 33).
          awaitingReplySince: null,
          wroteAgain: false,
          source: null,
          otherRequests: 0,
          spamAt: null,
          spamReasons: [],
        },
      });
      const lead = body.lead as Lead;
      expect(Date.parse(lead.dueAt) - Date.parse(lead.createdAt)).toBe(
        RESPONSE_TARGET_DEFAULTS[kind.key] * 60_000,
      );
    });

    it('answers 404 for an unknown id, 400 for a malformed one, 401 without a token', async () => {
      await get(paths.one(new Types.ObjectId().toHexString())).expect(404);
      const bad = await get(paths.one('not-an-id')).expect(400);
      expect(bad.body).toMatchObject({ success: false, message: expect.stringContaining('id') });
      await request(api.t.http).get(paths.one(new Types.ObjectId().toHexString())).expect(401);
    });
  });

  describe('read and unread', () => {
    it('marks leads read and unread, keeps the unread total and answers both lists', async () => {
      const ids = await insertLeads(api.t, kind, 3);
      const read = await post(paths.read, { ids: [ids[0], ids[1]] }).expect(200);
      expect(read.body).toMatchObject({ unreadTotal: 1, unarchivedTotal: 3 });
      const shown = new Map(read.body.unarchived.map((l: Lead) => [l._id, l.readAt]));
      expect(shown.get(ids[0]!)).toEqual(expect.stringMatching(/Z$/));
      expect(shown.get(ids[2]!)).toBeNull();
      expect((await stored(ids[0]!))?.readAt).toBeInstanceOf(Date);

      // Marking again changes nothing: the first time it was read stays.
      const firstRead = (await stored(ids[0]!))?.readAt;
      await post(paths.read, { ids: [ids[0]] }).expect(200);
      expect((await stored(ids[0]!))?.readAt).toEqual(firstRead);

      const unread = await post(paths.unread, { ids: [ids[0]] }).expect(200);
      expect(unread.body.unreadTotal).toBe(2);
      expect((await stored(ids[0]!))?.readAt).toBeNull();
    });

    it('counts only active leads as unread, through archive and unarchive', async () => {
      const [id] = await insertLeads(api.t, kind, 1);
      const archived = await post(paths.archive, { [kind.idField]: id }).expect(200);
      expect(archived.body).toMatchObject({ unreadTotal: 0, archivedTotal: 1 });
      const back = await post(paths.unarchive, { ids: [id] }).expect(200);
      expect(back.body).toMatchObject({ unreadTotal: 1, unarchivedTotal: 1 });
    });

    it('changes nothing when one of the ids is unknown (404)', async () => {
      const ids = await insertLeads(api.t, kind, 2);
      const unknown = new Types.ObjectId().toHexString();
      const res = await post(paths.read, { ids: [ids[0], unknown] }).expect(404);
      expect(res.body.message).toContain(unknown);
      expect((await stored(ids[0]!))?.readAt).toBeNull();
    });
  });

  describe('many at once', () => {
    it('archives and unarchives the leads named in ids, answering as for one', async () => {
      const ids = await insertLeads(api.t, kind, 4);
      const res = await post(paths.archive, { ids: [ids[0], ids[2], ids[2]] }).expect(200);
      expect(res.body).toMatchObject({ unarchivedTotal: 2, archivedTotal: 2, unreadTotal: 2 });
      expect(res.body.unarchived.map((l: Lead) => l._id)).toEqual([ids[3], ids[1]]);
      const back = await post(paths.unarchive, { ids: [ids[0], ids[2]] }).expect(200);
      expect(back.body).toMatchObject({ unarchivedTotal: 4, archivedTotal: 0, unreadTotal: 4 });
    });

    it.each([
      ['no ids', { ids: [] }, 'at least one'],
      [
        'too many ids',
        { ids: Array.from({ length: LEAD_IDS_MAX + 1 }, () => new Types.ObjectId().toHexString()) },
        `at most ${LEAD_IDS_MAX}`,
      ],
      ['a malformed id', { ids: ['nope'] }, 'hexadecimal'],
      ['ids that are not a list', { ids: 'abc' }, 'array'],
      [
        'both the id field and ids',
        {
          ids: [new Types.ObjectId().toHexString()],
          [kind.idField]: new Types.ObjectId().toHexString(),
        },
        'not both',
      ],
      ['neither', {}, `send ${kind.idField} or ids`],
    ])('refuses %s with a 400 saying why', async (_name, body, words) => {
      const res = await post(paths.archive, body).expect(400);
      expect(res.body.message).toContain(words);
    });
  });

  describe('delete', () => {
    it('deletes archived leads for good and answers the lists', async () => {
      const [keep] = await insertLeads(api.t, kind, 1);
      const archived = await insertLeads(api.t, kind, 2, true);
      const res = await post(paths.delete, { ids: archived }).expect(200);
      expect(res.body).toMatchObject({ archived: [], archivedTotal: 0, unarchivedTotal: 1 });
      expect(await stored(archived[0]!)).toBeNull();
      expect(await stored(keep!)).not.toBeNull();
      await post(paths.delete, { ids: archived }).expect(404);
    });

    // A batch this size is one `update` of 200 statements for the addresses' counts: the embedded
    // engine used to hold a connection per statement and hang at about 100 (decision 0040).
    it(`deletes the most a call may name (${LEAD_IDS_MAX}) and goes on answering`, async () => {
      const archived = await insertLeads(api.t, kind, LEAD_IDS_MAX, true);
      // Their addresses counted, as the intake counts them.
      const emails = archived.map((_, n) => ({ email: `lead${n}@example.com` }));
      await api.t.app.get(LeadEmailCounts).change(keyDeltas(kind.key, emails, 1));
      const res = await post(paths.delete, { ids: archived }).expect(200);
      expect(res.body).toMatchObject({ archived: [], archivedTotal: 0 });
      expect(await stored(archived[LEAD_IDS_MAX - 1]!)).toBeNull();
      await get(paths.active).expect(200);
    });

    it('refuses to delete an active lead (409) and then deletes nothing', async () => {
      const [active] = await insertLeads(api.t, kind, 1);
      const [archived] = await insertLeads(api.t, kind, 1, true);
      const res = await post(paths.delete, { ids: [archived, active] }).expect(409);
      expect(res.body.message).toContain('Archive it first');
      expect(await stored(archived!)).not.toBeNull();
      expect(await stored(active!)).not.toBeNull();
    });

    it('is only for admins', async () => {
      await request(api.t.http)
        .post(paths.delete)
        .send({ ids: [new Types.ObjectId()] })
        .expect(401);
    });
  });

  /**
   * A searched panel acts on leads and is brought up to date by the action's answer alone: with
   * `q`, the answer's first pages and cursors are the search's; its totals stay the whole lists'.
   */
  describe('with the panel’s search', () => {
    /** What the panel would read for this search after the action: both lists' first pages. */
    async function searchedPages(q: string) {
      const query = `?q=${encodeURIComponent(q)}`;
      const [active, archived] = await Promise.all([
        get(`${paths.active}${query}`).expect(200),
        get(`${paths.archived}${query}`).expect(200),
      ]);
      return { active: active.body, archived: archived.body };
    }

    async function expectSearchAnswer(answer: ArchiveResponse, q: string) {
      const { active, archived } = await searchedPages(q);
      expect(answer.unarchived).toEqual(active.data);
      expect(answer.unarchivedNextCursor).toEqual(active.nextCursor);
      expect(answer.archived).toEqual(archived.data);
      expect(answer.archivedNextCursor).toEqual(archived.nextCursor);
    }

    it('answers the search’s first pages and cursors, and the whole lists’ totals', async () => {
      // "lead1" is in the emails of lead1 and lead10 to lead119: 31 of 120, fewer than a page.
      const ids = await insertLeads(api.t, kind, 120);
      const archive = await post(paths.archive, { ids: [ids[10], ids[50]], q: 'lead1' }).expect(
        200,
      );
      const answer = archive.body as ArchiveResponse;
      expect(answer.unarchived.every((lead) => lead.email.includes('lead1'))).toBe(true);
      expect(answer.unarchived).toHaveLength(30);
      expect(answer.archived.map((lead) => lead.email)).toEqual(['lead10@example.com']);
      expect(answer).toMatchObject({ unarchivedTotal: 118, archivedTotal: 2, unreadTotal: 118 });
      await expectSearchAnswer(answer, 'lead1');
    });

    it('pages on from the answer as from the searched list', async () => {
      // Issue 25: words match from their start, so "ending in 5" is no search any more. Emails
      // whose local part starts with lead5: lead5, lead50 to lead59, lead500 to lead559, 71 of 560.
      const ids = await insertLeads(api.t, kind, 560);
      const q = 'lead5@example';
      const { body } = await post(paths.read, { ids: [ids[0]], q }).expect(200);
      expect(body.unarchived).toHaveLength(LIST_PAGE.defaultLimit);
      expect(body.unarchivedNextCursor).toEqual(expect.any(String));
      await expectSearchAnswer(body as ArchiveResponse, q);
      const next = await get(
        `${paths.active}?q=${encodeURIComponent(q)}&cursor=${body.unarchivedNextCursor}`,
      ).expect(200);
      const down = (from: number, to: number) =>
        Array.from({ length: from - to + 1 }, (_, i) => `lead${from - i}@example.com`);
      expect(next.body.data.map((lead: { email: string }) => lead.email)).toEqual([
        ...down(509, 500),
        ...down(59, 50),
        'lead5@example.com',
      ]);
    });

    it.each<[LeadAction, boolean]>([
      ['unarchive', true],
      ['unread', false],
      ['delete', true],
    ])('answers %s with the search’s pages too', async (action, archived) => {
      const ids = await insertLeads(api.t, kind, 6, archived);
      const { body } = await post(paths[action], { ids: [ids[2]], q: 'lead3' }).expect(200);
      await expectSearchAnswer(body as ArchiveResponse, 'lead3');
      expect(body.unarchivedTotal + body.archivedTotal).toBe(action === 'delete' ? 5 : 6);
    });

    it('takes the search beside the spec’s single id field', async () => {
      const [first, second] = await insertLeads(api.t, kind, 2);
      const { body } = await post(paths.archive, { [kind.idField]: first, q: 'lead1' }).expect(200);
      expect(body.unarchived.map((lead: { _id: string }) => lead._id)).toEqual([second]);
      expect(body.archived).toEqual([]);
      expect(body).toMatchObject({ unarchivedTotal: 1, archivedTotal: 1 });
    });

    it('answers the first pages of the whole lists without a search, or with an empty one', async () => {
      const ids = await insertLeads(api.t, kind, 3);
      const { body } = await post(paths.archive, { ids: [ids[0]], q: '' }).expect(200);
      const active = await get(paths.active).expect(200);
      expect(body.unarchived).toEqual(active.body.data);
      expect(body.archived).toHaveLength(1);
    });

    it.each([
      ['too long', 'x'.repeat(LIST_PAGE.maxQueryLength + 1)],
      ['holding NUL', 'lead\u0000'],
      ['null', null],
      ['not text', 3],
      ['an object', { $regex: '.' }],
    ])('refuses a q that is %s as the list does (400), changing nothing', async (_, q) => {
      const [id] = await insertLeads(api.t, kind, 1);
      const res = await post(paths.archive, { ids: [id], q }).expect(400);
      expect(res.body).toMatchObject({ success: false, errors: { q: expect.any(Array) } });
      const { body } = await get(paths.active).expect(200);
      expect(body.total).toBe(1);
    });

    it('states q in every action body of the OpenAPI document, with the list’s rule', async () => {
      const { body: doc } = await request(api.t.http).get('/docs-json').expect(200);
      const listQ = (
        doc.paths[paths.active].get.parameters as { name: string; schema: object }[]
      ).find((p) => p.name === 'q')?.schema;
      for (const action of ['archive', 'unarchive', 'read', 'unread', 'delete'] as const) {
        const ref: string =
          doc.paths[paths[action]].post.requestBody.content['application/json'].schema.$ref;
        const body = doc.components.schemas[ref.split('/').pop() as string];
        // Archive and unarchive take the spec's id field or `ids` (one of two shapes), q in both.
        const shapes: { properties: Record<string, object>; required?: string[] }[] =
          body.oneOf ?? [body];
        for (const shape of shapes) {
          const { description: _, ...rule } = shape.properties.q as { description?: string };
          const { description: __, ...listRule } = listQ as { description?: string };
          expect(listRule).toMatchObject({ type: 'string', maxLength: LIST_PAGE.maxQueryLength });
          expect({ action, rule }).toEqual({ action, rule: listRule });
          expect(shape.required ?? []).not.toContain('q');
        }
      }
    });

    it('documents archive’s body as the id field or ids, each with q, never both', async () => {
      const { body: doc } = await request(api.t.http).get('/docs-json').expect(200);
      const ref: string =
        doc.paths[paths.archive].post.requestBody.content['application/json'].schema.$ref;
      const body = doc.components.schemas[ref.split('/').pop() as string] as {
        oneOf: { properties: object; required: string[]; additionalProperties: boolean }[];
      };
      expect(
        body.oneOf.map((shape) => ({
          names: Object.keys(shape.properties).sort(),
          required: shape.required,
          additionalProperties: shape.additionalProperties,
        })),
      ).toEqual([
        {
          names: [kind.idField, 'q'].sort(),
          required: [kind.idField],
          additionalProperties: false,
        },
        { names: ['ids', 'q'], required: ['ids'], additionalProperties: false },
      ]);
      // What the document calls neither shape, the API refuses.
      const [id] = await insertLeads(api.t, kind, 1);
      await post(paths.archive, { ids: [id], [kind.idField]: id, q: '' }).expect(400);
    });
  });
});
