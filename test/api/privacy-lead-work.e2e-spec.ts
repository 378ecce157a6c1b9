import { Types } from 'mongoose';

import {
  AUDIT_PATH,
  type AuditEntry,
  LEAD_KINDS,
  leadPaths,
  leadWorkPaths,
  PRIVACY_PATHS,
  type TimelineEvent,
} from '../../nest/src/contract';
import { eventually, type MailReceiver, startMailReceiver } from '../support/receivers';
import { validSubmission } from '../support/submissions';
import { createAdmin, createTestApp, loginToken, request, type TestApp } from '../support/test-app';

/**
 * A person's stages, notes and replies go with their leads: in the access download, and out with
 * the erasure, leaving the audit log whole and holding nothing of them.
 */
describe('a person’s worked leads: access and erasure', () => {
  let smtp: MailReceiver;
  let t: TestApp;
  let token = '';
  const get = (path: string) => request(t.http).get(path).set('Authorization', `Bearer ${token}`);
  const post = (path: string, body: object) =>
    request(t.http).post(path).set('Authorization', `Bearer ${token}`).send(body);
  const submit = async (kind: (typeof LEAD_KINDS)[keyof typeof LEAD_KINDS], email: string) =>
    (
      await request(t.http)
        .post(leadPaths(kind).create)
        .send({ ...validSubmission(kind, 0), email })
        .expect(201)
    ).body.id as string;

  beforeAll(async () => {
    smtp = await startMailReceiver();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      NOTIFY_FROM: 'leads@boats.example',
      INTAKE_RATE_LIMIT: '1000',
    });
    await createAdmin(t);
    token = await loginToken(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('downloads each lead’s stage and timeline; erases them with the outbox, audit kept clean', async () => {
    const contactUs = await submit(LEAD_KINDS.contactUs, 'Mary.Shelley@Example.com');
    const keDemo = await submit(LEAD_KINDS.keDemo, ' mary.shelley@example.com');
    const someoneElse = await submit(LEAD_KINDS.keDemo, 'percy@example.com');
    const note = 'SECRET-NOTE: prefers calls after six';
    const reply = { subject: 'About your boat SUBJ', text: 'Dear Mary, REPLY-TEXT follows' };

    await post(leadPaths(LEAD_KINDS.keDemo).stage, { ids: [keDemo], stage: 'qualified' }).expect(
      200,
    );
    await post(leadWorkPaths(LEAD_KINDS.keDemo).notes(keDemo), { text: note }).expect(201);
    await post(leadWorkPaths(LEAD_KINDS.keDemo).notes(someoneElse), { text: 'Percy’s' }).expect(
      201,
    );
    await post(leadWorkPaths(LEAD_KINDS.contactUs).reply(contactUs), reply).expect(202);
    await eventually(() =>
      smtp.messages.some((m) => m.to.some((to) => to.toLowerCase() === 'mary.shelley@example.com')),
    );

    const { body } = await get(
      `${PRIVACY_PATHS.leads}?email=${encodeURIComponent('MARY.SHELLEY@example.com')}`,
    ).expect(200);
    expect(body.total).toBe(2);
    expect(body.kinds.keDemo[0].stage).toBe('qualified');
    // The reply moved the contact-us lead on.
    expect(body.kinds.contactUs[0].stage).toBe('contacted');
    expect(Object.keys(body.timelines).sort()).toEqual([contactUs, keDemo].sort());
    const ke = body.timelines[keDemo] as TimelineEvent[];
    expect(ke.map((e) => e.type)).toEqual(['received', 'stage', 'note']);
    expect(ke[2]?.detail).toMatchObject({ text: note });
    const cu = body.timelines[contactUs] as TimelineEvent[];
    expect(cu.find((e) => e.type === 'reply')?.detail).toMatchObject({
      ...reply,
      status: 'sent',
    });
    expect(cu.map((e) => e.type)).toContain('stage');

    const leadIds = [contactUs, keDemo];
    const timelines = t.connection.collection('lead_timelines');
    const outbox = t.connection.collection('lead_notifications');
    const byLead = { _id: { $in: leadIds.map((id) => new Types.ObjectId(id)) } };
    expect(await timelines.countDocuments(byLead)).toBe(2);
    expect(await outbox.countDocuments({ leadId: { $in: leadIds } })).toBeGreaterThan(0);

    await post(PRIVACY_PATHS.erase, { email: 'mary.shelley@example.com' }).expect(200);

    expect(await timelines.countDocuments(byLead)).toBe(0);
    expect(await outbox.countDocuments({ leadId: { $in: leadIds } })).toBe(0);
    for (const id of leadIds) expect(await outbox.countDocuments({ leadId: id })).toBe(0);
    const queue = t.connection.collection('lead_notifications_pending');
    expect(await queue.countDocuments({ leadId: { $in: leadIds } })).toBe(0);
    // Nothing of the person anywhere in those collections, and the other person's work is kept.
    const left = JSON.stringify([await timelines.find().toArray(), await outbox.find().toArray()]);
    for (const secret of ['SECRET-NOTE', 'REPLY-TEXT', 'SUBJ', 'mary.shelley']) {
      expect(left.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    expect(await timelines.countDocuments({ _id: new Types.ObjectId(someoneElse) })).toBe(1);
    const after = await get(`${PRIVACY_PATHS.leads}?email=mary.shelley@example.com`).expect(200);
    expect(after.body).toMatchObject({ total: 0, timelines: {} });
    await get(leadWorkPaths(LEAD_KINDS.keDemo).timeline(keDemo)).expect(404);

    // The log keeps every entry (by id), and nothing the person or the admins wrote to them.
    const log = (await get(`${AUDIT_PATH}?limit=200`).expect(200)).body.entries as AuditEntry[];
    expect(log.map((e) => e.action)).toEqual(
      expect.arrayContaining(['stage', 'note-added', 'reply', 'privacy-access', 'erase']),
    );
    expect(log.find((e) => e.action === 'note-added' && e.ids.includes(keDemo))).toBeDefined();
    const logged = JSON.stringify(log).toLowerCase();
    for (const secret of ['SECRET-NOTE', 'REPLY-TEXT', 'SUBJ', 'mary.shelley', 'shelley'])
      expect(logged).not.toContain(secret.toLowerCase());
  });
});
