import { Types } from 'mongoose';

import { type AdminService } from '../auth/admin.service';
import { KIND_ASSIGNMENT_DEFAULT } from '../contract';
import { type ArrivalOwner, LeadEvents } from '../leads/core/lead-events';
import { type LeadKinds } from '../leads/core/lead-kinds';
import { type LeadRecord } from '../leads/core/lead-record';

import { Assigner } from './assigner';
import { type RotationState, type RotationStore } from './assignment-state.store';
import { type AssignmentStore, withDefaults } from './assignment.store';

const ada = { id: new Types.ObjectId().toHexString(), email: 'ada@example.com' };

/**
 * The intake's one insert, as the rule's round calls it (decision 0043): whatever part of a round
 * fails, each arriving lead is stored exactly once, with an owner or marked for a later round.
 */
describe('Assigner.storeArrival', () => {
  let failAt: 'take' | 'write' | 'none';
  let state: RotationState;

  function assigner(): Assigner {
    const rules = withDefaults({
      keDemo: { ...KIND_ASSIGNMENT_DEFAULT, rule: 'round-robin', admins: [ada.id] },
    });
    const store = {
      rules: () => Promise.resolve(rules),
      everyone: () => Promise.resolve({}),
    } as unknown as AssignmentStore;
    const rotations = {
      holding: async (_kind: string, work: () => Promise<unknown>) => {
        if (failAt === 'take') throw new Error('lock refused');
        return work();
      },
      read: () => Promise.resolve(structuredClone(state)),
      write: (next: RotationState) => {
        if (failAt === 'write') return Promise.reject(new Error('disk full'));
        state = next;
        return Promise.resolve();
      },
    } as unknown as RotationStore;
    const ruleAssignment = {
      round: () => Promise.resolve({ assigned: 0, waiting: false, exact: true }),
      release: () => Promise.resolve(),
    };
    const kinds = { of: () => ({ ruleAssignment }) } as unknown as LeadKinds;
    const admins = { list: () => Promise.resolve([ada]) } as unknown as AdminService;
    return new Assigner(store, rotations, kinds, admins, new LeadEvents());
  }

  /** Stores like the intake: one record per call, remembering what each call was given. */
  function intake() {
    const calls: (ArrivalOwner | undefined)[] = [];
    const store = (owner: ArrivalOwner | undefined) => {
      calls.push(owner);
      return Promise.resolve({ _id: new Types.ObjectId() } as LeadRecord);
    };
    return { calls, store };
  }

  beforeEach(() => {
    failAt = 'none';
    state = { _id: 'keDemo', turn: 0, open: {}, counted: true, waiting: false };
  });

  it('stores the lead once, with the owner the rule gives, and counts it in', async () => {
    const { calls, store } = intake();
    await assigner().storeArrival('keDemo', store);
    expect(calls).toEqual([{ to: ada, rule: 'round-robin' }]);
    expect(state.open).toEqual({ [ada.id]: 1 });
  });

  it('stores the lead once, marked for a later round, when the round fails before storing it', async () => {
    failAt = 'take';
    const { calls, store } = intake();
    await assigner().storeArrival('keDemo', store);
    expect(calls).toEqual([{ pending: true }]);
  });

  it('stores the lead once, with its owner, when the round fails after storing it', async () => {
    failAt = 'write';
    const { calls, store } = intake();
    const record = await assigner().storeArrival('keDemo', store);
    expect(calls).toEqual([{ to: ada, rule: 'round-robin' }]);
    expect(record._id).toBeInstanceOf(Types.ObjectId);
  });

  it('answers the insert’s own failure, and gives back the place it took under the cap', async () => {
    const rule = assigner();
    const failing = () => Promise.reject(new Error('insert refused'));
    await expect(rule.storeArrival('keDemo', failing)).rejects.toThrow('insert refused');
    expect(state.open[ada.id] ?? 0).toBe(0);
  });
});
