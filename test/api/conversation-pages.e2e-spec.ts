import {
  type ConversationPageResponse,
  conversationPaths,
  INBOUND_PATHS,
  type Lead,
  LEAD_KINDS,
  leadPaths,
} from '../../nest/src/contract';
import { newWebhookSecret, plainMessage, signedHeaders } from '../support/inbound-mail';
import { insertLeads, request, signedInTestApp, type TestApp } from '../support/test-app';

const secret = newWebhookSecret();
const kind = LEAD_KINDS.brokerDemo;

/** A conversation read a page at a time: on from its start, or back from its newest page. */
describe('GET {base}/{plural}/:id/messages, paged both ways', () => {
  let t: TestApp;
  let token = '';
  let lead: Lead;
  const get = (path: string) => request(t.http).get(path).set('Authorization', `Bearer ${token}`);
  const page = async (query: string, id = lead._id) =>
    (await get(`${conversationPaths(kind).messages(id)}?${query}`).expect(200))
      .body as ConversationPageResponse;
  const texts = (body: ConversationPageResponse) => body.messages.map((m) => m.text);
  const deliver = async (text: string) => {
    const raw = plainMessage({ from: lead.email, text });
    await request(t.http)
      .post(INBOUND_PATHS.webhook)
      .set(signedHeaders(raw, secret))
      .send(Buffer.from(raw))
      .expect(202);
  };

  beforeAll(async () => {
    ({ t, token } = await signedInTestApp({ INBOUND_WEBHOOK_SECRET: secret }));
    const [id] = await insertLeads(t, kind, 1);
    lead = (await get(leadPaths(kind).one(id!)).expect(200)).body.lead as Lead;
    for (let n = 1; n <= 7; n++) await deliver(`m${n}`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads on from the first message with cursor, oldest first', async () => {
    const first = await page('limit=3');
    expect(texts(first)).toEqual(['m1', 'm2', 'm3']);
    expect(first.prevCursor).toBeNull();
    const second = await page(`limit=3&cursor=${first.nextCursor}`);
    expect(texts(second)).toEqual(['m4', 'm5', 'm6']);
    const last = await page(`limit=3&cursor=${second.nextCursor}`);
    expect(texts(last)).toEqual(['m7']);
    expect(last.nextCursor).toBeNull();
  });

  it('opens on the newest page and reads back with before, each message once', async () => {
    const newest = await page('from=end&limit=3');
    expect(texts(newest)).toEqual(['m5', 'm6', 'm7']);
    expect(newest.nextCursor).toBeNull();
    const back = await page(`limit=3&before=${newest.prevCursor}`);
    expect(texts(back)).toEqual(['m2', 'm3', 'm4']);
    const first = await page(`limit=3&before=${back.prevCursor}`);
    expect(texts(first)).toEqual(['m1']);
    expect(first.prevCursor).toBeNull();
    // From an earlier page, on again: the pages meet exactly.
    expect(texts(await page(`limit=3&cursor=${first.nextCursor}`))).toEqual(['m2', 'm3', 'm4']);
  });

  it('says later messages came since a page was read', async () => {
    const newest = await page('from=end&limit=2');
    expect(texts(newest)).toEqual(['m6', 'm7']);
    const before = await page(`limit=2&before=${newest.prevCursor}`);
    expect(before.nextCursor).not.toBeNull();
    await deliver('m8');
    const after = await page('from=end&limit=2');
    expect(texts(after)).toEqual(['m7', 'm8']);
    expect(texts(await page(`limit=2&cursor=${after.prevCursor}`))).toEqual(['m8']);
  });

  it('opens on the true newest page when the head is behind (a raise lost to a race or a crash)', async () => {
    const heads = t.connection.collection<{ _id: string; count: number }>('lead_conversations');
    const head = { _id: `${kind.key}:${lead._id}` };
    const { count } = (await heads.findOne(head))!;
    // Behind by one (the usual lost raise), then by more than a probe's page.
    for (const behind of [1, count - 1]) {
      await heads.updateOne(head, { $set: { count: count - behind } });
      const newest = await page('from=end&limit=3');
      expect(texts(newest)).toEqual([`m${count - 2}`, `m${count - 1}`, `m${count}`]);
      expect(newest.nextCursor).toBeNull();
    }
    await heads.updateOne(head, { $set: { count } });
  });

  it('answers an empty newest page for a lead nobody wrote to', async () => {
    const [quiet] = await insertLeads(t, kind, 1);
    expect(await page('from=end', quiet!)).toEqual({
      success: true,
      messages: [],
      nextCursor: null,
      prevCursor: null,
    });
  });

  it('refuses two ways to a page at once, or a page it cannot read (400 per field)', async () => {
    const newest = await page('from=end&limit=3');
    const path = conversationPaths(kind).messages(lead._id);
    const refused = async (query: string, field: string) => {
      const res = await get(`${path}?${query}`).expect(400);
      expect(res.body.errors[field]?.[0]).toEqual(expect.any(String));
    };
    await refused(`cursor=${newest.prevCursor}&before=${newest.prevCursor}`, 'before');
    await refused(`from=end&before=${newest.prevCursor}`, 'before');
    await refused(`from=middle`, 'from');
    await refused(`before=${Buffer.from('x9').toString('base64url')}`, 'before');
    await refused(`before=${encodeURIComponent('not a cursor!')}`, 'before');
    await refused(`cursor=${Buffer.from('s').toString('base64url')}`, 'cursor');
    await refused(`from=end&limit=0`, 'limit');
  });

  it('is for signed-in admins only, and 404 for a lead that is not there', async () => {
    const path = conversationPaths(kind).messages(lead._id);
    await request(t.http).get(`${path}?from=end`).expect(401);
    await get(`${conversationPaths(kind).messages('0'.repeat(24))}?from=end`).expect(404);
  });
});
