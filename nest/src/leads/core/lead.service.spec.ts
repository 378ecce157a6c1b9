import { HttpStatus } from '@nestjs/common';

import { type AdminRef, type CreateLeadRequest, LEAD_KINDS } from '../../contract';
import { ObjectId } from '../../database/object-id';

import { expectRefused, memoryKind } from './lead-parts.fixture';
import { type LeadRecord } from './lead-record';
import { leadRecord } from './lead-record.fixture';

const kind = LEAD_KINDS.contactUs;
const admin: AdminRef = { id: new ObjectId().toHexString(), email: 'ada@example.com' };
const origin = { proof: { status: 'trusted' as const }, address: '203.0.113.7' };
const body = (name: string, extra: object = {}): CreateLeadRequest<'contactUs'> => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  subject: 'Fleet data',
  message: `Hello from ${name}`,
  ...extra,
});
const id = (lead: LeadRecord) => lead._id.toHexString();

describe('LeadService', () => {
  describe('submit', () => {
    it('stores the kind’s fields only, counts the lead in and notifies it', async () => {
      const core = memoryKind(kind);
      const leadId = await core.service.submit(body('Ada', { website: '', role: 'admin' }), origin);
      const stored = core.repository.stored(leadId);
      expect(stored).toMatchObject({
        name: 'Ada',
        email: 'ada@example.com',
        message: 'Hello from Ada',
        proof: 'trusted',
        archivedAt: null,
        readAt: null,
      });
      expect(stored).not.toHaveProperty('role');
      expect(core.notifier.created).toEqual([leadId]);
      expect(await core.view.totals()).toMatchObject({ active: 1, unread: 1, new: 1, spam: 0 });
    });

    it('holds a submission judged spam in Spam with its reasons, and notifies nobody', async () => {
      const core = memoryKind(kind, { verdict: { spam: true, reasons: ['honeypot'] } });
      const leadId = await core.service.submit(body('Bot', { website: 'x' }), origin);
      expect(core.repository.stored(leadId)).toMatchObject({ spamReasons: ['honeypot'] });
      expect(core.notifier.created).toEqual([]);
      expect(await core.view.totals()).toMatchObject({ active: 0, unread: 0, spam: 1 });
      expect((await core.service.list('spam')).data.map((lead) => lead._id)).toEqual([leadId]);
    });
  });

  describe('findOne', () => {
    it('answers a stored lead as the contract’s Lead', async () => {
      const core = memoryKind(kind, { leads: [leadRecord(1)] });
      const lead = await core.service.findOne(id(leadRecord(1)));
      expect(lead).toMatchObject({ _id: id(leadRecord(1)), name: 'Lead 1', stage: 'new' });
    });

    it('is a 404 naming the id for a lead that is not there', async () => {
      const missing = new ObjectId().toHexString();
      await expectRefused(
        memoryKind(kind).service.findOne(missing),
        HttpStatus.NOT_FOUND,
        `No contact_us request with id ${missing}`,
      );
    });
  });

  describe('act', () => {
    const leads = () => [leadRecord(1), leadRecord(2), leadRecord(3, { archived: true })];

    it('archives the leads named: written, counted in, on their timelines, in the answer', async () => {
      const core = memoryKind(kind, { leads: leads() });
      const before = await core.view.totals();
      const answer = await core.service.act(admin, 'archive', [id(leadRecord(1))]);
      expect(core.repository.stored(id(leadRecord(1)))?.archivedAt).toEqual(expect.any(Date));
      expect(answer).toMatchObject({ unarchivedTotal: 1, archivedTotal: 2, unreadTotal: 1 });
      expect(answer.unarchived.map((lead) => lead.name)).toEqual(['Lead 2']);
      expect(answer.archived.map((lead) => lead.name)).toEqual(['Lead 1', 'Lead 3']);
      expect((await core.view.totals()).version).toBe(before.version + 1);
      const [event] = await core.timeline.events(id(leadRecord(1)));
      expect(event).toMatchObject({ type: 'archive', adminEmail: admin.email });
    });

    it('writes nothing and adds nothing to a timeline for a lead already so', async () => {
      const core = memoryKind(kind, { leads: leads() });
      const before = await core.view.totals();
      const answer = await core.service.act(admin, 'archive', [id(leadRecord(3))]);
      expect(core.repository.written).toEqual([]);
      expect(await core.timeline.events(id(leadRecord(3)))).toEqual([]);
      expect(answer).toMatchObject({ unarchivedTotal: 2, archivedTotal: 1 });
      expect((await core.view.totals()).version).toBe(before.version);
    });

    it('fails the whole call with a 404 when one id is unknown, changing nothing', async () => {
      const core = memoryKind(kind, { leads: leads() });
      const missing = new ObjectId().toHexString();
      await expectRefused(
        core.service.act(admin, 'archive', [id(leadRecord(1)), missing]),
        HttpStatus.NOT_FOUND,
        missing,
      );
      expect(core.repository.written).toEqual([]);
      expect(core.repository.stored(id(leadRecord(1)))?.archivedAt).toBeNull();
    });

    it('refuses deleting an active lead with a 409, deleting nothing', async () => {
      const core = memoryKind(kind, { leads: leads() });
      await expectRefused(
        core.service.act(admin, 'delete', [id(leadRecord(3)), id(leadRecord(1))]),
        HttpStatus.CONFLICT,
        'Only archived requests can be deleted',
      );
      expect(core.repository.leads).toHaveLength(3);
    });

    it('deletes archived leads with their timelines, and counts them out', async () => {
      const core = memoryKind(kind, { leads: leads() });
      await core.service.act(admin, 'read', [id(leadRecord(3))]);
      expect(await core.timeline.events(id(leadRecord(3)))).toHaveLength(1);
      const answer = await core.service.act(admin, 'delete', [id(leadRecord(3))]);
      expect(core.repository.stored(id(leadRecord(3)))).toBeUndefined();
      expect(await core.timeline.events(id(leadRecord(3)))).toEqual([]);
      expect(answer).toMatchObject({ archivedTotal: 0, unarchivedTotal: 2 });
    });

    it('writes under the condition that the leads are still as read', async () => {
      const core = memoryKind(kind, { leads: leads() });
      await core.service.act(admin, 'stage', [id(leadRecord(1))], { input: { stage: 'won' } });
      expect(core.repository.written.map((plan) => plan.condition)).toEqual([
        { field: 'stage', not: 'won' },
      ]);
      expect(await core.view.totals()).toMatchObject({ new: 1, won: 1 });
    });

    it('notifies leads taken out of Spam, as if they had just arrived', async () => {
      const spam = { ...leadRecord(4), spamAt: new Date(), spamReasons: ['blocklist' as const] };
      const core = memoryKind(kind, { leads: [...leads(), spam] });
      const answer = await core.service.act(admin, 'not-spam', [id(spam)]);
      expect(core.notifier.created).toEqual([id(spam)]);
      expect(answer).toMatchObject({ unarchivedTotal: 3, spamTotal: 0 });
      const [event] = await core.timeline.events(id(spam));
      expect(event).toMatchObject({ type: 'not-spam' });
    });

    it('answers with the search’s first pages when the panel is searched', async () => {
      const core = memoryKind(kind, {
        leads: leads().map((l) => ({ ...l, words: [`w${l.name.slice(5)}`] })),
      });
      const answer = await core.service.act(admin, 'read', [id(leadRecord(1))], { q: 'w2' });
      expect(answer.unarchived.map((lead) => lead.name)).toEqual(['Lead 2']);
      expect(answer.unarchivedTotal).toBe(2);
    });
  });

  describe('releaseOwner', () => {
    it('clears a removed admin’s ownership through the action path, saying why', async () => {
      const owned = {
        ...leadRecord(1),
        assigneeId: new ObjectId(admin.id),
        assigneeEmail: admin.email,
      };
      const other = {
        ...leadRecord(2),
        assigneeId: new ObjectId(),
        assigneeEmail: 'bo@example.com',
      };
      const core = memoryKind(kind, { leads: [owned, other] });
      const by: AdminRef = { id: new ObjectId().toHexString(), email: 'cy@example.com' };
      expect(await core.service.releaseOwner(by, admin)).toBe(1);
      expect(core.repository.stored(id(owned))).toMatchObject({
        assigneeId: null,
        assigneeEmail: null,
      });
      expect(core.repository.stored(id(other))?.assigneeEmail).toBe('bo@example.com');
      const [event] = await core.timeline.events(id(owned));
      expect(event).toMatchObject({
        type: 'assign',
        adminEmail: by.email,
        detail: { from: admin, to: null, reason: 'admin-removed' },
      });
    });
  });

  describe('list and export', () => {
    it('pages a list newest first with its kept total', async () => {
      const core = memoryKind(kind, { leads: [1, 2, 3].map((n) => leadRecord(n)) });
      const first = await core.service.list('active', { limit: 2 });
      expect(first.data.map((lead) => lead.name)).toEqual(['Lead 3', 'Lead 2']);
      expect(first.total).toBe(3);
      const next = await core.service.list('active', { limit: 2, cursor: first.nextCursor ?? '' });
      expect(next.data.map((lead) => lead.name)).toEqual(['Lead 1']);
    });

    it('exports a list with the work columns as a lead answer reads them', async () => {
      const core = memoryKind(kind, { leads: [leadRecord(1), { ...leadRecord(2), stage: 'won' }] });
      const { columns, records } = await core.service.exportRecords('active');
      expect(columns).toEqual(expect.arrayContaining(['_id', 'name', 'stage', 'overdue']));
      const rows: Record<string, unknown>[] = [];
      for await (const row of records) rows.push(row as Record<string, unknown>);
      expect(rows.map((row) => [row.name, row.stage, row.assignee])).toEqual([
        ['Lead 2', 'won', ''],
        ['Lead 1', 'new', ''],
      ]);
    });
  });
});
