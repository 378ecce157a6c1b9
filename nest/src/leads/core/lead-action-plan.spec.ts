import { trusted } from 'mongoose';

import { type LeadAction } from '../../contract';

import {
  type ActionPlan,
  planAction,
  planErasure,
  planInbound,
  planReplied,
} from './lead-action-plan';
import { leadRecord } from './lead-record.fixture';
import { conditionFilter } from './repository/lead-conditions.repository';

/**
 * The delta of a change of leads nobody owns: the kind's totals as given, and the same (those
 * that move) under the owner `none`, kept for admins who see only some owners' leads (issue 34).
 */
function unowned(totals: Record<string, number>): Record<string, unknown> {
  const moved = Object.entries(totals).filter(([, n]) => n !== 0);
  return { ...totals, owners: moved.length ? { none: Object.fromEntries(moved) } : {} };
}

const now = new Date('2026-06-01T12:00:00Z');
const id = (n: number) => leadRecord(n)._id.toHexString();

function plan(action: LeadAction, ...leads: ReturnType<typeof leadRecord>[]): ActionPlan {
  const result = planAction(action, leads, now);
  if ('refused' in result) throw new Error(`refused: ${result.refused}`);
  return result;
}

describe('planAction', () => {
  const active = leadRecord(1);
  const activeRead = leadRecord(2, { read: true });
  const archived = leadRecord(3, { archived: true });
  const archivedRead = leadRecord(4, { archived: true, read: true });

  it('archives active leads only, taking unread ones out of the unread total', () => {
    const p = plan('archive', active, activeRead, archived);
    expect(p.targets).toEqual([active, activeRead]);
    expect(p.effect).toEqual({ set: { archivedAt: now, updatedAt: now } });
    expect(p.delta).toEqual(unowned({ active: -2, archived: 2, unread: -1, spam: 0, new: -2 }));
    expect(p.changes).toEqual([
      { upsert: { ...active, archivedAt: now, updatedAt: now } },
      { upsert: { ...activeRead, archivedAt: now, updatedAt: now } },
    ]);
  });

  it('unarchives archived leads only, an unread one counting as unread again', () => {
    const p = plan('unarchive', active, archived, archivedRead);
    expect(p.targets).toEqual([archived, archivedRead]);
    expect(p.effect).toEqual({ set: { archivedAt: null, updatedAt: now } });
    expect(p.delta).toEqual(unowned({ active: 2, archived: -2, unread: 1, spam: 0, new: 2 }));
  });

  it('marks unread leads read; only active ones count in the unread total', () => {
    const p = plan('read', active, activeRead, archived);
    expect(p.targets).toEqual([active, archived]);
    expect(p.effect).toEqual({ set: { readAt: now, updatedAt: now } });
    expect(p.delta).toEqual(unowned({ active: 0, archived: 0, unread: -1, spam: 0 }));
  });

  it('marks read leads unread, also those stored before read marks existed', () => {
    const older = { ...leadRecord(5) };
    delete older.readAt;
    const p = plan('unread', older, activeRead, archivedRead);
    expect(p.targets).toEqual([activeRead, archivedRead]);
    expect(p.effect).toEqual({ set: { readAt: null, updatedAt: now } });
    expect(p.delta).toEqual(unowned({ active: 0, archived: 0, unread: 1, spam: 0 }));
  });

  it('deletes archived leads: removed from the archived total and the cached heads', () => {
    const p = plan('delete', archived, archivedRead);
    expect(p.targets).toEqual([archived, archivedRead]);
    expect(p.effect).toBe('remove');
    expect(p.delta).toEqual(unowned({ active: 0, archived: -2, unread: 0, spam: 0 }));
    expect(p.changes).toEqual([{ remove: id(3) }, { remove: id(4) }]);
  });

  it('refuses the whole delete when one lead is active, naming it', () => {
    expect(planAction('delete', [archived, active], now)).toEqual({
      refused: `Only archived requests can be deleted; ${id(1)} is active. Archive it first.`,
    });
  });

  it.each<[LeadAction, ReturnType<typeof leadRecord>]>([
    ['archive', archived],
    ['unarchive', active],
    ['read', activeRead],
    ['unread', active],
  ])('%s of a lead already so changes nothing and counts nothing', (action, lead) => {
    const p = plan(action, lead);
    expect(p.targets).toEqual([]);
    expect(p.changes).toEqual([]);
    expect(p.delta).toEqual(unowned({ active: 0, archived: 0, unread: 0, spam: 0 }));
  });

  it('writes each change under the condition that its targets are still as read', () => {
    // As the repository writes it (the plan says it in the lead's terms: lead-condition.ts).
    const filter = (p: ActionPlan) => conditionFilter(p.condition);
    expect(filter(plan('archive', active))).toEqual({ spamAt: null, archivedAt: null });
    expect(filter(plan('read', active))).toEqual({ readAt: null });
    expect(filter(plan('unarchive', archived))).toHaveProperty('archivedAt');
    expect(filter(plan('delete', archived))).toHaveProperty('$nor');
  });
});

describe('planAction: spam', () => {
  const active = leadRecord(1);
  const archived = leadRecord(2, { archived: true, read: true });
  const spam = { ...leadRecord(3), spamAt: now, spamReasons: ['honeypot' as const] };

  it('moves leads of either list to Spam by hand, reason manual, out of every other total', () => {
    const p = plan('spam', active, archived, spam);
    expect(p.targets).toEqual([active, archived]);
    expect(p.effect).toEqual({
      set: { spamAt: now, spamReasons: ['manual'], archivedAt: null, updatedAt: now },
    });
    expect(p.delta).toEqual(unowned({ active: -1, archived: -1, unread: -1, spam: 2, new: -1 }));
    expect(p.events.map((e) => e.detail)).toEqual([
      { reasons: ['manual'] },
      { reasons: ['manual'] },
    ]);
    expect(p.notify).toEqual([]);
  });

  it('moves spam to the active list, unread, and names it to be notified', () => {
    const p = plan('not-spam', active, spam);
    expect(p.targets).toEqual([spam]);
    expect(p.effect).toEqual({
      set: { spamAt: null, spamReasons: [], archivedAt: null, updatedAt: now },
    });
    expect(p.delta).toEqual(unowned({ active: 1, archived: 0, unread: 1, spam: -1, new: 1 }));
    expect(p.notify).toEqual([id(3)]);
  });

  it('leaves spam alone on archive and unarchive, and lets it be deleted', () => {
    expect(plan('archive', spam).targets).toEqual([]);
    expect(plan('unarchive', spam).targets).toEqual([]);
    expect(plan('delete', spam).delta).toEqual(
      unowned({ active: 0, archived: 0, unread: 0, spam: -1 }),
    );
  });
});

describe('planAction: stage', () => {
  const stageOf = (to: 'new' | 'won', ...leads: ReturnType<typeof leadRecord>[]) => {
    const result = planAction('stage', leads, now, { stage: to });
    if ('refused' in result) throw new Error(`refused: ${result.refused}`);
    return result;
  };
  const legacy = leadRecord(1); // stored before stages: no stage, read as `new`
  const won = { ...leadRecord(2, { archived: true }), stage: 'won' as const };
  const qualified = { ...leadRecord(3), stage: 'qualified' as const };

  it('sets the stage of leads in another stage, in either list, and never archives', () => {
    const p = stageOf('won', legacy, won, qualified);
    expect(p.targets).toEqual([legacy, qualified]);
    expect(p.effect).toEqual({ set: { stage: 'won', updatedAt: now } });
    expect(conditionFilter(p.condition)).toEqual({ stage: trusted({ $ne: 'won' }) });
    expect(p.changes).toEqual([
      { upsert: { ...legacy, stage: 'won', updatedAt: now } },
      { upsert: { ...qualified, stage: 'won', updatedAt: now } },
    ]);
    // Only the active list counts per stage (the archived won lead is in none, and unchanged).
    expect(p.delta).toEqual(
      unowned({ active: 0, archived: 0, unread: 0, spam: 0, new: -1, qualified: -1, won: 2 }),
    );
  });

  it('leaves a lead without a stage alone when it is set to new (it is new already)', () => {
    expect(stageOf('new', legacy).targets).toEqual([]);
    expect(stageOf('new', legacy, won).targets).toEqual([won]);
  });

  it('is a bug, not bad input, to plan it without a stage', () => {
    expect(() => planAction('stage', [legacy], now)).toThrow('stage');
  });
});

describe('planAction: assign', () => {
  it('moves a lead’s counts from its owner to the new one; the kind’s totals stay', () => {
    const admin = { id: '6650b2f1c2a4e3b1f0a1b2c3', email: 'ada@example.com' };
    const p = planAction('assign', [leadRecord(1), leadRecord(2, { read: true })], now, {
      assignee: admin,
    });
    if ('refused' in p) throw new Error(p.refused);
    expect(p.delta).toEqual({
      active: 0,
      archived: 0,
      unread: 0,
      spam: 0,
      owners: {
        none: { active: -2, unread: -1, new: -2 },
        [admin.id]: { active: 2, unread: 1, new: 2 },
      },
    });
  });
});

describe('planErasure', () => {
  it('removes every lead named, in any state, and takes each out of its totals', () => {
    const leads = [leadRecord(1), leadRecord(2, { read: true }), leadRecord(3, { archived: true })];
    const p = planErasure(leads, now);
    expect(p.targets).toEqual(leads);
    expect(p.effect).toBe('remove');
    expect(conditionFilter(p.condition)).toEqual({});
    expect(p.delta).toEqual(unowned({ active: -2, archived: -1, unread: -1, spam: 0, new: -2 }));
  });
});

describe('planInbound and planReplied (a lead’s emails, issue 33)', () => {
  const wrote = new Date('2026-06-01T10:00:00Z');

  it('makes a read active lead unread and waiting since the message; an open wait keeps its start', () => {
    const p = planInbound({ ...leadRecord(2, { read: true }), stage: 'won' }, now);
    expect(p.effect).toEqual({ set: { readAt: null, awaitingReplySince: now, updatedAt: now } });
    expect(p.delta).toEqual(unowned({ active: 0, archived: 0, unread: 1, spam: 0, waiting: 1 }));
    expect(p.events).toEqual([]);
    const waiting = { ...leadRecord(2, { read: true }), awaitingReplySince: wrote };
    expect(planInbound(waiting, now).effect).toEqual({
      set: { readAt: null, awaitingReplySince: wrote, updatedAt: now },
    });
    // Unread and waiting already: nothing to change.
    expect(planInbound({ ...leadRecord(1), awaitingReplySince: wrote }, now).targets).toEqual([]);
  });

  it('brings an archived lead back (timeline: unarchive, reason inbound), and leaves spam alone', () => {
    // Never answered (still new): it has waited since it arrived.
    const archived = leadRecord(3, { archived: true, read: true });
    const p = planInbound(archived, now);
    expect(p.effect).toEqual({
      set: {
        readAt: null,
        awaitingReplySince: archived.createdAt,
        archivedAt: null,
        updatedAt: now,
      },
    });
    expect(p.delta).toEqual(unowned({ active: 1, archived: -1, unread: 1, spam: 0, new: 1 }));
    expect(p.events).toEqual([
      { leadId: archived._id.toHexString(), type: 'unarchive', detail: { reason: 'inbound' } },
    ]);
    const spam = { ...leadRecord(4), spamAt: wrote, spamReasons: ['links' as const] };
    expect(planInbound(spam, now).targets).toEqual([]);
  });

  it('ends an open wait when our reply goes, and changes nothing without one', () => {
    const waiting = { ...leadRecord(2, { read: true }), awaitingReplySince: wrote };
    expect(planReplied(waiting, now).effect).toEqual({
      set: { awaitingReplySince: null, updatedAt: now },
    });
    expect(planReplied(leadRecord(2), now).targets).toEqual([]);
  });
});
