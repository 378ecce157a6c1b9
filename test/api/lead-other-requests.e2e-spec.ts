import {
  INBOX_PATH,
  LEAD_KINDS,
  type LeadKindDescriptor,
  leadPaths,
  PRIVACY_PATHS,
} from '../../nest/src/contract';
import { as } from '../support/account';
import { leadDocs } from '../support/lead-docs';
import { validSubmission } from '../support/submissions';
import {
  createTestApp,
  loginToken,
  request,
  signedInTestApp,
  type TestApp,
} from '../support/test-app';

/** Issue 22: every lead answer says how many other leads, of any kind, its address has. */
describe('a lead’s other requests', () => {
  let t: TestApp;
  let token: string;
  const get = (path: string) => request(t.http).get(path).set('Authorization', `Bearer ${token}`);
  const post = (path: string, body: object) =>
    request(t.http).post(path).set('Authorization', `Bearer ${token}`).send(body);
  const submit = async (kind: LeadKindDescriptor, email: string) =>
    (
      await request(t.http)
        .post(leadPaths(kind).create)
        .send({ ...validSubmission(kind), email })
        .expect(201)
    ).body.id as string;
  const others = async (kind: LeadKindDescriptor, id: string) =>
    (await get(leadPaths(kind).one(id)).expect(200)).body.lead.otherRequests as number;
  const { contactUs, keDemo, brokerDemo, consultation } = LEAD_KINDS;

  beforeAll(async () => {
    ({ t, token } = await signedInTestApp({ INTAKE_RATE_LIMIT: '1000' }));
  });
  afterAll(() => t.close());

  it('counts the address’s leads in every kind, in each answer, as leads arrive and go', async () => {
    const asked = await submit(contactUs, 'Ada@Example.com');
    const stranger = await submit(contactUs, 'grace@example.com');
    expect(await others(contactUs, asked)).toBe(0);

    const demo = await submit(keDemo, ' ada@example.COM ');
    const visit = await submit(consultation, 'ADA@example.com');
    expect(await others(contactUs, asked)).toBe(2);
    expect(await others(keDemo, demo)).toBe(2);
    expect(await others(contactUs, stranger)).toBe(0);

    // A list page, the dashboard and a person's access answer say the same.
    const list = await get(leadPaths(contactUs).active).expect(200);
    const byId = new Map(
      (list.body.data as { _id: string; otherRequests: number }[]).map((l) => [
        l._id,
        l.otherRequests,
      ]),
    );
    expect([byId.get(asked), byId.get(stranger)]).toEqual([2, 0]);
    const inbox = await get(INBOX_PATH).expect(200);
    expect(
      inbox.body.kinds.consultation.active.data.find((l: { _id: string }) => l._id === visit)
        .otherRequests,
    ).toBe(2);
    const access = await get(`${PRIVACY_PATHS.leads}?email=ada@example.com`).expect(200);
    expect(access.body.kinds.keDemo[0].otherRequests).toBe(2);

    // One goes (archived, then deleted): the others count one fewer.
    await post(leadPaths(keDemo).archive, { ids: [demo] }).expect(200);
    const archived = await post(leadPaths(keDemo).delete, { ids: [demo] }).expect(200);
    expect(archived.body.archived).toEqual([]);
    expect(await others(contactUs, asked)).toBe(1);

    // Erased: a new request from the address is its only one.
    await post(PRIVACY_PATHS.erase, { email: 'ada@example.com' }).expect(200);
    const again = await submit(brokerDemo, 'ada@example.com');
    expect(await others(brokerDemo, again)).toBe(0);
    expect(await others(contactUs, stranger)).toBe(0);
  });

  it('loses no arrival of many at once, from one address across the kinds', async () => {
    const kinds = [contactUs, keDemo, brokerDemo, consultation];
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const kind = kinds[i % 4] as LeadKindDescriptor;
        return submit(kind, 'many@example.com').then((id) => [kind, id] as const);
      }),
    );
    for (const [kind, id] of ids) expect(await others(kind, id)).toBe(19);
  });

  it('stays exact when answers are read while arrivals of their address are counted in', async () => {
    const first = await submit(contactUs, 'busy@example.com');
    expect(await others(contactUs, first)).toBe(0);
    const kinds = [contactUs, keDemo, brokerDemo, consultation];
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => [
        submit(kinds[i % 4] as LeadKindDescriptor, 'busy@example.com'),
        others(contactUs, first),
      ]).flat(),
    );
    expect(await others(contactUs, first)).toBe(12);
    const list = await get(`${leadPaths(contactUs).active}?q=busy`).expect(200);
    expect(list.body.data.map((l: { otherRequests: number }) => l.otherRequests)).toEqual(
      Array.from({ length: 4 }, () => 12),
    );
  });

  it('is stored when the intake answers: another API process reads it at once', async () => {
    const other = await createTestApp({ MONGODB_DB: t.dbName });
    try {
      const otherToken = await loginToken(other);
      const first = await submit(contactUs, 'hedy@example.com');
      for (let more = 1; more <= 6; more++) {
        // Arrivals of other addresses at the same time keep the counts' rounds busy.
        const crowd = Array.from({ length: 16 }, (_, i) =>
          submit(keDemo, `crowd-${more}-${i}@example.com`),
        );
        await submit(more % 2 ? brokerDemo : contactUs, 'hedy@example.com');
        const seen = await as(other, otherToken).get(leadPaths(contactUs).one(first)).expect(200);
        expect(seen.body.lead.otherRequests).toBe(more);
        await Promise.all(crowd);
      }
    } finally {
      await other.close();
    }
  });

  it('is in the OpenAPI document', async () => {
    const { body } = await request(t.http).get('/docs-json').expect(200);
    expect(body.components.schemas.KeDemoLead.properties.otherRequests).toEqual(
      expect.objectContaining({ type: 'integer', minimum: 0 }),
    );
  });

  it('takes the counts from leads stored before they were kept, at the first start', async () => {
    const first = await createTestApp();
    const old = (kind: LeadKindDescriptor, count: number) =>
      leadDocs(kind, count, { tag: 'kept' }).map((doc) => ({
        ...doc,
        email: 'Old@example.com',
        emailKey: 'old@example.com',
      }));
    await first.connection.collection(contactUs.collection).insertMany(old(contactUs, 2));
    await first.connection.collection(brokerDemo.collection).insertMany(old(brokerDemo, 1));
    // As a database from before the counts: none kept.
    await first.connection.collection('lead_email_counts').deleteMany({});
    await first.app.close();

    const second = await createTestApp({ MONGODB_DB: first.dbName });
    try {
      const counted = await second.connection
        .collection<{ _id: string; count: number }>('lead_email_counts')
        .findOne({ _id: 'old@example.com' });
      expect(counted).toMatchObject({
        count: 3,
        by: { contactUs: { none: 2 }, brokerDemo: { none: 1 } },
      });
    } finally {
      await second.close();
    }
  });

  it('takes them again, by kind and owner, from counts kept before owners were', async () => {
    const first = await createTestApp();
    await first.connection.collection(contactUs.collection).insertMany(
      leadDocs(contactUs, 2, { tag: 'owned' }).map((doc) => ({
        ...doc,
        email: 'kept@example.com',
        emailKey: 'kept@example.com',
      })),
    );
    // As a database of counts taken before owners: totals alone, marked with the old marker.
    const counts = first.connection.collection<{ _id: string; count: number }>('lead_email_counts');
    await counts.deleteMany({});
    await counts.insertMany([
      { _id: 'kept@example.com', count: 2 },
      { _id: '#counted', count: 0 },
    ]);
    await first.app.close();

    const second = await createTestApp({ MONGODB_DB: first.dbName });
    try {
      const counted = await second.connection
        .collection<{ _id: string; count: number }>('lead_email_counts')
        .findOne({ _id: 'kept@example.com' });
      expect(counted).toMatchObject({ count: 2, by: { contactUs: { none: 2 } } });
    } finally {
      await second.close();
    }
  });
});
