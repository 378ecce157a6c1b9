import { ObjectId } from '../../database/object-id';

import { openLeadDeltas, openOwnerOf } from './lead-events';
import { leadRecord } from './lead-record.fixture';

const ada = new ObjectId();
const bo = new ObjectId();

describe('open leads by owner', () => {
  it('counts an owned lead as open while it is active and neither won nor lost', () => {
    const lead = { ...leadRecord(1), assigneeId: ada };
    expect(openOwnerOf(lead)).toBe(ada.toHexString());
    expect(openOwnerOf({ ...lead, stage: 'won' })).toBeNull();
    expect(openOwnerOf({ ...lead, archivedAt: new Date() })).toBeNull();
    expect(openOwnerOf({ ...lead, spamAt: new Date() })).toBeNull();
    expect(openOwnerOf({ ...lead, assigneeId: null })).toBeNull();
  });

  it('moves each owner’s count by what a change did, and leaves out what did not move', () => {
    const a = { ...leadRecord(1), assigneeId: ada };
    const b = { ...leadRecord(2), assigneeId: ada };
    const deltas = openLeadDeltas(
      [a, b],
      [
        { ...a, assigneeId: bo },
        { ...b, stage: 'qualified' as const },
      ],
    );
    expect(Object.fromEntries(deltas)).toEqual({ [ada.toHexString()]: -1, [bo.toHexString()]: 1 });
    expect(openLeadDeltas([a], []).get(ada.toHexString())).toBe(-1);
  });
});
