import {
  type ConversationPageResponse,
  conversationPaths,
  INBOUND_PATHS,
  LEAD_KINDS,
  type LeadPage,
  leadPaths,
} from '../../nest/src/contract';
import { newWebhookSecret, plainMessage, signedHeaders } from '../support/inbound-mail';
import { request, signedInTestApp, type TestApp } from '../support/test-app';

const secret = newWebhookSecret();
const contactUs = LEAD_KINDS.contactUs;

describe('POST /inbound/email', () => {
  let t: TestApp;
  let token = '';
  const get = (path: string) => request(t.http).get(path).set('Authorization', `Bearer ${token}`);
  const deliver = (raw: string | Buffer, headers = signedHeaders(raw, secret)) =>
    request(t.http).post(INBOUND_PATHS.webhook).set(headers).send(Buffer.isBuffer(raw) ? raw : Buffer.from(raw));

  beforeAll(async () => {
    ({ t, token } = await signedInTestApp({
      INBOUND_WEBHOOK_SECRET: secret,
      INBOUND_ADDRESS: 'leads@boats.example',
      NOTIFY_FROM: 'leads@boats.example',
    }));
  });
  afterAll(() => t?.close());

  it('makes a new contact-us lead of an unknown sender, keeps the message once', async () => {
    const raw = plainMessage({ from: 'Ada Byron <ada@example.org>', subject: 'Boats', text: 'How much is it?' });
    const first = await deliver(raw).expect(202);
    expect(first.body).toEqual({ success: true, outcome: 'stored', id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const again = await deliver(raw).expect(202);
    expect(again.body).toEqual({ success: true, outcome: 'duplicate', id: first.body.id });

    const page = (await get(leadPaths(contactUs).active).expect(200)).body as LeadPage;
    const lead = page.data.find((l) => l.email === 'ada@example.org');
    expect(lead).toMatchObject({ name: 'Ada Byron', message: 'How much is it?', subject: 'Boats' });
    const messages = (await get(conversationPaths(contactUs).messages(lead!._id)).expect(200))
      .body as ConversationPageResponse;
    expect(messages.messages).toHaveLength(1);
    expect(messages.messages[0]).toMatchObject({
      id: first.body.id,
      direction: 'in',
      from: { name: 'Ada Byron', address: 'ada@example.org' },
      subject: 'Boats',
      text: 'How much is it?',
      matchedBy: 'new-lead',
      auto: false,
      senderDiffers: false,
    });
  });
});
