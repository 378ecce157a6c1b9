import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';

import { ObjectId } from 'mongodb';
import { Webhook } from 'standardwebhooks';

import { formatExactDate, LEAD_KINDS, leadPaths } from '../../nest/src/contract';
import {
  eventually,
  mailHeader,
  startMailReceiver,
  startWebhookReceiver,
} from '../support/receivers';
import { validSubmission } from '../support/submissions';
import { createAdmin, createTestApp, request, type TestApp } from '../support/test-app';

/** A signing secret as `whsec_$(openssl rand -base64 32)` makes one. */
const SECRET = `whsec_${Buffer.alloc(32, 42).toString('base64')}`;

/** Notifications still waiting for delivery (the queue the worker reads every second). */
const queued = (t: TestApp) =>
  t.connection.collection('lead_notifications_pending').countDocuments();

describe('new-lead notifications', () => {
  const kind = LEAD_KINDS.keDemo;
  const submission = validSubmission(kind);

  it('posts each new lead to the webhook, retrying after a failure', async () => {
    const hook = await startWebhookReceiver(1);
    const t = await createTestApp({ LEAD_WEBHOOK_URL: hook.url, LEAD_WEBHOOK_SECRET: SECRET });
    try {
      const started = Date.now();
      const res = await request(t.http).post(leadPaths(kind).create).send(submission).expect(201);
      // The intake doesn't wait for delivery (the receiver is failing right now).
      expect(Date.now() - started).toBeLessThan(1_000);
      await eventually(() => hook.received.length === 1);
      expect(hook.attempts).toBe(2);
      expect(hook.received[0]).toEqual({
        event: 'lead.created',
        kind: 'keDemo',
        lead: expect.objectContaining({
          _id: res.body.id,
          name: submission.name,
          company: submission.company,
        }),
      });
      // The outbox row is settled as sent after the receiver has answered: wait for that write.
      const outboxRow = () =>
        t.connection.collection('lead_notifications').findOne({ leadId: res.body.id });
      await eventually(async () => (await outboxRow())?.status === 'sent');
      const outbox = await outboxRow();
      expect(outbox).toEqual(
        expect.objectContaining({ status: 'sent', attempts: 2, channel: 'webhook' }),
      );
      await eventually(async () => (await queued(t)) === 0);

      // Both calls, the refused one and its retry, are signed (Standard Webhooks), with one id:
      // the outbox row's, so a receiver that saw the first can tell the second repeats it.
      const receiver = new Webhook(SECRET);
      expect(hook.calls.map((call) => call.answered)).toEqual([500, 204]);
      for (const call of hook.calls) {
        expect(receiver.verify(call.body, call.headers)).toEqual(hook.received[0]);
        expect(call.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
        expect(call.headers['webhook-id']).toBe(outbox?._id.toHexString());
      }
      // A forged call (another secret, or the body changed on the way) does not verify.
      const [call] = hook.calls;
      const forger = new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`);
      expect(() => forger.verify(call?.body ?? '', call?.headers ?? {})).toThrow();
      expect(() =>
        receiver.verify((call?.body ?? '').replace('Harbour', 'Harbor'), call?.headers ?? {}),
      ).toThrow();
    } finally {
      await t.close();
      await hook.close();
    }
  });

  it('emails the notify address through SMTP', async () => {
    const smtp = await startMailReceiver();
    const t = await createTestApp({
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: 'sales@example.com',
      NOTIFY_FROM: 'leads@example.com',
      WEB_URL: 'https://www.example.com',
    });
    try {
      await request(t.http).post(leadPaths(kind).create).send(submission).expect(201);
      await eventually(() => smtp.messages.length === 1);
      const [mail] = smtp.messages;
      expect(mail?.to).toEqual(['sales@example.com']);
      expect(mail?.from).toBe('leads@example.com');
      expect(mail?.raw).toContain('Subject: New KE Demo Request: Ada Lovelace 0');
      expect(mail?.raw).toContain('Email: ada0@example.com');
      expect(mail?.raw).toContain('Company: Harbour Ltd');
      expect(mail?.raw).toContain('https://www.example.com/super-secret-admin');
      // No admin reads this address: the date is in UTC, and says so.
      expect(mail?.raw).toMatch(/Received: \w{3}, \d{2} \w{3} \d{4} [\d:]{8} UTC\r?\n/);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('writes the date in the zone of the admin it goes to, when they chose one', async () => {
    const smtp = await startMailReceiver();
    const t = await createTestApp({
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: 'Sales@Example.com',
      NOTIFY_FROM: 'leads@example.com',
    });
    try {
      await createAdmin(t, 'sales@example.com', 'a long and good password');
      await t.connection
        .collection('admins')
        .updateOne({ email: 'sales@example.com' }, { $set: { timeZone: 'America/New_York' } });
      const res = await request(t.http).post(leadPaths(kind).create).send(submission).expect(201);
      await eventually(() => smtp.messages.length === 1);
      const stored = await t.connection
        .collection(kind.collection)
        .findOne({ _id: new ObjectId(res.body.id as string) });
      const at = stored?.createdAt as Date;
      expect(smtp.messages[0]?.raw).toContain(
        `Received: ${formatExactDate(at, 'America/New_York')}`,
      );
      expect(formatExactDate(at, 'America/New_York')).toMatch(/ UTC-0[45]:00$/);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('sends From NOTIFY_FROM with its display name when it has one', async () => {
    const smtp = await startMailReceiver();
    const t = await createTestApp({
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: 'team@example.com',
      NOTIFY_FROM: 'Boat Sales <sales@example.com>',
    });
    try {
      await request(t.http).post(leadPaths(kind).create).send(submission).expect(201);
      await eventually(() => smtp.messages.length === 1);
      const [mail] = smtp.messages;
      // The envelope's sender is the address; the header shows the name beside it.
      expect(mail?.from).toBe('sales@example.com');
      expect(mailHeader(mail!.raw, 'From')).toBe('Boat Sales <sales@example.com>');
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('keeps pending notifications across a restart of the API', async () => {
    // The receiver is down while the first API instance runs; a later instance delivers.
    const down = await startWebhookReceiver();
    const url = down.url;
    await down.close();
    const first = await createTestApp({ LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: SECRET });
    const res = await request(first.http).post(leadPaths(kind).create).send(submission).expect(201);
    await eventually(async () => {
      const job = await first.connection
        .collection('lead_notifications_pending')
        .findOne({ leadId: res.body.id, channel: 'webhook' });
      // A failed attempt on record (claiming alone counts an attempt too).
      return (job?.attempts ?? 0) >= 1 && typeof job?.lastError === 'string';
    });
    await first.app.close();

    const port = Number(new URL(url).port);
    const hook = await startWebhookReceiver(0, port);
    const second = await createTestApp({
      LEAD_WEBHOOK_URL: url,
      LEAD_WEBHOOK_SECRET: SECRET,
      MONGODB_DB: first.dbName,
    });
    try {
      await eventually(() => hook.received.length === 1, 20_000);
      expect(hook.received[0]).toEqual(
        expect.objectContaining({ lead: expect.objectContaining({ _id: res.body.id }) }),
      );
    } finally {
      await second.close();
      await hook.close();
    }
  }, 40_000);

  it('records an attempt in flight when the API stops, so the next process is not held back', async () => {
    // A receiver that takes its time, then refuses: the API is stopped while it waits.
    let started = 0;
    const slow = createServer((req, res) => {
      started += 1;
      req.resume();
      setTimeout(() => res.writeHead(500).end('not now'), 1_500);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hooks/leads`;
    const app = await createTestApp({ LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: SECRET });
    try {
      const res = await request(app.http).post(leadPaths(kind).create).send(submission).expect(201);
      await eventually(() => started === 1);
      // The API alone, as a stopping process; its database stays for the next one.
      await app.app.close();
      const check = await createTestApp({ MONGODB_DB: app.dbName });
      try {
        // The webhook's entry: the lead is queued once per channel (email too where SMTP is set),
        // and engines return a filter's documents in orders of their own.
        const job = await check.connection
          .collection('lead_notifications_pending')
          .findOne({ leadId: res.body.id, channel: 'webhook' });
        expect({
          status: job?.status,
          attempts: job?.attempts,
          recorded: typeof job?.lastError === 'string',
          claimReleased: (job?.lockedUntil as Date).getTime() <= Date.now(),
        }).toEqual({ status: 'pending', attempts: 1, recorded: true, claimReleased: true });
      } finally {
        await check.close();
      }
    } finally {
      await new Promise((resolve) => slow.close(resolve));
    }
  }, 30_000);

  it('keeps only what is still to deliver in the queue, and every delivered lead on record once', async () => {
    // The first two calls are refused: those leads wait in the queue for their retry meanwhile.
    const hook = await startWebhookReceiver(2);
    const smtp = await startMailReceiver();
    const t = await createTestApp({
      LEAD_WEBHOOK_URL: hook.url,
      LEAD_WEBHOOK_SECRET: SECRET,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: 'sales@example.com',
      NOTIFY_FROM: 'leads@example.com',
    });
    try {
      const ids: string[] = [];
      for (let n = 1; n <= 6; n++) {
        const res = await request(t.http)
          .post(leadPaths(kind).create)
          .send(validSubmission(kind, n))
          .expect(201);
        ids.push(res.body.id as string);
      }
      await eventually(() => hook.received.length >= 6, 60_000);
      await eventually(() => smtp.messages.length >= 6);
      await eventually(async () => (await queued(t)) === 0);
      const delivered = hook.received.map((body) => (body as { lead: { _id: string } }).lead._id);
      expect(delivered.sort()).toEqual([...ids].sort());
      const settled = await t.connection.collection('lead_notifications').find().toArray();
      expect(settled.map((row) => `${row.channel} ${row.leadId} ${row.status}`).sort()).toEqual(
        ids.flatMap((id) => [`email ${id} sent`, `webhook ${id} sent`]).sort(),
      );
      expect(hook.calls).toHaveLength(8);
      expect(smtp.messages).toHaveLength(6);
    } finally {
      await t.close();
      await hook.close();
      await smtp.close();
    }
  }, 90_000);

  it('delivers, once, a notification an earlier version left waiting in lead_notifications', async () => {
    // No channel: the lead is stored and nothing is queued or sent.
    const first = await createTestApp();
    const res = await request(first.http).post(leadPaths(kind).create).send(submission).expect(201);
    const leadId = res.body.id as string;
    // As the version before kept its queue: every entry in lead_notifications, this one waiting.
    const earlier = {
      _id: new ObjectId(),
      channel: 'webhook',
      kind: kind.key,
      leadId,
      status: 'pending',
      attempts: 1,
      nextAttemptAt: new Date(),
      lockedUntil: new Date(0),
      lastError: 'connect ECONNREFUSED',
      sentAt: null,
    };
    await first.connection.collection('lead_notifications').insertOne(earlier);
    await first.app.close();

    const hook = await startWebhookReceiver();
    const second = await createTestApp({
      LEAD_WEBHOOK_URL: hook.url,
      LEAD_WEBHOOK_SECRET: SECRET,
      MONGODB_DB: first.dbName,
    });
    try {
      const settled = second.connection.collection('lead_notifications');
      await eventually(
        async () => (await settled.findOne({ _id: earlier._id }))?.status === 'sent',
        20_000,
      );
      expect(await settled.findOne({ _id: earlier._id })).toEqual(
        expect.objectContaining({ leadId, status: 'sent', attempts: 2, lastError: null }),
      );
      expect(
        await second.connection
          .collection('lead_notifications_pending')
          .countDocuments({ _id: earlier._id }),
      ).toBe(0);
      // Delivered once (a call carries its entry's id), with the lead read at delivery.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const ofEarlier = hook.calls.filter(
        (call) => call.headers['webhook-id'] === earlier._id.toHexString(),
      );
      expect(ofEarlier).toHaveLength(1);
      expect(JSON.parse(ofEarlier[0]?.body ?? '{}')).toEqual(
        expect.objectContaining({ lead: expect.objectContaining({ _id: leadId }) }),
      );
    } finally {
      await second.close();
      await hook.close();
    }
  }, 40_000);
});
