import { Types } from 'mongoose';

import {
  LEAD_KINDS,
  type LeadKindDescriptor,
  leadPaths,
  leadWorkPaths,
  type RelatedLead,
} from '../../nest/src/contract';
import { validSubmission } from '../support/submissions';
import { request, signedInTestApp, type TestApp } from '../support/test-app';

/** `GET …/:id/related`: the person's other requests, in any kind, found by their address. */
describe('a lead’s related requests', () => {
  let t: TestApp;
  let token: string;
  const get = (path: string) => request(t.http).get(path).set('Authorization', `Bearer ${token}`);
  const post = (path: string, body: object) =>
    request(t.http).post(path).set('Authorization', `Bearer ${token}`).send(body);
  const submit = async (kind: LeadKindDescriptor, email: string, extra: object = {}) =>
    (
      await request(t.http)
        .post(leadPaths(kind).create)
        .send({ ...validSubmission(kind), email, ...extra })
        .expect(201)
    ).body.id as string;
  const related = async (kind: LeadKindDescriptor, id: string) =>
    (await get(leadWorkPaths(kind).related(id)).expect(200)).body.related as RelatedLead[];

  beforeAll(async () => {
    ({ t, token } = await signedInTestApp({ INTAKE_RATE_LIMIT: '1000' }));
  });
  afterAll(() => t.close());

  it('answers the same address’s requests in every kind, newest first, each with its stage', async () => {
    const { contactUs, keDemo, brokerDemo, consultation } = LEAD_KINDS;
    const first = await submit(contactUs, 'Ada@Example.com');
    const demo = await submit(keDemo, ' ada@example.COM ', { company: 'Harbour\n  Boats Ltd' });
    const visit = await submit(consultation, 'ADA@EXAMPLE.COM', { location: 'Lisbon' });
    const other = await submit(brokerDemo, 'ada.other@example.com');
    const latest = await submit(contactUs, 'ada@example.com', { message: 'x'.repeat(300) });

    await post(leadPaths(keDemo).stage, { ids: [demo], stage: 'won' }).expect(200);
    await post(leadPaths(consultation).archive, { [consultation.idField]: visit }).expect(200);

    const found = await related(contactUs, first);
    expect(found.map((r) => [r.kind, r.id])).toEqual([
      ['contactUs', latest],
      ['consultation', visit],
      ['keDemo', demo],
    ]);
    expect(found[2]).toEqual({
      kind: 'keDemo',
      id: demo,
      createdAt: expect.stringMatching(/Z$/),
      stage: 'won',
      archived: false,
      // The request's own text on one line.
      summary: 'Harbour Boats Ltd',
    });
    expect(found[1]).toMatchObject({ stage: 'new', archived: true, summary: 'Lisbon' });
    // A long message is cut short, and says so.
    expect(found[0]?.summary).toHaveLength(140);
    expect(found[0]?.summary.endsWith('…')).toBe(true);
    const times = found.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    // Each lead's answer leaves itself out and names the first one.
    const fromDemo = await related(keDemo, demo);
    expect(fromDemo.map((r) => r.id)).toEqual([latest, visit, first]);
    expect(fromDemo.find((r) => r.id === first)?.stage).toBe('new');
    expect(await related(brokerDemo, other)).toEqual([]);
  });

  it('answers 404 for an unknown lead, 400 for a malformed id, 401 without a token', async () => {
    const paths = leadWorkPaths(LEAD_KINDS.brokerDemo);
    const res = await get(paths.related(new Types.ObjectId().toHexString())).expect(404);
    expect(res.body.success).toBe(false);
    // A lead of another kind is not one of this kind's.
    const contact = await submit(LEAD_KINDS.contactUs, 'someone@example.com');
    await get(paths.related(contact)).expect(404);
    await get(paths.related('not-an-id')).expect(400);
    await request(t.http).get(paths.related(contact)).expect(401);
  });
});
