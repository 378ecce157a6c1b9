import { Types } from 'mongoose';

import {
  LEAD_KINDS,
  LEAD_SOURCE_FIELDS,
  leadKindList,
  type LeadKindDescriptor,
  leadPaths,
  type LeadSource,
  PRIVACY_PATHS,
} from '../../nest/src/contract';
import { validSubmission } from '../support/submissions';
import { request, signedInTestApp, type TestApp } from '../support/test-app';

/** The first touch of a visit (issue 23), as the four intakes take it and every reader shows it. */
describe('a lead’s source', () => {
  let t: TestApp;
  let token: string;
  const get = (path: string) => request(t.http).get(path).set('Authorization', `Bearer ${token}`);
  const post = (path: string, body: object) =>
    request(t.http).post(path).set('Authorization', `Bearer ${token}`).send(body);
  const intake = (kind: LeadKindDescriptor, source: unknown, email = 'ada@example.com') =>
    request(t.http)
      .post(leadPaths(kind).create)
      .send({ ...validSubmission(kind), email, source });

  const campaign: LeadSource = {
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: 'spring sale 2026',
    utm_term: 'boat prices',
    utm_content: 'hero-link',
    referrer: 'news.example.org',
    landingPath: '/?utm_source=newsletter',
    startedAt: '2026-11-24T09:30:00.000Z',
  };

  beforeAll(async () => {
    ({ t, token } = await signedInTestApp({ INTAKE_RATE_LIMIT: '1000' }));
  });
  afterAll(() => t.close());

  it.each(leadKindList.map((kind) => [kind.key, kind] as const))(
    '%s: stores it and answers it in the lead, its list and its export',
    async (_key, kind) => {
      const { body } = await intake(kind, campaign).expect(201);
      const id = body.id as string;

      const stored = await t.connection
        .collection(kind.collection)
        .findOne({ _id: new Types.ObjectId(id) });
      expect(stored?.source).toEqual({
        ...campaign,
        startedAt: new Date(campaign.startedAt ?? ''),
      });

      const one = await get(leadPaths(kind).one(id)).expect(200);
      expect(one.body.lead.source).toEqual(campaign);
      const list = await get(leadPaths(kind).active).expect(200);
      expect(list.body.data.find((l: { _id: string }) => l._id === id).source).toEqual(campaign);

      const csv = (await get(leadPaths(kind).exportCsv).expect(200)).text.split('\r\n');
      const header = (csv[0] ?? '').split(',');
      expect(header.slice(-LEAD_SOURCE_FIELDS.length)).toEqual([...LEAD_SOURCE_FIELDS]);
      const row = csv.find((line) => line.startsWith(id)) ?? '';
      expect(row.split(',').slice(-LEAD_SOURCE_FIELDS.length)).toEqual([
        'newsletter',
        'email',
        'spring sale 2026',
        'boat prices',
        'hero-link',
        'news.example.org',
        '/?utm_source=newsletter',
        '2026-11-24T09:30:00.000Z',
      ]);
    },
  );

  it('answers null for a lead that came without one, and takes any subset of the fields', async () => {
    const kind = LEAD_KINDS.keDemo;
    const none = (await intake(kind, undefined).expect(201)).body.id as string;
    expect((await get(leadPaths(kind).one(none)).expect(200)).body.lead.source).toBeNull();
    const some = (await intake(kind, { utm_source: 'google' }).expect(201)).body.id as string;
    expect((await get(leadPaths(kind).one(some)).expect(200)).body.lead.source).toEqual({
      utm_source: 'google',
    });
    const empty = (await intake(kind, {}).expect(201)).body.id as string;
    expect((await get(leadPaths(kind).one(empty)).expect(200)).body.lead.source).toBeNull();
  });

  it('cuts a referring URL to its host, lower-cased: its path and query are never stored', async () => {
    const kind = LEAD_KINDS.contactUs;
    const { body } = await intake(kind, {
      referrer: 'https://WWW.Google.com:443/search?q=ada+lovelace+boats#top',
    }).expect(201);
    const lead = (await get(leadPaths(kind).one(body.id as string)).expect(200)).body.lead;
    expect(lead.source).toEqual({ referrer: 'www.google.com' });
    const raw = JSON.stringify(await t.connection.collection(kind.collection).find().toArray());
    expect(raw).not.toContain('ada+lovelace');
  });

  it.each([
    ['null', null, 'source'],
    ['a string', 'google', 'source'],
    ['an array', ['google'], 'source'],
    ['an unknown key', { utm_source: 'x', gclid: 'abc' }, 'source.gclid'],
    ['a number', { utm_source: 5 }, 'source.utm_source'],
    ['an empty value', { utm_medium: '' }, 'source.utm_medium'],
    ['a line break', { utm_campaign: 'a\nb' }, 'source.utm_campaign'],
    ['too long a tag', { utm_term: 'x'.repeat(201) }, 'source.utm_term'],
    ['a referrer with a path but no scheme', { referrer: 'google.com/search' }, 'source.referrer'],
    ['a referrer of another scheme', { referrer: 'ftp://files.example.org/' }, 'source.referrer'],
    ['a landing path not from the root', { landingPath: 'pricing' }, 'source.landingPath'],
    ['a landing path with spaces', { landingPath: '/a b' }, 'source.landingPath'],
    ['a start that is no date', { startedAt: 'yesterday' }, 'source.startedAt'],
    ['a start with an offset', { startedAt: '2026-11-24T10:30:00+01:00' }, 'source.startedAt'],
  ])('refuses %s with a 400 naming the field', async (_what, source, field) => {
    const { body } = await intake(LEAD_KINDS.brokerDemo, source, 'refused@example.com').expect(400);
    expect(Object.keys(body.errors as object)).toEqual([field]);
    const stored = t.connection.collection(LEAD_KINDS.brokerDemo.collection);
    expect(await stored.countDocuments({ emailKey: 'refused@example.com' })).toBe(0);
  });

  it('is in a person’s access answer, and gone with their erasure', async () => {
    const kind = LEAD_KINDS.consultation;
    await intake(kind, campaign, 'grace@example.com').expect(201);
    const access = await get(`${PRIVACY_PATHS.leads}?email=grace@example.com`).expect(200);
    expect(access.body.kinds.consultation[0].source).toEqual(campaign);

    await post(PRIVACY_PATHS.erase, { email: 'grace@example.com' }).expect(200);
    const left = await t.connection
      .collection(kind.collection)
      .countDocuments({ emailKey: 'grace@example.com' });
    expect(left).toBe(0);
  });

  it('is stated exactly in the OpenAPI document', async () => {
    const { body } = await request(t.http).get('/docs-json').expect(200);
    const schema = body.components.schemas.LeadSourceDto;
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties as object)).toEqual([...LEAD_SOURCE_FIELDS]);
    expect(body.components.schemas.ContactUsLead.properties.source.nullable).toBe(true);
  });
});
