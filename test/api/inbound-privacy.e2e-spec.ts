import {
  conversationPaths,
  INBOUND_PATHS,
  type Lead,
  LEAD_KINDS,
  leadPaths,
  PRIVACY_PATHS,
  type PrivacyLeadsResponse,
} from '../../nest/src/contract';
import { newWebhookSecret, signedHeaders } from '../support/inbound-mail';
import { insertLeads, request, signedInTestApp, type TestApp } from '../support/test-app';

const secret = newWebhookSecret();
const kind = LEAD_KINDS.brokerDemo;

/** A message with a file, from `from`: what a person sends with something attached. */
function withAttachment(from: string, id: string): string {
  return [
    `From: Mary Shelley <${from}>`,
    'To: leads@boats.example',
    'Subject: Our fleet',
    `Message-ID: <${id}@example.org>`,
    'Content-Type: multipart/mixed; boundary=b',
    '',
    '--b',
    'Content-Type: text/plain',
    '',
    'PRIVATE-TEXT: the fleet list is attached',
    '--b',
    'Content-Type: text/csv; name="fleet.csv"',
    'Content-Disposition: attachment; filename="fleet.csv"',
    '',
    'boat,length\r\nAriel,12',
    '--b--',
    '',
  ].join('\r\n');
}

/** A person's emails go with their leads: in the access download, and out with erasure. */
describe('a person’s conversation: access, deletion and erasure', () => {
  let t: TestApp;
  let token = '';
  const get = (path: string) => request(t.http).get(path).set('Authorization', `Bearer ${token}`);
  const post = (path: string, body: object) =>
    request(t.http).post(path).set('Authorization', `Bearer ${token}`).send(body);
  const deliver = (raw: string) =>
    request(t.http)
      .post(INBOUND_PATHS.webhook)
      .set(signedHeaders(raw, secret))
      .send(Buffer.from(raw));
  const count = (collection: string) => t.connection.collection(collection).countDocuments();

  beforeAll(async () => {
    ({ t, token } = await signedInTestApp({ INBOUND_WEBHOOK_SECRET: secret }));
  });
  afterAll(() => t?.close());

  it('lists the messages and their attachments’ names and sizes; erasure removes them all', async () => {
    const [id] = await insertLeads(t, kind, 1);
    const lead = (await get(leadPaths(kind).one(id!)).expect(200)).body.lead as Lead;
    const stored = await deliver(withAttachment(lead.email, 'fleet')).expect(202);
    expect(stored.body.outcome).toBe('stored');

    const access = (
      await get(`${PRIVACY_PATHS.leads}?email=${encodeURIComponent(lead.email)}`).expect(200)
    ).body as PrivacyLeadsResponse;
    expect(access.messages[lead._id]).toEqual([
      expect.objectContaining({
        text: 'PRIVATE-TEXT: the fleet list is attached',
        attachments: [{ n: 0, name: 'fleet.csv', type: 'text/csv', size: 21, inline: false }],
      }),
    ]);

    const before = await Promise.all(['lead_messages', 'message_attachments'].map(count));
    expect(before.every((n) => n > 0)).toBe(true);
    await post(PRIVACY_PATHS.erase, { email: lead.email }).expect(200);
    expect(await count('lead_messages')).toBe(before[0]! - 1);
    expect(await count('message_attachments')).toBe(before[1]! - 1);
    const left = JSON.stringify(await t.connection.collection('message_receipts').find().toArray());
    expect(left).not.toMatch(/PRIVATE-TEXT|fleet\.csv|@/);
    await get(conversationPaths(kind).messages(lead._id)).expect(404);
  });

  it('deleting an archived lead deletes its conversation', async () => {
    const [id] = await insertLeads(t, kind, 1);
    const lead = (await get(leadPaths(kind).one(id!)).expect(200)).body.lead as Lead;
    await deliver(withAttachment(lead.email, 'deleted')).expect(202);
    const before = await count('lead_messages');
    await post(leadPaths(kind).archive, { ids: [lead._id] }).expect(200);
    await post(leadPaths(kind).delete, { ids: [lead._id] }).expect(200);
    expect(await count('lead_messages')).toBe(before - 1);
    expect(
      await t.connection
        .collection('lead_conversations')
        .countDocuments({ _id: `brokerDemo:${lead._id}` as never }),
    ).toBe(0);
  });
});
