import { type Lead, leadKindList, leadPaths } from '../../nest/src/contract';
import {
  clearLeads,
  insertLeads,
  request,
  signedInTestApp,
  type TestApp,
} from '../support/test-app';
import { adminIdOf, forgedTokens } from '../support/tokens';

describe.each(leadKindList.map((kind) => [kind.panelTitle, kind] as const))(
  '%s',
  (_title, kind) => {
    const paths = leadPaths(kind);
    let t: TestApp;
    let token: string;
    const auth = () => ({ Authorization: `Bearer ${token}` });
    const body = (id: unknown) => ({ [kind.idField]: id });

    beforeAll(async () => {
      ({ t, token } = await signedInTestApp());
    });
    afterAll(() => t.close());
    beforeEach(() => clearLeads(t, kind));

    const expectedFields = [
      'name',
      'email',
      'phone_number',
      kind.textField,
      ...(kind.hasSubject ? ['subject'] : []),
    ];

    describe('lists', () => {
      it('answers active leads newest first, with the kind’s fields and timestamps', async () => {
        const ids = await insertLeads(t, kind, 3);
        await insertLeads(t, kind, 2, true);
        const res = await request(t.http).get(paths.active).set(auth()).expect(200);
        expect(res.body).toEqual({
          success: true,
          data: expect.any(Array),
          nextCursor: null,
          total: 3,
        });
        expect(res.body.data.map((l: Lead) => l._id)).toEqual([...ids].reverse());
        const [newest] = res.body.data as Record<string, unknown>[];
        expect(Object.keys(newest ?? {}).sort()).toEqual(
          [
            '_id',
            ...expectedFields,
            'createdAt',
            'updatedAt',
            'archivedAt',
            'readAt',
            'stage',
            'assignee',
            'firstResponseAt',
            'followUpAt',
            'dueAt',
            'overdue',
            'awaitingReplySince',
            'wroteAgain',
            'source',
            'otherRequests',
            'spamAt',
            'spamReasons',
          ].sort(),
        );
        expect(newest).toEqual(
          expect.objectContaining({
            name: 'Lead 2',
            email: 'lead2@example.com',
            [kind.textField]: `${kind.textField} 2`,
            archivedAt: null,
            createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          }),
        );
      });

      it('answers archived leads with their archive time', async () => {
        await insertLeads(t, kind, 1);
        const archivedIds = await insertLeads(t, kind, 2, true);
        const res = await request(t.http).get(paths.archived).set(auth()).expect(200);
        expect(res.body.total).toBe(2);
        expect(res.body.data.map((l: Lead) => l._id)).toEqual([...archivedIds].reverse());
        expect(res.body.data[0].archivedAt).toEqual(expect.stringMatching(/^\d{4}-/));
      });

      it('answers empty lists', async () => {
        await request(t.http)
          .get(paths.active)
          .set(auth())
          .expect(200, { success: true, data: [], nextCursor: null, total: 0 });
        await request(t.http)
          .get(paths.archived)
          .set(auth())
          .expect(200, { success: true, data: [], nextCursor: null, total: 0 });
      });
    });

    describe('archive and unarchive', () => {
      it('round-trips a lead between the two lists', async () => {
        const [first, second] = await insertLeads(t, kind, 2);
        const archived = await request(t.http)
          .post(paths.archive)
          .set(auth())
          .send(body(first))
          .expect(200);
        expect(archived.body).toEqual({
          success: true,
          unarchived: [expect.objectContaining({ _id: second, archivedAt: null })],
          archived: [expect.objectContaining({ _id: first, archivedAt: expect.any(String) })],
          unarchivedTotal: 1,
          archivedTotal: 1,
          unreadTotal: 1,
          spamTotal: 0,
          unarchivedNextCursor: null,
          archivedNextCursor: null,
        });

        const back = await request(t.http)
          .post(paths.unarchive)
          .set(auth())
          .send(body(first))
          .expect(200);
        expect(back.body.archived).toEqual([]);
        expect(back.body.unarchived.map((l: Lead) => l._id)).toEqual([second, first]);
        expect(back.body.unarchived[1].archivedAt).toBeNull();
      });

      it('is idempotent: repeating a move changes nothing and still answers both lists', async () => {
        const [id] = await insertLeads(t, kind, 1);
        const once = await request(t.http)
          .post(paths.archive)
          .set(auth())
          .send(body(id))
          .expect(200);
        const twice = await request(t.http)
          .post(paths.archive)
          .set(auth())
          .send(body(id))
          .expect(200);
        expect(twice.body).toEqual(once.body);
        await request(t.http).post(paths.unarchive).set(auth()).send(body(id)).expect(200);
        const again = await request(t.http)
          .post(paths.unarchive)
          .set(auth())
          .send(body(id))
          .expect(200);
        expect(again.body).toEqual(
          expect.objectContaining({ archived: [], archivedTotal: 0, unarchivedTotal: 1 }),
        );
      });

      it('answers 404 for an unknown id', async () => {
        for (const path of [paths.archive, paths.unarchive]) {
          const res = await request(t.http)
            .post(path)
            .set(auth())
            .send(body('0123456789abcdef01234567'))
            .expect(404);
          expect(res.body).toEqual(
            expect.objectContaining({
              success: false,
              message: expect.stringContaining('0123456789abcdef01234567'),
            }),
          );
        }
      });

      it.each([
        ['a missing id', {}],
        ['a malformed id', { [kind.idField]: 'not-an-id' }],
        ['a too short id', { [kind.idField]: 'abc123' }],
        ['an operator object', { [kind.idField]: { $ne: null } }],
        ['a number', { [kind.idField]: 12 }],
        ['another kind’s id field', { someone_elses_id: '0123456789abcdef01234567' }],
        ['an extra field', { [kind.idField]: '0123456789abcdef01234567', archivedAt: null }],
      ])('answers 400 for %s', async (_name, payload) => {
        for (const path of [paths.archive, paths.unarchive]) {
          const res = await request(t.http).post(path).set(auth()).send(payload).expect(400);
          expect(res.body).toEqual(
            expect.objectContaining({ success: false, message: expect.any(String) }),
          );
        }
      });

      it('keeps a lead in exactly one list under 20 concurrent archive and unarchive calls', async () => {
        const [id] = await insertLeads(t, kind, 1);
        await insertLeads(t, kind, 2);
        const calls = Array.from({ length: 20 }, (_, i) =>
          request(t.http)
            .post(i % 2 ? paths.unarchive : paths.archive)
            .set(auth())
            .send(body(id)),
        );
        const answers = await Promise.all(calls);
        for (const answer of answers) {
          // Each answer's lists are read after its own move; another call may land between the two
          // reads, so only the stored state (below) is asserted exactly, and each list is well-formed.
          expect(answer.status).toBe(200);
          for (const list of [answer.body.unarchived, answer.body.archived] as Lead[][]) {
            expect(new Set(list.map((l) => l._id)).size).toBe(list.length);
          }
        }
        const [active, archived] = await Promise.all([
          request(t.http).get(paths.active).set(auth()),
          request(t.http).get(paths.archived).set(auth()),
        ]);
        const all = [...active.body.data, ...archived.body.data].map((l: Lead) => l._id);
        expect(all.filter((x) => x === id)).toHaveLength(1);
        expect(all).toHaveLength(3);
      });
    });

    describe('authentication', () => {
      const calls = [
        ['GET', paths.active],
        ['GET', paths.archived],
        ['POST', paths.archive],
        ['POST', paths.unarchive],
      ] as const;
      const call = (method: 'GET' | 'POST', path: string) =>
        method === 'GET'
          ? request(t.http).get(path)
          : request(t.http).post(path).send(body('0123456789abcdef01234567'));

      it.each(calls)(
        '%s %s answers 401 without a token or with a bad one',
        async (method, path) => {
          const res = await call(method, path).expect(401);
          expect(res.body).toEqual(
            expect.objectContaining({ success: false, message: 'Authentication required' }),
          );
          await call(method, path).set('Authorization', `Basic ${token}`).expect(401);
          for (const [name, forged] of Object.entries(forgedTokens(token, adminIdOf(token)))) {
            const answer = await call(method, path).set('Authorization', `Bearer ${forged}`);
            expect({ name, status: answer.status, message: answer.body.message }).toEqual({
              name,
              status: 401,
              message: 'Invalid or expired token',
            });
          }
        },
      );
    });
  },
);
