import { type Response } from 'superagent';

import {
  type ConversationMessage,
  type ConversationPageResponse,
  conversationPaths,
  INBOUND_PATHS,
  type InboundStatusResponse,
  type Lead,
  LEAD_KINDS,
  type LeadKindDescriptor,
  leadPaths,
  leadWorkPaths,
} from '../../nest/src/contract';
import { type MailServer, startDovecot } from '../support/dovecot';
import { fixtureMessage, plainMessage } from '../support/inbound-mail';
import { eventually, mailHeader, type MailReceiver, startMailReceiver } from '../support/receivers';
import {
  createTestApp,
  insertLeads,
  loginToken,
  request,
  signedInTestApp,
  type TestApp,
} from '../support/test-app';

const INBOUND = {
  INBOUND_POLL_INTERVAL: '1s',
  INBOUND_ADDRESS: 'leads@boats.example',
  NOTIFY_FROM: 'leads@boats.example',
  INBOUND_IMAP_DONE_FOLDER: 'Processed',
};

describe('answers from a real IMAP mailbox (Dovecot on loopback)', () => {
  let mail: MailServer;
  let smtp: MailReceiver;
  let t: TestApp;
  let token = '';
  const get = (path: string) => request(t.http).get(path).set('Authorization', `Bearer ${token}`);
  const messagesOf = async (kind: LeadKindDescriptor, id: string) =>
    ((await get(conversationPaths(kind).messages(id)).expect(200)).body as ConversationPageResponse)
      .messages;

  beforeAll(async () => {
    mail = await startDovecot();
    smtp = await startMailReceiver();
    ({ t, token } = await signedInTestApp({
      ...INBOUND,
      INBOUND_IMAP_URL: mail.url,
      SMTP_URL: smtp.url,
    }));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await mail?.stop();
  });

  /** Replies to a lead from the API and answers the mail as the lead received it. */
  async function replyFromUs(kind: LeadKindDescriptor, id: string) {
    const before = smtp.messages.length;
    await request(t.http)
      .post(leadWorkPaths(kind).reply(id))
      .set('Authorization', `Bearer ${token}`)
      .send({ subject: 'Your request', text: 'Hello, when would suit you?' })
      .expect(202);
    await eventually(() => smtp.messages.length > before);
    const raw = smtp.messages[smtp.messages.length - 1]!.raw;
    return { replyTo: mailHeader(raw, 'Reply-To')!, messageId: mailHeader(raw, 'Message-ID')! };
  }

  async function leadOf(kind: LeadKindDescriptor): Promise<Lead> {
    const [id] = await insertLeads(t, kind, 1);
    return (await get(leadPaths(kind).one(id!)).expect(200)).body.lead as Lead;
  }

  it.each([
    {
      fixture: 'gmail-reply.eml',
      kind: LEAD_KINDS.keDemo,
      to: 'token',
      matchedBy: 'token',
      wrote: 'Tuesday at 10 works for us. Could you send a calendar invite? ⛵',
      quoted: 'Thank you for asking for a KE demo for Harbour Ltd.',
    },
    {
      // Answered to our plain address (the token lost), threaded by its In-Reply-To.
      fixture: 'outlook-winmail-reply.eml',
      kind: LEAD_KINDS.brokerDemo,
      to: 'plain',
      matchedBy: 'headers',
      wrote: 'Hi,\n\nThursday afternoon suits us.',
      quoted: 'Thank you for asking for a broker demo for Contoso Marine.',
    },
    {
      // Apple Mail without In-Reply-To or References: the token in the address finds it.
      fixture: 'apple-mail-inline-image-reply.eml',
      kind: LEAD_KINDS.consultation,
      to: 'token',
      matchedBy: 'token',
      wrote: 'Yes, Nice in April would be perfect.',
      quoted: 'Thank you for asking for a consultation in Nice.',
    },
  ])(
    'brings $fixture back to its lead, quoted history apart, and files it away',
    async ({ fixture, kind, to, matchedBy, wrote, quoted }) => {
      const lead = await leadOf(kind);
      const ours = await replyFromUs(kind, lead._id);
      expect(ours.replyTo).toMatch(/^leads\+[0-9a-f]{41}@boats\.example$/);
      const uid = await mail.deliver(
        fixtureMessage(fixture, {
          FROM: lead.email,
          TO: to === 'token' ? ours.replyTo : 'leads@boats.example',
          IN_REPLY_TO: ours.messageId,
        }),
      );
      let messages: ConversationMessage[] = [];
      await eventually(async () => (messages = await messagesOf(kind, lead._id)).length === 2);
      const [out, answer] = messages;
      expect(out).toMatchObject({ direction: 'out', messageId: ours.messageId, matchedBy: null });
      expect(answer).toMatchObject({
        direction: 'in',
        matchedBy,
        senderDiffers: false,
        auto: false,
      });
      expect(answer!.text.startsWith(wrote)).toBe(true);
      expect(answer!.text).not.toContain(quoted);
      expect(answer!.quoted).toContain(quoted);
      // Taken in: flagged \Seen and moved to INBOUND_IMAP_DONE_FOLDER.
      await eventually(async () => (await mail.messages('INBOX')).every((m) => m.uid !== uid));
      expect((await mail.messages('Processed')).every((m) => m.flags.includes('\\Seen'))).toBe(
        true,
      );
    },
    30_000,
  );

  it('lists attachments and downloads them only as attachments, the bytes as sent', async () => {
    const kind = LEAD_KINDS.brokerDemo;
    const lead = await leadOf(kind);
    const ours = await replyFromUs(kind, lead._id);
    const raw = fixtureMessage('outlook-winmail-reply.eml', {
      FROM: lead.email,
      TO: ours.replyTo,
      IN_REPLY_TO: ours.messageId,
    });
    await mail.deliver(raw);
    let answer: ConversationMessage | undefined;
    await eventually(async () => Boolean((answer = (await messagesOf(kind, lead._id))[1])));
    expect(answer!.attachments).toEqual([
      { n: 0, name: 'winmail.dat', type: 'application/ms-tnef', size: 525, inline: false },
    ]);
    const path = conversationPaths(kind).attachment(lead._id, answer!.id, 0);
    const res = await get(path).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="winmail.dat"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    const base64 = raw
      .split('Content-Transfer-Encoding: base64\r\n\r\n')[1]!
      .split('\r\n\r\n--')[0]!;
    expect((res.body as Buffer).equals(Buffer.from(base64, 'base64'))).toBe(true);
    // Another lead's path, an unknown message, a number past the list: 404; malformed: 400.
    const [other] = await insertLeads(t, kind, 1);
    await get(conversationPaths(kind).attachment(other!, answer!.id, 0)).expect(404);
    await get(conversationPaths(kind).attachment(lead._id, '0'.repeat(32), 0)).expect(404);
    await get(conversationPaths(kind).attachment(lead._id, answer!.id, 1)).expect(404);
    await get(conversationPaths(kind).attachment(lead._id, 'nope', 0)).expect(400);
    await get(conversationPaths(kind).attachment(lead._id, answer!.id, -1)).expect(400);
    await request(t.http).get(path).expect(401);
  });

  it('marks a colleague answering through the token as senderDiffers (HTML-only mail as text)', async () => {
    const kind = LEAD_KINDS.brokerDemo;
    const lead = await leadOf(kind);
    const ours = await replyFromUs(kind, lead._id);
    await mail.deliver(
      fixtureMessage('outlook-web-html-only-reply.eml', {
        FROM: 'peter.holm@contoso.example',
        TO: ours.replyTo,
      }),
    );
    let answer: ConversationMessage | undefined;
    await eventually(async () => Boolean((answer = (await messagesOf(kind, lead._id))[1])));
    expect(answer).toMatchObject({ matchedBy: 'token', senderDiffers: true });
    expect(answer!.text).toContain('I will join the call as well');
    expect(answer!.text).not.toMatch(/<|>|&nbsp;/);
    expect(answer!.quoted).toContain('Thank you for asking for a broker demo');
  });

  it('takes in what follows a bad message: the bad one is recorded as failed and stays', async () => {
    const kind = LEAD_KINDS.contactUs;
    const badUid = await mail.deliver(
      Buffer.from(`From: x@example.org\r\nX-Big: ${'a'.repeat(600 * 1024)}\r\n\r\nbody\r\n`),
    );
    await mail.deliver(
      plainMessage({ from: 'Grace <grace@example.org>', text: 'After the bad one' }),
    );
    let lead: Lead | undefined;
    await eventually(async () => {
      const page = (await get(`${leadPaths(kind).active}?q=grace`).expect(200)).body;
      return Boolean((lead = (page.data as Lead[]).find((l) => l.email === 'grace@example.org')));
    });
    // The lead is made from the message before the message joins its conversation: wait for both.
    let first: ConversationMessage | undefined;
    await eventually(async () => Boolean((first = (await messagesOf(kind, lead!._id))[0])));
    expect(first?.text).toBe('After the bad one');
    const status = (await get(INBOUND_PATHS.status).expect(200)).body as InboundStatusResponse;
    expect(status.lastFailure).toMatchObject({
      channel: 'imap',
      reason: expect.stringMatching(/header block/),
    });
    expect(status.last24h.failed).toBeGreaterThanOrEqual(1);
    const inbox = await mail.messages('INBOX');
    expect(inbox.find((m) => m.uid === badUid)?.flags).toContain('\\Seen');
  });

  it('says the mailbox is connected, when it was last looked into, and what came in', async () => {
    const status = (await get(INBOUND_PATHS.status).expect(200)).body as InboundStatusResponse;
    const imap = status.channels.find((c) => c.channel === 'imap');
    expect(imap).toMatchObject({ configured: true, state: 'connected', lastError: null });
    expect(Date.now() - Date.parse(imap!.lastPollAt!)).toBeLessThan(10_000);
    expect(status.last24h.processed).toBeGreaterThanOrEqual(5);
    expect(status.channels.find((c) => c.channel === 'webhook')).toMatchObject({
      configured: false,
      state: 'off',
    });
    expect(status.replyAddress).toBe('leads@boats.example');
    await request(t.http).get(INBOUND_PATHS.status).expect(401);
  });
});

describe('one mailbox, two API processes', () => {
  it('stores each message once, whichever holds the mailbox', async () => {
    const mail = await startDovecot();
    const settings = { ...INBOUND, INBOUND_IMAP_URL: mail.url };
    const a = await createTestApp(settings);
    const b = await createTestApp({ ...settings, MONGODB_DB: a.dbName }, 'second');
    try {
      for (let i = 0; i < 20; i++)
        await mail.deliver(plainMessage({ from: 'Many <many@example.org>', text: `Message ${i}` }));
      const kind = LEAD_KINDS.contactUs;
      const leads = a.connection.collection(kind.collection);
      const slots = a.connection.collection('lead_messages');
      await eventually(async () => (await slots.countDocuments()) === 20, 30_000);
      // Whoever took them, the sender's first message made the lead and the rest joined it.
      const made = await leads.find({ email: 'many@example.org' }).toArray();
      expect(made).toHaveLength(1);
      const texts = (await slots.find().toArray()).map((slot) => slot.text as string).sort();
      expect(texts).toEqual(Array.from({ length: 20 }, (_, i) => `Message ${i}`).sort());
      expect(await mail.messages('INBOX')).toEqual([]);
      await b.app.close();
      // The other takes over the mailbox once the first is gone.
      await mail.deliver(plainMessage({ from: 'Many <many@example.org>', text: 'After B left' }));
      await eventually(async () => (await slots.countDocuments()) === 21, 45_000);
    } finally {
      await b.app.close().catch(() => undefined);
      await a.close();
      await mail.stop();
    }
  }, 90_000);
});

describe('a mailbox that refuses the password', () => {
  it('says "authentication failed", never connected', async () => {
    const mail = await startDovecot();
    const url = mail.url.replace(encodeURIComponent(mail.password), 'wrong-password');
    const { t, token } = await signedInTestApp({ ...INBOUND, INBOUND_IMAP_URL: url });
    try {
      let status: InboundStatusResponse | undefined;
      await eventually(async () => {
        status = (
          await request(t.http).get(INBOUND_PATHS.status).set('Authorization', `Bearer ${token}`)
        ).body as InboundStatusResponse;
        return Boolean(status.channels[0]?.lastError);
      }, 20_000);
      expect(status!.channels[0]).toMatchObject({
        channel: 'imap',
        state: 'failing',
        lastError: { message: expect.stringMatching(/^authentication failed/) },
      });
      expect(JSON.stringify(status)).not.toContain('wrong-password');
      expect(await loginToken(t)).toBeTruthy();
    } finally {
      await t.close();
      await mail.stop();
    }
  }, 60_000);
});

/** Supertest's parser for a binary answer: the bytes as a Buffer. */
function binary(res: Response, done: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
