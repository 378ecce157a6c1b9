import { HttpStatus } from '@nestjs/common';

import { type AdminRef, LEAD_KINDS } from '../../contract';
import { ObjectId } from '../../database/object-id';
import { expectRefused, memoryKind } from '../core/lead-parts.fixture';
import { type LeadRecord } from '../core/lead-record';
import { leadRecord } from '../core/lead-record.fixture';

import { LeadWork } from './lead-work';

const ada: AdminRef = { id: new ObjectId().toHexString(), email: 'ada@example.com' };
const bo: AdminRef = { id: new ObjectId().toHexString(), email: 'bo@example.com' };
const id = (lead: LeadRecord) => lead._id.toHexString();
const reply = { subject: 'Your fleet data', text: 'Hello, here it is.' };

/** Work on contact-us leads, with a consultation kind beside them for related requests. */
function setUp(leads: LeadRecord[] = [leadRecord(1), leadRecord(2)], others: LeadRecord[] = []) {
  const core = memoryKind(LEAD_KINDS.contactUs, { leads });
  const consultation = memoryKind(LEAD_KINDS.consultation, { leads: others });
  const kinds = {
    all: [core, consultation].map(({ kind, privacy }) => ({ kind, people: privacy })),
  };
  const work = new LeadWork(LEAD_KINDS.contactUs, core.repository, core.timeline, {
    writes: core.writes,
    notifier: core.notifier,
    kinds,
    from: 'leads@boats.example',
  });
  return { ...core, work };
}

describe('LeadWork', () => {
  it('answers a 404 for a lead that is not there, before anything is written', async () => {
    const { work, timeline, notifier } = setUp();
    const missing = new ObjectId().toHexString();
    const notFound = `No contact_us request with id ${missing}`;
    await expectRefused(work.timelineOf(missing), HttpStatus.NOT_FOUND, notFound);
    await expectRefused(work.addNote(ada, missing, 'A note'), HttpStatus.NOT_FOUND, notFound);
    await expectRefused(work.reply(ada, missing, reply), HttpStatus.NOT_FOUND, notFound);
    await expectRefused(work.related(missing), HttpStatus.NOT_FOUND, notFound);
    expect(timeline.byLead.size).toBe(0);
    expect(notifier.replies).toEqual([]);
  });

  describe('notes', () => {
    it('adds a note to the lead’s timeline, after its arrival, by its author', async () => {
      const { work } = setUp();
      const note = await work.addNote(ada, id(leadRecord(1)), 'Called, no answer');
      expect(note).toMatchObject({ text: 'Called, no answer', admin: ada });
      const events = await work.timelineOf(id(leadRecord(1)));
      expect(events.map((event) => event.type)).toEqual(['received', 'note']);
      expect(events[1]).toMatchObject({
        admin: ada,
        detail: { id: note.id, text: 'Called, no answer', admin: ada },
      });
    });

    it('lets only its author delete a note (403), and says 404 for one the lead has not', async () => {
      const { work, timeline } = setUp();
      const lead = id(leadRecord(1));
      const note = await work.addNote(ada, lead, 'Mine');
      await expectRefused(work.deleteNote(bo, lead, note.id), HttpStatus.FORBIDDEN, 'author');
      await expectRefused(
        work.deleteNote(ada, id(leadRecord(2)), note.id),
        HttpStatus.NOT_FOUND,
        `No note with id ${note.id}`,
      );
      expect(await timeline.events(lead)).toHaveLength(1);
      await work.deleteNote(ada, lead, note.id);
      expect(await timeline.events(lead)).toEqual([]);
    });
  });

  describe('replies', () => {
    it('queues the first reply, records the first response and moves a new lead to contacted', async () => {
      const { work, notifier, repository, view } = setUp();
      const lead = id(leadRecord(1));
      const before = await view.totals();
      const replyId = await work.reply(ada, lead, reply);
      expect(notifier.replies).toEqual([{ leadId: lead, replyId }]);
      expect(repository.stored(lead)).toMatchObject({
        stage: 'contacted',
        firstResponseAt: expect.any(Date),
      });
      expect(await view.totals()).toMatchObject({ new: before.new - 1, contacted: 1 });
      const events = await work.timelineOf(lead);
      expect(events.map((event) => event.type)).toEqual(['received', 'reply', 'stage']);
      expect(events[1]).toMatchObject({
        admin: ada,
        detail: { id: replyId, ...reply, to: 'lead1@example.com', status: 'queued' },
      });
      expect(events[2]).toMatchObject({ detail: { from: 'new', to: 'contacted' } });
    });

    it('threads a later reply to the earlier ones and keeps the first response’s time', async () => {
      const { work, repository, timeline } = setUp();
      const lead = id(leadRecord(1));
      const first = await work.reply(ada, lead, reply);
      const respondedAt = repository.stored(lead)?.firstResponseAt;
      const second = await work.reply(bo, lead, { ...reply, subject: 'Re: Your fleet data' });
      expect(repository.stored(lead)?.firstResponseAt).toBe(respondedAt);
      // One write for the first response, none for the second reply.
      expect(repository.written).toHaveLength(1);
      const stored = (await timeline.events(lead)).filter((event) => event.type === 'reply');
      expect(stored.map((event) => event.detail.id)).toEqual([first, second]);
      expect(stored[0]?.detail.messageId).toBe(`<reply.${first}@boats.example>`);
      expect(stored[1]?.detail).toMatchObject({
        inReplyTo: `<reply.${first}@boats.example>`,
        references: [`<reply.${first}@boats.example>`],
      });
    });

    it('shows each reply’s delivery as the outbox has it', async () => {
      const { work, notifier } = setUp();
      const lead = id(leadRecord(1));
      const replyId = await work.reply(ada, lead, reply);
      notifier.deliveries.set(replyId, { status: 'failed', error: '550 no such mailbox' });
      const [, sent] = await work.timelineOf(lead);
      expect(sent?.detail).toMatchObject({ status: 'failed', error: '550 no such mailbox' });
    });

    it('refuses a reply with a 409 while SMTP_URL is not set, queuing nothing', async () => {
      const { work, notifier, timeline } = setUp();
      notifier.smtp = false;
      await expectRefused(
        work.reply(ada, id(leadRecord(1)), reply),
        HttpStatus.CONFLICT,
        'SMTP_URL',
      );
      expect(notifier.replies).toEqual([]);
      expect(timeline.byLead.size).toBe(0);
    });

    it('takes a reply the outbox could not queue off the timeline, changing nothing else', async () => {
      const { work, notifier, timeline, repository } = setUp();
      const lead = id(leadRecord(1));
      notifier.failNextReply = true;
      await expect(work.reply(ada, lead, reply)).rejects.toThrow('outbox unavailable');
      expect(await timeline.events(lead)).toEqual([]);
      expect(repository.stored(lead)).toEqual(leadRecord(1));
      expect(repository.written).toEqual([]);
    });
  });

  it('finds the person’s other requests in every kind, newest first, not the lead itself', async () => {
    const same = (lead: LeadRecord, n: number): LeadRecord => ({
      ...lead,
      _id: new ObjectId(n.toString(16).padStart(24, 'a')),
      email: 'ada@example.com',
      emailKey: 'ada@example.com',
    });
    const mine = same(leadRecord(1), 1);
    const older = same(leadRecord(0), 2);
    const consultation = { ...same(leadRecord(3), 3), location: 'Porto' };
    const { work } = setUp([mine, older, leadRecord(2)], [consultation]);
    const related = await work.related(id(mine));
    expect(related.map((lead) => [lead.kind, lead.id])).toEqual([
      ['consultation', id(consultation)],
      ['contactUs', id(older)],
    ]);
    expect(related[0]).toMatchObject({ summary: 'Porto', archived: false, stage: 'new' });
  });
});
