import { createHmac } from 'node:crypto';

import {
  AUDIT_PATH,
  type AuditEntry,
  type ConversationMessage,
  type ConversationPageResponse,
  conversationPaths,
  INBOUND_PATHS,
  type Lead,
  LEAD_KINDS,
  type LeadKindDescriptor,
  type LeadPage,
  leadPaths,
  leadWorkPaths,
  PRIVACY_PATHS,
  type UnmatchedPageResponse,
} from '../../nest/src/contract';
import { ReplyTokens } from '../../nest/src/leads/conversation/store/reply-tokens';
import { newWebhookSecret, plainMessage, signedHeaders } from '../support/inbound-mail';
import { eventually, mailHeader, type MailReceiver, startMailReceiver } from '../support/receivers';
import { insertLeads, request, signedInTestApp, type TestApp } from '../support/test-app';

const secret = newWebhookSecret();
const MAX_BYTES = 12 * 1024 * 1024;
const contactUs = LEAD_KINDS.contactUs;
const keDemo = LEAD_KINDS.keDemo;

describe('POST /inbound/email without INBOUND_WEBHOOK_SECRET', () => {
  it('is off: 404, whatever is sent', async () => {
    // First in the file: an app's settings stay in this process's environment for the next.
    const { t } = await signedInTestApp();
    try {
      const raw = plainMessage();
      const res = await request(t.http)
        .post(INBOUND_PATHS.webhook)
        .set(signedHeaders(raw, newWebhookSecret()))
        .send(Buffer.from(raw))
        .expect(404);
      expect(res.body.message).toContain('INBOUND_WEBHOOK_SECRET');
    } finally {
      await t.close();
    }
  });
});

describe('POST /inbound/email', () => {
  let t: TestApp;
  let token = '';
  let smtp: MailReceiver;
  const get = (path: string) => request(t.http).get(path).set('Authorization', `Bearer ${token}`);
  const post = (path: string, body: object) =>
    request(t.http).post(path).set('Authorization', `Bearer ${token}`).send(body);
  const deliver = (raw: string | Buffer, headers: object = signedHeaders(raw, secret)) =>
    request(t.http)
      .post(INBOUND_PATHS.webhook)
      .set(headers as Record<string, string>)
      .send(Buffer.isBuffer(raw) ? raw : Buffer.from(raw));
  const messagesOf = async (kind: LeadKindDescriptor, id: string) =>
    ((await get(conversationPaths(kind).messages(id)).expect(200)).body as ConversationPageResponse)
      .messages;
  const leadOf = async (kind: LeadKindDescriptor) => {
    const [id] = await insertLeads(t, kind, 1);
    return (await get(leadPaths(kind).one(id!)).expect(200)).body.lead as Lead;
  };
  const newLeadOf = async (email: string) =>
    (
      (await get(`${leadPaths(contactUs).active}?limit=200`).expect(200)).body as LeadPage
    ).data.find((lead) => lead.email === email);

  beforeAll(async () => {
    smtp = await startMailReceiver();
    ({ t, token } = await signedInTestApp({
      INBOUND_WEBHOOK_SECRET: secret,
      INBOUND_ADDRESS: 'leads@boats.example',
      NOTIFY_FROM: 'leads@boats.example',
      INBOUND_MAX_BYTES: String(MAX_BYTES),
      SMTP_URL: smtp.url,
    }));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('makes a new contact-us lead of an unknown sender, and keeps the message once', async () => {
    const raw = plainMessage({
      from: 'Ada Byron <ada@example.org>',
      subject: 'Boats',
      text: 'How much is it?',
    });
    const first = await deliver(raw).expect(202);
    expect(first.body).toEqual({
      success: true,
      outcome: 'stored',
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    // The same message again (a relay's retry, the mailbox too): known, kept once.
    const again = await deliver(raw).expect(202);
    expect(again.body).toEqual({ success: true, outcome: 'duplicate', id: first.body.id });

    const lead = await newLeadOf('ada@example.org');
    expect(lead).toMatchObject({
      name: 'Ada Byron',
      message: 'How much is it?',
      subject: 'Boats',
      source: { utm_source: 'email', utm_medium: 'email' },
    });
    const messages = await messagesOf(contactUs, lead!._id);
    expect(messages).toEqual([
      expect.objectContaining({
        id: first.body.id,
        direction: 'in',
        from: { name: 'Ada Byron', address: 'ada@example.org' },
        subject: 'Boats',
        text: 'How much is it?',
        quoted: '',
        matchedBy: 'new-lead',
        auto: false,
        senderDiffers: false,
      }),
    ]);
  });

  it('keeps a message without Message-ID once by its content, whatever its transport headers', async () => {
    const body = plainMessage({ from: 'noid@example.org', messageId: null, text: 'No id here' });
    const first = await deliver(`Received: from a.example by mx1\r\n${body}`).expect(202);
    const second = await deliver(`Received: from b.example by mx2\r\n${body}`).expect(202);
    expect(second.body).toEqual({ success: true, outcome: 'duplicate', id: first.body.id });
  });

  it('joins the sender’s newest active lead of any kind, and threads answers to our replies', async () => {
    const lead = await leadOf(keDemo);
    const bySender = await deliver(plainMessage({ from: lead.email, text: 'Any news?' })).expect(
      202,
    );
    await post(leadWorkPaths(keDemo).reply(lead._id), { subject: 'Demo', text: 'Tuesday?' }).expect(
      202,
    );
    await eventually(() => smtp.messages.length > 0);
    const ours = smtp.messages[smtp.messages.length - 1]!.raw;
    const messageId = mailHeader(ours, 'Message-ID')!;
    // A References of 10,000 ids, ours the newest; sent to our plain address (no token).
    const references = [
      ...Array.from({ length: 9_999 }, (_, i) => `<old${i}@x.example>`),
      messageId,
    ];
    const byHeaders = await deliver(
      plainMessage({ from: lead.email, text: 'Tuesday is fine', references: references.join(' ') }),
    ).expect(202);
    await eventually(async () => (await messagesOf(keDemo, lead._id)).length === 3);
    const messages = await messagesOf(keDemo, lead._id);
    expect(messages.map((m) => [m.direction, m.matchedBy, m.id])).toEqual([
      ['in', 'sender', bySender.body.id],
      ['out', null, expect.any(String)],
      ['in', 'headers', byHeaders.body.id],
    ]);
    // Our own reply seen again (a copy in the mailbox, a relay's loop): left out.
    const loop = await deliver(ours).expect(202);
    expect(loop.body.outcome).toBe('duplicate');
    expect(await messagesOf(keDemo, lead._id)).toHaveLength(3);
  });

  it('keeps an automatic reply on the lead, marked, without making it unread', async () => {
    const lead = await leadOf(keDemo);
    await post(leadPaths(keDemo).read, { ids: [lead._id] }).expect(200);
    await deliver(
      plainMessage({
        from: lead.email,
        subject: 'Automatic reply: Your demo',
        text: 'I am away until Monday.',
        headers: { 'Auto-Submitted': 'auto-replied' },
      }),
    ).expect(202);
    const [message] = await messagesOf(keDemo, lead._id);
    expect(message).toMatchObject({ auto: true, text: 'I am away until Monday.' });
    const after = (await get(leadPaths(keDemo).one(lead._id)).expect(200)).body.lead as Lead;
    expect(after.readAt).not.toBeNull();
    // A robot never opens a lead: an unknown sender's auto-reply waits in Unmatched.
    const robot = await deliver(
      plainMessage({ from: 'robot@example.org', subject: 'Out of office', text: 'Away' }),
    ).expect(202);
    expect(robot.body.outcome).toBe('unmatched');
  });

  it('refuses a missing or wrong signature (401), a wrong type (415), too much (413), no message (400)', async () => {
    const raw = plainMessage({ from: 'sig@example.org' });
    await request(t.http)
      .post(INBOUND_PATHS.webhook)
      .set('content-type', 'message/rfc822')
      .send(raw)
      .expect(401);
    const headers = signedHeaders(raw, secret);
    await deliver(raw, { ...headers, 'webhook-signature': 'v1,AAAA' }).expect(401);
    await deliver(raw, signedHeaders(raw, newWebhookSecret())).expect(401);
    await deliver(`${raw}tampered`, headers).expect(401);
    const old = new Date(Date.now() - 10 * 60_000);
    await deliver(raw, signedHeaders(raw, secret, old)).expect(401);
    await deliver(raw, { ...signedHeaders(raw, secret), 'content-type': 'text/plain' }).expect(415);
    const big = Buffer.alloc(MAX_BYTES + 1, 'a');
    const tooBig = await deliver(big).expect(413);
    expect(tooBig.body.message).toContain('INBOUND_MAX_BYTES');
    const notMail = await deliver(Buffer.from([0, 1, 2, 3, 4])).expect(400);
    expect(notMail.body).toMatchObject({
      success: false,
      message: expect.stringContaining('refused'),
    });
    // None of these made a lead.
    expect(await newLeadOf('sig@example.org')).toBeUndefined();
  });

  it('takes a message signed over its raw bytes when they are not UTF-8 (8-bit Latin-1)', async () => {
    const raw = Buffer.concat([
      Buffer.from(
        'From: Jos\xe9 <jose@example.org>\r\nSubject: =?iso-8859-1?Q?Ol=E1?=\r\nMessage-ID: <latin1@example.org>\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: 8bit\r\n\r\n',
        'latin1',
      ),
      Buffer.from('Ol\xe1, bom dia\r\n', 'latin1'),
    ]);
    const id = 'msg_latin1';
    const at = Math.floor(Date.now() / 1000);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const mac = createHmac('sha256', key)
      .update(Buffer.concat([Buffer.from(`${id}.${at}.`), raw]))
      .digest('base64');
    const res = await deliver(raw, {
      'content-type': 'message/rfc822',
      'webhook-id': id,
      'webhook-timestamp': String(at),
      'webhook-signature': `v1,${mac}`,
    }).expect(202);
    const lead = await newLeadOf('jose@example.org');
    expect((await messagesOf(contactUs, lead!._id))[0]).toMatchObject({
      id: res.body.id,
      subject: 'Olá',
      text: 'Olá, bom dia',
    });
  });

  it('is in the OpenAPI document: the webhook public, every other call behind the bearer', async () => {
    const { body: doc } = await request(t.http).get('/docs-json').expect(200);
    const paths = doc.paths as Record<string, Record<string, { security?: unknown[] }>>;
    const conversation = conversationPaths(keDemo);
    const bearer = [
      ['get', conversation.messages('{id}')],
      ['get', conversation.attachment('{id}', '{messageId}', '{n}' as unknown as number)],
      ['get', INBOUND_PATHS.unmatched],
      ['post', INBOUND_PATHS.attach('{id}')],
      ['delete', INBOUND_PATHS.remove('{id}')],
      ['get', INBOUND_PATHS.status],
    ].map(([method, path]) => [method!, decodeURIComponent(path!)] as const);
    for (const [method, path] of bearer)
      expect({ method, path, security: paths[path]?.[method]?.security }).toEqual({
        method,
        path,
        security: [{ bearer: [] }],
      });
    expect(paths[INBOUND_PATHS.webhook]?.post).toBeDefined();
    expect(paths[INBOUND_PATHS.webhook]?.post?.security).toBeUndefined();
    // The webhook's body is the raw message (bounded by INBOUND_MAX_BYTES, a 413), never JSON;
    // the one JSON body of inbound mail, attach's, is closed and bounded as every body is.
    const bodyOf = (path: string, method: string) =>
      (paths[path]?.[method] as { requestBody?: { content: Record<string, unknown> } })?.requestBody
        ?.content;
    expect(Object.keys(bodyOf(INBOUND_PATHS.webhook, 'post') ?? {})).toEqual(['message/rfc822']);
    const attach = bodyOf(decodeURIComponent(INBOUND_PATHS.attach('{id}')), 'post');
    const ref = (attach?.['application/json'] as { schema: { $ref: string } }).schema.$ref;
    const schema = doc.components.schemas[ref.replace('#/components/schemas/', '')];
    expect(schema).toMatchObject({
      additionalProperties: false,
      required: ['kind', 'leadId'],
      properties: { leadId: { pattern: expect.any(String) }, kind: { enum: expect.any(Array) } },
    });
  });

  describe('bad input: never a 5xx, never blocking what follows', () => {
    const deep = (depth: number) => {
      let raw = 'From: deep@example.org\r\nContent-Type: multipart/mixed; boundary=b0\r\n\r\n';
      for (let i = 0; i < depth; i++)
        raw += `--b${i}\r\nContent-Type: multipart/mixed; boundary=b${i + 1}\r\n\r\n`;
      return `${raw}--b${depth}\r\nContent-Type: text/plain\r\n\r\ndeep\r\n`;
    };

    it.each<[string, string | Buffer, RegExp]>([
      [
        'a 10 MB header block',
        `From: a@example.org\r\nX-Big: ${'a'.repeat(10 * 1024 * 1024)}\r\n\r\nbody\r\n`,
        /header block larger than/,
      ],
      ['5,000 nested multiparts', deep(5000), /more than 500 MIME parts/],
    ])('refuses %s with its reason (400), recorded as failed', async (_name, raw, reason) => {
      const res = await deliver(raw).expect(400);
      expect(res.body.message).toMatch(reason);
      const status = (await get(INBOUND_PATHS.status).expect(200)).body;
      expect(status.lastFailure).toMatchObject({
        channel: 'webhook',
        reason: expect.stringMatching(reason),
      });
      // The next message goes through.
      await deliver(plainMessage({ from: 'after-bad@example.org', text: 'Still here' })).expect(
        202,
      );
    });

    it('stores malformed MIME as far as it can be read', async () => {
      const raw = [
        'From: Broken <broken@example.org>',
        'Subject: Broken',
        'Message-ID: <broken@example.org>',
        'Content-Type: multipart/mixed; boundary="never-closed"',
        '',
        '--never-closed',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: base64',
        '',
        'SGVsbG8gZnJvbSBhIGJyb2tlbiBtZXNzYWdl!!!notbase64',
        '--not-the-boundary',
        'garbage',
      ].join('\r\n');
      expect((await deliver(raw).expect(202)).body.outcome).toBe('stored');
      const lead = await newLeadOf('broken@example.org');
      expect((await messagesOf(contactUs, lead!._id))[0]?.text).toContain(
        'Hello from a broken message',
      );
    });

    it('keeps a ZIP bomb as the bytes it is, never unpacked', async () => {
      // 42.zip-style: a small archive claiming gigabytes inside; we store and count its own bytes.
      const bomb = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(4000, 0)]);
      const raw = [
        'From: bomb@example.org',
        'Subject: Files',
        'Message-ID: <bomb@example.org>',
        'Content-Type: multipart/mixed; boundary=zz',
        '',
        '--zz',
        'Content-Type: text/plain',
        '',
        'See attached',
        '--zz',
        'Content-Type: application/zip; name="42.zip"',
        'Content-Disposition: attachment; filename="42.zip"',
        'Content-Transfer-Encoding: base64',
        '',
        bomb.toString('base64'),
        '--zz--',
        '',
      ].join('\r\n');
      await deliver(raw).expect(202);
      const lead = await newLeadOf('bomb@example.org');
      const [message] = await messagesOf(contactUs, lead!._id);
      expect(message!.attachments).toEqual([
        { n: 0, name: '42.zip', type: 'application/zip', size: bomb.length, inline: false },
      ]);
    });

    it('keeps From and Subject on one line when they decode to CR/LF, lone surrogates replaced', async () => {
      const crlf = Buffer.from('Eve\r\nBcc: all@example.org').toString('base64');
      const surrogate = Buffer.from([0x3d, 0xd8]).toString('base64');
      const raw = [
        `From: =?utf-8?B?${crlf}?= <eve@example.org>`,
        `Subject: =?utf-8?Q?Hi=0D=0ABcc:_all@example.org?= =?x-unknown?Q?caf=E9?= =?utf-16le?B?${surrogate}?=`,
        'Message-ID: <injection@example.org>',
        '',
        'Hello',
      ].join('\r\n');
      await deliver(raw).expect(202);
      const lead = await newLeadOf('eve@example.org');
      expect(lead!.name).toBe('Eve Bcc: all@example.org');
      const [message] = await messagesOf(contactUs, lead!._id);
      expect(message!.subject).not.toMatch(/[\r\n]/);
      // Adjacent encoded-words join without the space between them (RFC 2047).
      expect(message!.subject).toMatch(/^Hi Bcc: all@example\.orgcaf.\uFFFD$/);
    });

    it('puts a message without From, or claiming to be from us, in Unmatched', async () => {
      const noFrom = await deliver(plainMessage({ from: '', text: 'Who am I?' })).expect(202);
      const fromUs = await deliver(
        plainMessage({ from: 'Boat Market Data <leads@boats.example>', text: 'Trust me' }),
      ).expect(202);
      expect([noFrom.body.outcome, fromUs.body.outcome]).toEqual(['unmatched', 'unmatched']);
      const list = (await get(INBOUND_PATHS.unmatched).expect(200)).body as UnmatchedPageResponse;
      const reasons = Object.fromEntries(list.messages.map((m) => [m.id, m.reason]));
      expect(reasons[noFrom.body.id]).toBe('no-sender');
      expect(reasons[fromUs.body.id]).toBe('from-us');
    });

    it('passes over a token for an erased lead, and a forged one', async () => {
      const lead = await leadOf(keDemo);
      const tokens = t.app.get(ReplyTokens);
      const address = tokens.addressFor('keDemo', lead._id)!;
      await post(PRIVACY_PATHS.erase, { email: lead.email }).expect(200);
      const res = await deliver(
        plainMessage({ from: lead.email, to: address, text: 'Me again' }),
      ).expect(202);
      // Not joined to a lead that is gone: a new one, as anyone writing for the first time.
      expect(res.body.outcome).toBe('stored');
      const fresh = await newLeadOf(lead.email);
      expect((await messagesOf(contactUs, fresh!._id))[0]).toMatchObject({ matchedBy: 'new-lead' });

      const other = await leadOf(keDemo);
      const forged = address.replace(lead._id, other._id);
      await deliver(
        plainMessage({ from: 'forger@example.org', to: forged, text: 'Let me in' }),
      ).expect(202);
      expect(await messagesOf(keDemo, other._id)).toEqual([]);
    });
  });

  describe('the Unmatched list', () => {
    it('attaches a message to a lead (matchedBy admin) or deletes it, audited without addresses', async () => {
      const lead = await leadOf(keDemo);
      const waiting = await deliver(plainMessage({ from: '', text: 'Attach me' })).expect(202);
      const doomedRaw = plainMessage({ from: '', text: 'Delete me' });
      const doomed = await deliver(doomedRaw).expect(202);

      await post(INBOUND_PATHS.attach(waiting.body.id), { kind: 'nope', leadId: 'x' })
        .expect(400)
        .expect((res) => {
          expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['kind']));
        });
      await post(INBOUND_PATHS.attach(waiting.body.id), { kind: 'keDemo', leadId: 'x' })
        .expect(400)
        .expect((res) => expect(res.body.errors.leadId).toBeDefined());
      await post(INBOUND_PATHS.attach(waiting.body.id), {
        kind: 'keDemo',
        leadId: '0'.repeat(24),
      }).expect(404);
      await post(INBOUND_PATHS.attach('0'.repeat(32)), { kind: 'keDemo', leadId: lead._id }).expect(
        404,
      );
      await post(INBOUND_PATHS.attach('nope'), { kind: 'keDemo', leadId: lead._id }).expect(400);

      const attached = await post(INBOUND_PATHS.attach(waiting.body.id), {
        kind: 'keDemo',
        leadId: lead._id,
      }).expect(200);
      expect(attached.body).toMatchObject({ success: true, kind: 'keDemo', leadId: lead._id });
      const messages: ConversationMessage[] = await messagesOf(keDemo, lead._id);
      expect(messages).toEqual([
        expect.objectContaining({ id: waiting.body.id, matchedBy: 'admin', text: 'Attach me' }),
      ]);

      await request(t.http)
        .delete(INBOUND_PATHS.remove(doomed.body.id))
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      await request(t.http)
        .delete(INBOUND_PATHS.remove(doomed.body.id))
        .set('Authorization', `Bearer ${token}`)
        .expect(404);
      const list = (await get(INBOUND_PATHS.unmatched).expect(200)).body as UnmatchedPageResponse;
      expect(list.messages.map((m) => m.id)).not.toEqual(expect.arrayContaining([waiting.body.id]));
      expect(list.messages.map((m) => m.id)).not.toEqual(expect.arrayContaining([doomed.body.id]));
      // Delivered again, a deleted message stays deleted.
      expect((await deliver(doomedRaw).expect(202)).body.outcome).toBe('duplicate');

      const audit = (await get(AUDIT_PATH).expect(200)).body.entries as AuditEntry[];
      const entries = audit.filter(
        (e) => e.action === 'unmatched-attached' || e.action === 'unmatched-deleted',
      );
      expect(entries.map((e) => e.action).sort()).toEqual([
        'unmatched-attached',
        'unmatched-deleted',
      ]);
      const recorded = JSON.stringify(entries.map(({ ids, detail }) => ({ ids, detail })));
      expect(recorded).not.toMatch(/@|Attach me|Delete me/);
      for (const path of [INBOUND_PATHS.unmatched, INBOUND_PATHS.status])
        await request(t.http).get(path).expect(401);
    });
  });
});
