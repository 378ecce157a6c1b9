import {
  AUDIT_PATH,
  BLOCKLIST_PATH,
  INBOX_PATH,
  INTAKE_CHALLENGE_PATH,
  type IntakeChallenge,
  LEAD_KINDS,
  type LeadKindDescriptor,
  leadKindList,
  leadPaths,
  SPAM_REASONS,
  type SpamReason,
} from '../../nest/src/contract';
import { solveIntakeChallenge } from '../support/intake-proof';
import { eventually, type MailReceiver, startMailReceiver } from '../support/receivers';
import { validSubmission } from '../support/submissions';
import {
  clearLeads,
  createAdmin,
  createTestApp,
  loginToken,
  request,
  type TestApp,
} from '../support/test-app';

interface ListedLead {
  _id: string;
  name: string;
  spamAt: string | null;
  spamReasons: SpamReason[];
}

describe('spam, with reasons', () => {
  const kind = LEAD_KINDS.contactUs;
  const paths = leadPaths(kind);
  let t: TestApp;
  let token: string;
  let smtp: MailReceiver;
  let visitor = 0;

  beforeAll(async () => {
    smtp = await startMailReceiver();
    t = await createTestApp({
      INTAKE_RATE_LIMIT: '100000',
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: 'sales@example.com',
      NOTIFY_FROM: 'leads@example.com',
    });
    await createAdmin(t);
    token = await loginToken(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    for (const k of leadKindList) await clearLeads(t, k);
    await put(BLOCKLIST_PATH, { terms: [] }).expect(200);
  });

  const auth = () => ({ Authorization: `Bearer ${token}` });
  const get = (path: string) => request(t.http).get(path).set(auth());
  const post = (path: string, body: object) => request(t.http).post(path).set(auth()).send(body);
  const put = (path: string, body: object) => request(t.http).put(path).set(auth()).send(body);

  /** A valid lead of its own words (one text from many addresses is a rule of its own). */
  const lead = (n: number, k: LeadKindDescriptor): Record<string, string> => ({
    ...validSubmission(k, n),
    ...(k.textField === 'message' ? { message: `Question ${n} about your price models.` } : {}),
  });

  /** A real submission as a plain JSON client sends it (no proof), each from an address of its own. */
  async function submit(
    body: Record<string, string>,
    k: LeadKindDescriptor = kind,
    from = `198.51.100.${++visitor % 250}`,
  ): Promise<string> {
    const res = await request(t.http)
      .post(leadPaths(k).create)
      .set('X-Forwarded-For', from)
      .send(body)
      .expect(201);
    // The intake answers a held submission exactly as a real one.
    expect(res.body).toEqual({ success: true, id: expect.stringMatching(/^[0-9a-f]{24}$/) });
    return res.body.id as string;
  }

  const one = async (id: string, k: LeadKindDescriptor = kind): Promise<ListedLead> =>
    (await get(leadPaths(k).one(id)).expect(200)).body.lead as ListedLead;

  /** A lead's notifications, waiting or delivered. */
  const notifications = async (id: string) =>
    (await t.connection.collection('lead_notifications_pending').countDocuments({ leadId: id })) +
    (await t.connection.collection('lead_notifications').countDocuments({ leadId: id }));

  /** The lead is in Spam with these reasons, and nowhere else: no list, no total, no notice. */
  async function expectHeld(id: string, reasons: SpamReason[], k: LeadKindDescriptor = kind) {
    const p = leadPaths(k);
    expect(await one(id, k)).toMatchObject({ spamAt: expect.any(String), spamReasons: reasons });
    const spam = (await get(p.spamList).expect(200)).body;
    expect(spam.data.map((l: ListedLead) => l._id)).toContain(id);
    const active = (await get(p.active).expect(200)).body;
    const archived = (await get(p.archived).expect(200)).body;
    expect([...active.data, ...archived.data].map((l: ListedLead) => l._id)).not.toContain(id);
    expect(await notifications(id)).toBe(0);
  }

  async function expectActive(id: string, reasons: SpamReason[] = []) {
    expect(await one(id)).toMatchObject({ spamAt: null, spamReasons: [] });
    const active = (await get(paths.active).expect(200)).body;
    expect(active.data.map((l: ListedLead) => l._id)).toContain(id);
    // Reasons below the threshold are not kept on an active lead.
    expect(reasons).toEqual(expect.any(Array));
  }

  it('lets a valid lead without a proof into the inbox: a missing proof alone is no spam', async () => {
    const id = await submit(lead(1, kind));
    await expectActive(id);
    expect(await notifications(id)).toBe(1);
  });

  it('holds a filled honeypot as spam, answered as a real lead, counted apart', async () => {
    const id = await submit({ ...lead(2, kind), website: 'http://spam.example' });
    await expectHeld(id, ['honeypot', 'proof-missing']);
    const inbox = (await get(INBOX_PATH).expect(200)).body.kinds.contactUs.totals;
    expect(inbox).toMatchObject({ active: 0, archived: 0, unread: 0, spam: 1 });
    const list = (await get(paths.spamList).expect(200)).body;
    expect(list).toMatchObject({ success: true, total: 1, nextCursor: null });
  });

  it.each(leadKindList.map((k) => [k.panelTitle, k] as const))(
    'holds links in the fields of %s that never hold links',
    async (_title, k) => {
      const linkless = k.textField === 'message' ? 'name' : k.textField;
      const body = { ...lead(3, k), [linkless]: `Buy now https://${k.key}.example` };
      const id = await submit(body, k);
      await expectHeld(id, ['proof-missing', 'links'], k);
      // A link in the message is what people write.
      if (k.textField === 'message') {
        const message = { ...lead(4, k), message: 'Our site: https://harbour.example' };
        await expectActive(await submit(message, k));
      }
    },
  );

  /** A challenge of the intake's proof of work, solved as a browser's worker would. */
  async function solvedProof(): Promise<string> {
    const res = await request(t.http).get(INTAKE_CHALLENGE_PATH).expect(200);
    return solveIntakeChallenge(res.body as IntakeChallenge);
  }

  it('lets a lead with a proof solved at a person’s pace through, with no reason at all', async () => {
    const altcha = await solvedProof();
    // A person takes longer than MIN_FILL_MS (3 s) to fill the form once it has its challenge.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    const id = await submit({ ...lead(40, kind), altcha });
    await expectActive(id);
    expect(await notifications(id)).toBe(1);
  });

  it('holds a form sent back faster than a person can fill it, with a valid proof', async () => {
    const id = await submit({ ...lead(41, kind), altcha: await solvedProof() });
    await expectHeld(id, ['too-fast']);
  });

  it('holds a proof that is not valid, and a proof used before, each alone', async () => {
    const invalid = await submit({ ...lead(42, kind), altcha: 'bm90IGEgcHJvb2Y=' });
    await expectHeld(invalid, ['proof-invalid']);
    const altcha = await solvedProof();
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    await expectActive(await submit({ ...lead(43, kind), altcha }));
    const replay = await submit({ ...lead(44, kind), altcha });
    await expectHeld(replay, ['proof-reused']);
  });

  it('holds an address on a disposable-email domain', async () => {
    const id = await submit({ ...lead(5, kind), email: 'someone@mailinator.com' });
    await expectHeld(id, ['proof-missing', 'disposable-email']);
  });

  it('holds the same text once it arrives from three addresses within the hour', async () => {
    const text = { ...lead(6, kind), message: 'Best SEO services for your website!' };
    const first = await submit(text, kind, '203.0.113.1');
    // The same address again counts once.
    const again = await submit(text, kind, '203.0.113.1');
    const second = await submit({ ...text, name: 'Other' }, kind, '203.0.113.2');
    const third = await submit({ ...text, name: 'Third' }, kind, '203.0.113.3');
    for (const id of [first, again, second]) await expectActive(id);
    await expectHeld(third, ['proof-missing', 'repeated-text']);
  });

  it('holds a term of the admins’ blocklist, in any field and any case', async () => {
    const set = await put(BLOCKLIST_PATH, { terms: [' Casino ', 'casino', 'crypto bonus'] });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ success: true, terms: ['Casino', 'crypto bonus'] });
    expect((await get(BLOCKLIST_PATH).expect(200)).body.terms).toEqual(['Casino', 'crypto bonus']);
    const id = await submit({ ...lead(7, kind), subject: 'Free CASINO chips' });
    await expectHeld(id, ['proof-missing', 'blocklist']);
    const audit = (await get(AUDIT_PATH).expect(200)).body.entries as {
      action: string;
      detail: Record<string, unknown>;
    }[];
    // The count only, never the terms.
    expect(audit.find((e) => e.action === 'blocklist-changed')?.detail).toEqual({ terms: 2 });
  });

  it.each<[string, unknown]>([
    ['no list', {}],
    ['not a list', { terms: 'casino' }],
    ['a term that is not text', { terms: [1] }],
    ['a blank term', { terms: ['  '] }],
    ['a term of two lines', { terms: ['a\nb'] }],
    ['a term too long', { terms: ['x'.repeat(101)] }],
    ['too many terms', { terms: Array.from({ length: 501 }, (_, i) => `t${i}`) }],
    ['another key', { terms: [], more: 1 }],
  ])('refuses a blocklist with %s (400, per field)', async (_name, body) => {
    const res = await put(BLOCKLIST_PATH, body as object).expect(400);
    expect(res.body).toMatchObject({ success: false, errors: expect.any(Object) });
  });

  it('keeps the blocklist behind the sign-in', async () => {
    await request(t.http).get(BLOCKLIST_PATH).expect(401);
    await request(t.http).put(BLOCKLIST_PATH).send({ terms: [] }).expect(401);
  });

  it('is described exactly in the OpenAPI document', async () => {
    const { body: doc } = await request(t.http).get('/docs-json').expect(200);
    const schema = (ref: string) => doc.components.schemas[ref.split('/').pop() as string];
    const put = doc.paths[BLOCKLIST_PATH].put;
    const body = schema(put.requestBody.content['application/json'].schema.$ref);
    expect(body).toMatchObject({ additionalProperties: false, required: ['terms'] });
    expect(body.properties.terms).toMatchObject({
      type: 'array',
      maxItems: 500,
      items: { type: 'string', minLength: 1, maxLength: 100 },
    });
    // 429: every bearer route throttles an API key.
    expect(Object.keys(put.responses).sort()).toEqual(['200', '400', '401', '403', '429']);
    expect(doc.paths[BLOCKLIST_PATH].get.responses['200']).toBeDefined();
    const list = doc.paths[paths.spamList];
    expect(Object.keys(list.get.responses).sort()).toEqual(['200', '400', '401', '403', '429']);
    expect(list.get.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'cursor',
      'limit',
    ]);
    expect(list.post.responses['200']).toBeDefined();
    expect(doc.paths[paths['not-spam']].post.responses['404']).toBeDefined();
    const page = schema(list.get.responses['200'].content['application/json'].schema.$ref);
    const lead = schema(page.properties.data.items.$ref);
    expect(lead.properties.spamAt).toMatchObject({ type: 'string', nullable: true });
    expect(lead.properties.spamReasons.items.enum).toEqual([...SPAM_REASONS]);
    expect(lead.required).toEqual(expect.arrayContaining(['spamAt', 'spamReasons']));
  });

  it('lists spam newest held first, in pages, each with its reasons', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await submit({ ...lead(10 + i, kind), website: 'x' }));
    const first = (await get(`${paths.spamList}?limit=2`).expect(200)).body;
    expect(first.data.map((l: ListedLead) => l._id)).toEqual([ids[2], ids[1]]);
    expect(first.total).toBe(3);
    expect(first.data[0].spamReasons).toEqual(['honeypot', 'proof-missing']);
    const next = (await get(`${paths.spamList}?limit=2&cursor=${first.nextCursor}`).expect(200))
      .body;
    expect(next.data.map((l: ListedLead) => l._id)).toEqual([ids[0]]);
    expect(next.nextCursor).toBeNull();
    await get(`${paths.spamList}?limit=0`).expect(400);
    await get(`${paths.spamList}?cursor=!`).expect(400);
    await get(`${paths.spamList}?cursor=AAAA`).expect(400);
    await get(`${paths.spamList}?q=ada`).expect(400);
    await request(t.http).get(paths.spamList).expect(401);
  });

  it('moves spam to the inbox on not-spam, unread, and notifies it then', async () => {
    const body = { ...lead(20, kind), name: 'Held Then Freed', website: 'x' };
    const id = await submit(body);
    await expectHeld(id, ['honeypot', 'proof-missing']);
    const mailsBefore = smtp.messages.length;
    const res = await post(paths['not-spam'], { ids: [id] }).expect(200);
    expect(res.body).toMatchObject({ unarchivedTotal: 1, unreadTotal: 1, spamTotal: 0 });
    expect(res.body.unarchived[0]).toMatchObject({ _id: id, spamAt: null, spamReasons: [] });
    await expectActive(id);
    await eventually(() => smtp.messages.length > mailsBefore);
    expect(smtp.messages.at(-1)?.raw).toContain('Held Then Freed');
    const timeline = (await get(`${paths.one(id)}/timeline`).expect(200)).body.events as {
      type: string;
    }[];
    expect(timeline.map((e) => e.type)).toEqual(['received', 'not-spam']);
    // Not-spam of a lead not in Spam changes nothing; an unknown id is 404.
    await post(paths['not-spam'], { ids: [id] }).expect(200);
    expect(await notifications(id)).toBe(1);
    await post(paths['not-spam'], { ids: ['0123456789abcdef01234567'] }).expect(404);
    await post(paths['not-spam'], { ids: ['nope'] }).expect(400);
  });

  it('moves leads to Spam by hand (reason manual), where they can be deleted', async () => {
    const id = await submit(lead(30, kind));
    const res = await post(paths.spam, { ids: [id] }).expect(200);
    expect(res.body).toMatchObject({ unarchivedTotal: 0, unreadTotal: 0, spamTotal: 1 });
    expect(await one(id)).toMatchObject({ spamReasons: ['manual'] });
    const audit = (await get(AUDIT_PATH).expect(200)).body.entries as {
      action: string;
      ids: string[];
    }[];
    expect(audit.find((e) => e.action === 'spam')?.ids).toEqual([id]);
    const deleted = await post(paths.delete, { ids: [id] }).expect(200);
    expect(deleted.body.spamTotal).toBe(0);
    await get(paths.one(id)).expect(404);
  });

  it('ends a bot’s 200 JSON leads with one text from rotating addresses in Spam, with reasons', async () => {
    const text = 'Increase your sales with our AI marketing, reply today for a discount!';
    const ids: string[] = [];
    for (let batch = 0; batch < 20; batch++)
      ids.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            submit(
              {
                name: `Bot ${batch * 10 + i}`,
                email: `bot${batch * 10 + i}@example.com`,
                subject: 'Offer',
                message: text,
              },
              kind,
              `10.${batch}.${i}.1`,
            ),
          ),
        )),
      );
    const totals = (await get(INBOX_PATH).expect(200)).body.kinds.contactUs.totals;
    // Only the first two, before the text was seen from a third address, reached the inbox.
    expect(totals).toMatchObject({ spam: 198, active: 2, unread: 2 });
    const spam: ListedLead[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await get(`${paths.spamList}?limit=100&cursor=${cursor}`).expect(200);
      const page = res.body as { data: ListedLead[]; nextCursor: string | null };
      spam.push(...page.data);
      cursor = page.nextCursor;
    }
    expect(spam).toHaveLength(198);
    for (const lead of spam) expect(lead.spamReasons).toEqual(['proof-missing', 'repeated-text']);
    // No notification of any of them, waiting or delivered.
    const ofSpam = { leadId: { $in: spam.map((l) => l._id) } };
    for (const outbox of ['lead_notifications_pending', 'lead_notifications'])
      expect(await t.connection.collection(outbox).countDocuments(ofSpam)).toBe(0);
  });
});

describe('SPAM_FILTER=off', () => {
  it('scores nothing: a filled honeypot reaches the inbox', async () => {
    const t = await createTestApp({ SPAM_FILTER: 'off' });
    try {
      const kind = LEAD_KINDS.keDemo;
      const res = await request(t.http)
        .post(leadPaths(kind).create)
        .send({ ...validSubmission(kind), website: 'x', email: 'a@mailinator.com' })
        .expect(201);
      const stored = await t.connection.collection(kind.collection).findOne({});
      expect(stored).toMatchObject({ spamAt: null, spamReasons: [] });
      expect(stored?._id.toHexString()).toBe(res.body.id);
    } finally {
      await t.close();
    }
  });
});
