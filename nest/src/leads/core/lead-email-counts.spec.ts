import { FULL_LEAD_ACCESS, NO_LEAD_ACCESS } from '../../contract';
import { ObjectId } from '../../database/object-id';

import { keyDeltas, ownerMovesOf, seenCount, seesItself, withChanges } from './lead-email-counts';

const agent = new ObjectId();
const other = new ObjectId();
const agentId = agent.toHexString();
/** contact-us: assigned (and nobody's); the other kinds: none. */
const agentViewer = {
  id: agentId,
  access: { ...NO_LEAD_ACCESS, kinds: { ...NO_LEAD_ACCESS.kinds, contactUs: 'assigned' as const } },
};

describe('email counts by kind and owner (otherRequests in scope)', () => {
  const counts = [
    ...keyDeltas('contactUs', [{ email: 'Pat@Example.com', assigneeId: agent }], 1),
    ...keyDeltas('contactUs', [{ email: 'pat@example.com', assigneeId: other }], 1),
    ...keyDeltas('keDemo', [{ email: 'pat@example.com', assigneeId: null }], 1),
  ].reduce((sum, [, places]) => withChanges(sum, places), { count: 0 });

  it('keeps the total and each kind’s owners', () => {
    expect(counts).toEqual({
      count: 3,
      by: { contactUs: { [agentId]: 1, [other.toHexString()]: 1 }, keDemo: { none: 1 } },
    });
  });

  it('tells a viewer only the leads their access sees', () => {
    expect(seenCount(counts, { id: null, access: FULL_LEAD_ACCESS })).toBe(3);
    expect(seenCount(counts, agentViewer)).toBe(1);
    const withUnassigned = {
      id: agentId,
      access: {
        kinds: { ...agentViewer.access.kinds, keDemo: 'assigned' as const },
        seeUnassigned: true,
      },
    };
    expect(seenCount(counts, withUnassigned)).toBe(2);
    const allOfKeDemo = {
      id: agentId,
      access: {
        ...agentViewer.access,
        kinds: { ...agentViewer.access.kinds, keDemo: 'all' as const },
      },
    };
    expect(seenCount(counts, allOfKeDemo)).toBe(2);
    expect(seenCount(counts, { id: agentId, access: NO_LEAD_ACCESS })).toBe(0);
    // Counts kept before owners (no `by`) still answer a viewer who sees every kind whole.
    expect(seenCount({ count: 4 }, { id: agentId, access: FULL_LEAD_ACCESS })).toBe(4);
    expect(seesItself(agentViewer, 'contactUs', { assigneeId: agent })).toBe(true);
    expect(seesItself(agentViewer, 'contactUs', { assigneeId: other })).toBe(false);
  });

  it('moves leads that changed owner, only when the write changed every target', () => {
    const targets = [
      { email: 'pat@example.com', assigneeId: other },
      { email: 'pat@example.com', assigneeId: agent },
    ];
    const moves = ownerMovesOf('contactUs', targets, () => ({ assigneeId: agent }), 2);
    expect([...moves].map(([key, places]) => [key, [...places]])).toEqual([
      [
        'pat@example.com',
        [
          [`contactUs.${other.toHexString()}`, -1],
          [`contactUs.${agentId}`, 1],
        ],
      ],
    ]);
    expect(withChanges(counts, moves.get('pat@example.com') ?? new Map())).toMatchObject({
      count: 3,
      by: { contactUs: { [agentId]: 2, [other.toHexString()]: 0 } },
    });
    expect(ownerMovesOf('contactUs', targets, () => ({ assigneeId: agent }), 1).size).toBe(0);
    expect(ownerMovesOf('contactUs', targets, () => ({}), 2).size).toBe(0);
  });
});
