import { ObjectId } from '../../database/object-id';

import { toTimelineEvents } from './timeline-events';

describe('toTimelineEvents', () => {
  const createdAt = new Date('2026-11-28T09:00:00.000Z');
  const ada = { id: new ObjectId().toHexString(), email: 'ada@example.com' };

  it('shows the rule’s assign made on arrival right after received, before stored events', () => {
    const lead = {
      _id: new ObjectId(),
      createdAt,
      ruleAtArrival: { from: null, to: ada, by: 'rule', rule: 'round-robin' },
    };
    const note = {
      _id: new ObjectId(),
      at: new Date('2026-11-28T10:00:00.000Z'),
      type: 'note' as const,
      adminId: new ObjectId(ada.id),
      adminEmail: ada.email,
      detail: { text: 'Called back' },
    };
    const events = toTimelineEvents(lead, [note]);
    expect(events.map((e) => e.type)).toEqual(['received', 'assign', 'note']);
    expect(events[1]).toEqual({
      at: createdAt.toISOString(),
      type: 'assign',
      admin: null,
      detail: { from: null, to: ada, by: 'rule', rule: 'round-robin' },
    });
  });

  it('shows why the rule left an arrival waiting', () => {
    const lead = {
      _id: new ObjectId(),
      createdAt,
      ruleAtArrival: {
        from: null,
        to: null,
        by: 'rule',
        rule: 'least-open',
        waiting: 'everyone-at-cap',
      },
    };
    expect(toTimelineEvents(lead, [])[1]?.detail).toEqual({
      from: null,
      to: null,
      by: 'rule',
      rule: 'least-open',
      waiting: 'everyone-at-cap',
    });
  });

  it('shows received alone for a lead no rule looked at', () => {
    expect(toTimelineEvents({ _id: new ObjectId(), createdAt }, []).map((e) => e.type)).toEqual([
      'received',
    ]);
  });
});
