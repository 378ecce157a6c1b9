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
  /** Each rotation the rounds wrote, in order. */
  let writes: RotationState[];
  /** Until the rounds have written the rotation n times (the intake is answered before that). */
  const writesMade = async (n: number) => {
    while (writes.length < n) await new Promise((resolve) => setImmediate(resolve));
  };
  /** The rotation's write waits for this. */
  let gate: Promise<void>;
  /** Taking the kind's lock waits for this (another process holds it). */
  let lock: Promise<void>;
  let rulesFail: boolean;
  /** How often a round read who is away. */
  let availabilityReads: number;

  /** An Assigner whose arrivals wait 50 ms for their round. */
  class Impatient extends Assigner {
    protected override readonly arrivalWaitMs = 50;
  }

  function assigner(Rule: typeof Assigner = Assigner): Assigner {
    const rules = withDefaults({
      keDemo: { ...KIND_ASSIGNMENT_DEFAULT, rule: 'round-robin', admins: [ada.id] },
    });
    const store = {
      rules: () => (rulesFail ? Promise.reject(new Error('engine down')) : Promise.resolve(rules)),
      everyone: () => {
        availabilityReads++;
        return Promise.resolve({});
      },
    } as unknown as AssignmentStore;
    const rotations = {
      holding: async (_kind: string, work: () => Promise<unknown>) => {
        if (failAt === 'take') throw new Error('lock refused');
        await lock;
        return work();
      },
      read: () => Promise.resolve(structuredClone(state)),
      track: () => undefined,
      settled: () => Promise.resolve(),
      write: async (next: RotationState) => {
        await gate;
        if (failAt === 'write') throw new Error('disk full');
        state = next;
        writes.push(next);
      },
    } as unknown as RotationStore;
    const ruleAssignment = {
      round: () => Promise.resolve({ assigned: 0, waiting: false, exact: true }),
      release: () => Promise.resolve(),
    };
    const kinds = { of: () => ({ ruleAssignment }) } as unknown as LeadKinds;
    const admins = { list: () => Promise.resolve([ada]) } as unknown as AdminService;
    return new Rule(store, rotations, kinds, admins, new LeadEvents());
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
    writes = [];
    gate = Promise.resolve();
    lock = Promise.resolve();
    rulesFail = false;
    availabilityReads = 0;
  });

  it('stores the lead once, with the owner the rule gives, and counts it in', async () => {
    const { calls, store } = intake();
    await assigner().storeArrival('keDemo', store);
    expect(calls).toEqual([{ to: ada, rule: 'round-robin' }]);
    await writesMade(1);
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

  it('answers once its own insert is done, before the round has written the rotation', async () => {
    let release!: () => void;
    gate = new Promise<void>((resolve) => (release = resolve));
    const { store } = intake();
    const record = await assigner().storeArrival('keDemo', store);
    expect(record._id).toBeInstanceOf(Types.ObjectId);
    expect(state.open).toEqual({});
    release();
    await writesMade(1);
    expect(state.open).toEqual({ [ada.id]: 1 });
  });

  it('stores the lead itself, once, marked for a later round, when its round does not come in time', async () => {
    let release!: () => void;
    lock = new Promise<void>((resolve) => (release = resolve));
    const { calls, store } = intake();
    const rule = assigner(Impatient);
    const record = await rule.storeArrival('keDemo', store);
    expect(record._id).toBeInstanceOf(Types.ObjectId);
    expect(calls).toEqual([{ pending: true }]);
    // The lock comes free: the round that carried it runs, and leaves the lead alone.
    release();
    await writesMade(1);
    expect(calls).toEqual([{ pending: true }]);
    expect(state.open).toEqual({});
  });

  it('answers the insert’s own failure, and gives back the place it took under the cap', async () => {
    const rule = assigner();
    const failing = () => Promise.reject(new Error('insert refused'));
    await expect(rule.storeArrival('keDemo', failing)).rejects.toThrow('insert refused');
    // Counted in as it was decided, given back by the next round once the insert failed.
    await writesMade(2);
    expect(writes[0]?.open).toEqual({ [ada.id]: 1 });
    expect(state.open[ada.id] ?? 0).toBe(0);
  });

  it('reads who is away afresh, under the lock, when someone’s availability changed', async () => {
    const rule = assigner();
    await rule.storeArrival('keDemo', intake().store);
    await rule.storeArrival('keDemo', intake().store);
    // Both rounds of the same hold read it once.
    expect(availabilityReads).toBe(1);
    await rule.availabilityChanged();
    expect(availabilityReads).toBe(2);
  });

  it('answers a change of availability even when the rules cannot be read (it is stored)', async () => {
    const rule = assigner();
    rulesFail = true;
    await expect(rule.availabilityChanged()).resolves.toBeUndefined();
  });
});
