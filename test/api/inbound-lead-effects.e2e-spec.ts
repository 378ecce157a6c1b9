import {
  ADMINS_PATH,
  INBOUND_PATHS,
  INBOX_PATH,
  type Lead,
  LEAD_KINDS,
  leadPaths,
  leadWorkPaths,
  RESPONSE_TARGET_DEFAULTS,
  type TimelineEvent,
} from '../../nest/src/contract';
import { newWebhookSecret, plainMessage, signedHeaders } from '../support/inbound-mail';
import { leadDocs } from '../support/lead-docs';
import {
  type ChatReceiver,
  eventually,
  mailHeader,
  type MailReceiver,
  startChatReceiver,
  startMailReceiver,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../support/receivers';
import { insertLeadDocs, request, signedInTestApp, type TestApp } from '../support/test-app';

const secret = newWebhookSecret();
const kind = LEAD_KINDS.keDemo;
const paths = leadPaths(kind);

/** What an email from a lead does to it: unread, waiting on us, back from the archive, told of. */
describe('a lead that writes', () => {
  let t: TestApp;
  let token = '';
  let smtp: MailReceiver;
  let hooks: WebhookReceiver;
  let slack: ChatReceiver;
  const get = (path: string) => request(t.http).get(path).set('Authorization', `Bearer ${token}`);
  const post = (path: string, body: object) =>
    request(t.http).post(path).set('Authorization', `Bearer ${token}`).send(body);
  const deliver = (raw: string) =>
    request(t.http)
      .post(INBOUND_PATHS.webhook)
      .set(signedHeaders(raw, secret))
      .send(Buffer.from(raw))
      .expect(202);
  const lead = async (id: string) => (await get(paths.one(id)).expect(200)).body.lead as Lead;
  const timeline = async (id: string) =>
    (await get(leadWorkPaths(kind).timeline(id)).expect(200)).body.events as TimelineEvent[];
  const one = async (tag: string, archived = false) => {
    const [id] = await insertLeadDocs(t, kind, leadDocs(kind, 1, { tag, archived }));
    return lead(id!);
  };

  beforeAll(async () => {
    smtp = await startMailReceiver();
    hooks = await startWebhookReceiver();
    slack = await startChatReceiver(undefined, { path: '/services/T0/B0/slack' });
    ({ t, token } = await signedInTestApp({
      INBOUND_WEBHOOK_SECRET: secret,
      INBOUND_ADDRESS: 'leads@boats.example',
      NOTIFY_FROM: 'leads@boats.example',
      SMTP_URL: smtp.url,
      LEAD_WEBHOOK_URL: hooks.url,
      LEAD_WEBHOOK_SECRET: newWebhookSecret(),
      SLACK_WEBHOOK_URL: slack.url,
    }));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await hooks?.close();
    await slack?.close();
  });

  it('comes back from the archive, unread and waiting on us (timeline: unarchive, reason inbound)', async () => {
    // Answered to our reply's address, which names it (the sender alone finds active leads only).
    const archived = await one('archived', true);
    expect(archived.archivedAt).not.toBeNull();
    const mails = smtp.messages.length;
    await post(leadWorkPaths(kind).reply(archived._id), { subject: 'Hi', text: 'Hello' }).expect(
      202,
    );
    await eventually(() => smtp.messages.length > mails);
    const replyTo = mailHeader(smtp.messages[smtp.messages.length - 1]!.raw, 'Reply-To')!;
    await deliver(plainMessage({ from: archived.email, to: replyTo, text: 'Still interested!' }));
    const after = await lead(archived._id);
    expect(after).toMatchObject({ archivedAt: null, readAt: null, wroteAgain: true });
    expect(after.awaitingReplySince).toEqual(expect.any(String));
    expect(Date.parse(after.dueAt)).toBe(
      Date.parse(after.awaitingReplySince!) + RESPONSE_TARGET_DEFAULTS.keDemo * 60_000,
    );
    const unarchive = (await timeline(archived._id)).find((e) => e.type === 'unarchive');
    expect(unarchive).toMatchObject({ admin: null, detail: { reason: 'inbound' } });
  });

  it('a won lead stays won and shows it wrote again; its owner, the webhook and the chat are told', async () => {
    const won = await one('won');
    const [me] = (await get(ADMINS_PATH).expect(200)).body.admins as { id: string }[];
    await post(paths.assign, { ids: [won._id], adminId: me!.id }).expect(200);
    await post(leadWorkPaths(kind).reply(won._id), { subject: 'Demo', text: 'See you' }).expect(
      202,
    );
    await eventually(async () => (await lead(won._id)).firstResponseAt !== null);
    await post(paths.stage, { ids: [won._id], stage: 'won' }).expect(200);
    await post(paths.read, { ids: [won._id] }).expect(200);
    const mails = smtp.messages.length;

    const question = plainMessage({ from: won.email, text: 'One more question' });
    const stored = await deliver(question);
    const after = await lead(won._id);
    expect(after).toMatchObject({ stage: 'won', readAt: null, wroteAgain: true });

    await eventually(() =>
      smtp.messages
        .slice(mails)
        .some((m) => /wrote again/.test(mailHeader(m.raw, 'Subject') ?? '')),
    );
    const told = smtp.messages
      .slice(mails)
      .find((m) => /wrote again/.test(mailHeader(m.raw, 'Subject') ?? ''))!;
    expect(told.to).toEqual(['admin@example.com']);
    expect(told.raw).not.toContain('One more question');
    const isOurs = (body: unknown) => (body as { leadId?: string }).leadId === won._id;
    await eventually(() => hooks.received.some(isOurs));
    const event = hooks.received.find(isOurs);
    expect(event).toEqual({
      event: 'lead.message',
      kind: 'keDemo',
      leadId: won._id,
      messageId: stored.body.id,
    });
    // The same inbound event posts the chat's "wrote again" alert, once (the same message again
    // is stored once and raises nothing).
    expect((await deliver(question)).body.outcome).toBe('duplicate');
    const aboutWon = () => slack.posted().filter((body) => JSON.stringify(body).includes(won._id));
    await eventually(() => aboutWon().length > 0);
    expect(aboutWon().map((body) => (body as { text: string }).text)).toEqual([
      expect.stringMatching(/the lead wrote again/),
    ]);
  });

  it('no longer waits once our reply has gone; an automatic reply never makes it wait', async () => {
    const waiting = await one('waiting');
    await deliver(plainMessage({ from: waiting.email, text: 'Hello?' }));
    expect((await lead(waiting._id)).awaitingReplySince).not.toBeNull();
    await post(leadWorkPaths(kind).reply(waiting._id), { subject: 'Re: Hello', text: 'Hi' }).expect(
      202,
    );
    await eventually(async () => (await lead(waiting._id)).awaitingReplySince === null);
    await deliver(
      plainMessage({
        from: waiting.email,
        subject: 'Out of office',
        text: 'Away',
        headers: { 'Auto-Submitted': 'auto-replied' },
      }),
    );
    const after = await lead(waiting._id);
    expect(after.awaitingReplySince).toBeNull();
    expect(after.wroteAgain).toBe(false);
  });

  it('is in "Needs reply" while it waits on us, counted per kind in /inbox, overdue past the target', async () => {
    const inNeedsReply = async (id: string) =>
      (
        (await get(`${paths.active}?view=needs-reply&limit=200`).expect(200)).body.data as Lead[]
      ).some((l) => l._id === id);
    const inbox = async () => (await get(INBOX_PATH).expect(200)).body.kinds.keDemo.totals;
    const contacted = await one('contacted');
    await post(paths.stage, { ids: [contacted._id], stage: 'contacted' }).expect(200);
    expect(await inNeedsReply(contacted._id)).toBe(false);
    const before = await inbox();
    expect(before.needsReply).toBeGreaterThanOrEqual(before.stages.new);

    await deliver(plainMessage({ from: contacted.email, text: 'Any update?' }));
    expect(await inNeedsReply(contacted._id)).toBe(true);
    expect((await inbox()).needsReply).toBe(before.needsReply + 1);
    await post(leadWorkPaths(kind).reply(contacted._id), { subject: 'Update', text: 'Yes' }).expect(
      202,
    );
    await eventually(async () => !(await inNeedsReply(contacted._id)));
    expect((await inbox()).needsReply).toBe(before.needsReply);

    // A wait that began longer ago than the kind's target: overdue, on the lead and in /inbox.
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    const [late] = await insertLeadDocs(t, kind, [
      { ...leadDocs(kind, 1, { tag: 'late' })[0]!, stage: 'won', awaitingReplySince: hoursAgo(5) },
    ]);
    expect(await lead(late!)).toMatchObject({ overdue: true, wroteAgain: false, stage: 'won' });
    expect((await inbox()).overdue).toBe(before.overdue + 1);
    expect(await inNeedsReply(late!)).toBe(true);
  });
});
