import {
  AUDIT_PATH,
  type AuditEntry,
  LEAD_KINDS,
  type Lead,
  leadWorkPaths,
  REPLY_LIMITS,
  type TimelineEvent,
} from '../../nest/src/contract';
import { eventually, mailHeader, type MailReceiver, startMailReceiver } from '../support/receivers';
import {
  createAdmin,
  createTestApp,
  insertLeads,
  loginToken,
  request,
  type TestApp,
  useSignedInKind,
} from '../support/test-app';

const kind = LEAD_KINDS.keDemo;
const work = leadWorkPaths(kind);

describe('replies by email', () => {
  let smtp: MailReceiver;
  const api = useSignedInKind(kind, {});
  beforeAll(async () => {
    smtp = await startMailReceiver({ refuse: 1 });
  });
  afterAll(() => smtp.close());

  it('409 naming SMTP_URL when it is not set, and nothing queued', async () => {
    const [id] = await insertLeads(api.t, kind, 1);
    const res = await api.post(work.reply(id!), { subject: 'Hi', text: 'Hello' }).expect(409);
    expect(res.body.message).toContain('SMTP_URL');
    for (const outbox of ['lead_notifications_pending', 'lead_notifications'])
      expect(await api.t.connection.collection(outbox).countDocuments()).toBe(0);
    const events = (await api.get(work.timeline(id!)).expect(200)).body.events as TimelineEvent[];
    expect(events.map((e) => e.type)).toEqual(['received']);
  });
});

describe('replies by email, with SMTP_URL', () => {
  let smtp: MailReceiver;
  let t: TestApp;
  let token = '';
  const get = (path: string) => request(t.http).get(path).set('Authorization', `Bearer ${token}`);
  const post = (path: string, body: object) =>
    request(t.http).post(path).set('Authorization', `Bearer ${token}`).send(body);
  const timeline = async (id: string) =>
    (await get(work.timeline(id)).expect(200)).body.events as TimelineEvent[];
  const replies = async (id: string) =>
    (await timeline(id)).flatMap((e) => (e.type === 'reply' ? [e.detail] : []));

  beforeAll(async () => {
    smtp = await startMailReceiver({ refuse: 1 });
    t = await createTestApp({ SMTP_URL: smtp.url, NOTIFY_FROM: 'leads@boats.example' });
    await createAdmin(t);
    token = await loginToken(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends threaded plain-text replies From NOTIFY_FROM, To the lead, Reply-To the admin; retries a refused one', async () => {
    const [id] = await insertLeads(t, kind, 1);
    const lead = (await get(`/${kind.module}/${kind.resource}/${id}`).expect(200)).body
      .lead as Lead;
    expect(lead.stage).toBe('new');

    const first = await post(work.reply(id!), {
      subject: 'Your demo',
      text: 'Hello 🚤\nTuesday?',
    }).expect(202);
    expect(first.body).toEqual({
      success: true,
      reply: { id: expect.stringMatching(/^[0-9a-f]{24}$/), status: 'queued' },
    });
    // The server refuses the first attempt: the reply stays queued with the server's line.
    await eventually(async () => (await replies(id!))[0]?.error != null);
    const failing = (await replies(id!))[0]!;
    expect(failing).toMatchObject({ status: 'queued', to: lead.email, subject: 'Your demo' });
    expect(failing.error).toMatch(/^451 .*Mailbox busy/);
    await eventually(async () => (await replies(id!))[0]?.status === 'sent');
    expect((await replies(id!))[0]?.error).toBeNull();

    const after = (await get(`/${kind.module}/${kind.resource}/${id}`).expect(200)).body
      .lead as Lead;
    expect(after.stage).toBe('contacted');
    expect(after.firstResponseAt).toEqual(expect.any(String));
    const stage = (await timeline(id!)).find((e) => e.type === 'stage');
    expect(stage?.detail).toEqual({ from: 'new', to: 'contacted' });

    await post(work.reply(id!), { subject: 'Re: Your demo', text: 'Second' }).expect(202);
    await eventually(() => smtp.messages.length === 2);
    await post(work.reply(id!), { subject: 'Re: Your demo', text: 'Third' }).expect(202);
    await eventually(() => smtp.messages.length === 3);
    const again = (await get(`/${kind.module}/${kind.resource}/${id}`).expect(200)).body
      .lead as Lead;
    expect(again.firstResponseAt).toBe(after.firstResponseAt);

    const [m1, m2, m3] = smtp.messages.map((m) => m.raw);
    expect(smtp.messages[0]!.to).toEqual([lead.email]);
    expect(mailHeader(m1!, 'From')).toBe('leads@boats.example');
    expect(mailHeader(m1!, 'To')).toBe(lead.email);
    expect(mailHeader(m1!, 'Reply-To')).toBe('admin@example.com');
    expect(mailHeader(m1!, 'Content-Type')).toMatch(/^text\/plain/);
    const id1 = mailHeader(m1!, 'Message-ID')!;
    const id2 = mailHeader(m2!, 'Message-ID')!;
    expect(id1).toBe(`<reply.${first.body.reply.id}@boats.example>`);
    expect(mailHeader(m1!, 'In-Reply-To')).toBeUndefined();
    expect(mailHeader(m2!, 'In-Reply-To')).toBe(id1);
    expect(mailHeader(m2!, 'References')).toBe(id1);
    expect(mailHeader(m3!, 'In-Reply-To')).toBe(id2);
    expect(mailHeader(m3!, 'References')).toBe(`${id1} ${id2}`);
    expect((await replies(id!)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);

    const audit = (await get(AUDIT_PATH).expect(200)).body.entries as AuditEntry[];
    const logged = audit.filter((e) => e.action === 'reply');
    expect(logged).toHaveLength(3);
    expect(JSON.stringify(logged)).not.toMatch(/Tuesday|Second|Your demo/);
    expect(JSON.stringify(logged)).not.toContain(lead.email);
  });

  it('refuses a bad subject or text with 400 and counts characters as the contract does', async () => {
    const [id] = await insertLeads(t, kind, 1);
    for (const subject of [
      'Hi\r\nBcc: x@y.z',
      'Hi\nthere',
      'Hi\r',
      '',
      '  ',
      'a'.repeat(REPLY_LIMITS.subject + 1),
    ]) {
      const res = await post(work.reply(id!), { subject, text: 'x' }).expect(400);
      expect(res.body.errors.subject).toBeDefined();
    }
    for (const text of ['', 'a'.repeat(REPLY_LIMITS.text + 1), 'a\u0000']) {
      const res = await post(work.reply(id!), { subject: 'x', text }).expect(400);
      expect(res.body.errors.text).toBeDefined();
    }
    await post(work.reply(id!), { subject: '🚤'.repeat(REPLY_LIMITS.subject), text: 'x' }).expect(
      202,
    );
    // The widest valid body: both fields at their limits in astral characters, sent as JSON's
    // escapes (12 bytes a character, 240 kB in all) — within the body limit, so accepted.
    const widest = JSON.stringify({
      subject: '🚤'.repeat(REPLY_LIMITS.subject),
      text: '🚤'.repeat(REPLY_LIMITS.text),
    }).replace(/[\u{10000}-\u{10ffff}]/gu, (c) =>
      c
        .split('')
        .map((unit) => `\\u${unit.charCodeAt(0).toString(16)}`)
        .join(''),
    );
    expect(widest.length).toBeGreaterThan(240_000);
    await request(t.http)
      .post(work.reply(id!))
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/json')
      .send(widest)
      .expect(202);
    await post(work.reply('0123456789abcdef01234567'), { subject: 'x', text: 'x' }).expect(404);
    await post(work.reply('nope'), { subject: 'x', text: 'x' }).expect(400);
  });
});

describe('a reply queued before a restart', () => {
  it('is sent by the next API process on the same database', async () => {
    const smtp = await startMailReceiver();
    // No SMTP server reachable for the first process: its reply stays queued.
    const closed = await startMailReceiver();
    const deadUrl = closed.url;
    await closed.close();
    const first = await createTestApp({ SMTP_URL: deadUrl });
    await createAdmin(first);
    const token = await loginToken(first);
    const [id] = await insertLeads(first, kind, 1);
    const res = await request(first.http)
      .post(work.reply(id!))
      .set('Authorization', `Bearer ${token}`)
      .send({ subject: 'Hello', text: 'Still there?' })
      .expect(202);
    await first.app.close();

    const second = await createTestApp({ SMTP_URL: smtp.url, MONGODB_DB: first.dbName }, 'restart');
    try {
      const token2 = await loginToken(second);
      // The first attempt failed (connection refused): the retry comes after its backoff.
      await eventually(() => smtp.messages.length === 1, 30_000);
      expect(mailHeader(smtp.messages[0]!.raw, 'Message-ID')).toContain(res.body.reply.id);
      await eventually(async () => {
        const events = (
          await request(second.http)
            .get(work.timeline(id!))
            .set('Authorization', `Bearer ${token2}`)
            .expect(200)
        ).body.events as TimelineEvent[];
        return events.some((e) => e.type === 'reply' && e.detail.status === 'sent');
      });
    } finally {
      await second.close();
      await smtp.close();
    }
  }, 60_000);
});
