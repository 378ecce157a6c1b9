import { setTimeout as sleep } from 'node:timers/promises';

import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Schema } from 'mongoose';

import { type LeadKindKey } from '../contract';

import { AssignmentLockStore, RETRY_MS } from './assignment-lock.store';

/**
 * A kind's rotation as the database keeps it, written only by the holder of the kind's lock:
 * where the round-robin stands, each admin's open leads of the kind (by id), whether those were
 * counted from the leads yet, and whether some lead waits for an owner.
 */
export interface RotationState {
  _id: LeadKindKey;
  turn: number;
  open: Record<string, number>;
  counted: boolean;
  waiting: boolean;
}

export const ROTATION_MODEL = 'AssignmentRotation';

export const RotationSchema = new Schema<RotationState>(
  {
    _id: { type: String, required: true },
    turn: { type: Number, default: 0 },
    open: { type: Schema.Types.Mixed, default: {} },
    counted: { type: Boolean, default: false },
    waiting: { type: Boolean, default: false },
  },
  { collection: 'assignment_rotations', versionKey: false, minimize: false, strict: 'throw' },
);

/**
 * A process keeps a kind's lock while its rounds come (decision 0043): its busy rounds then cost no
 * lock write nor rotation read each. It lets the lock go once no round came for IDLE_MS, or after
 * a round once another process asked for it (marked it wanted) and it has held it MIN_HOLD_MS; it
 * then waits RETRY_MS.max before asking again, so the one that asked gets its turn.
 */
const IDLE_MS = 250;
const MIN_HOLD_MS = 250;
/** How often a holder looks whether another process asks for the lock. */
const CHECK_MS = 50;
/**
 * How often a holder renews the lock (well within STALE_LOCK_MS) and writes the rotation it keeps:
 * a process that stops loses at most this much of the round-robin's turns.
 */
const RENEW_MS = 5_000;

interface Lease {
  since: number;
  renewedAt: number;
  /** The rotation as this process's last round left it, written to the database on letting go. */
  state?: RotationState;
  /**
   * Whether the stored rotation's open counts can't be trusted: the lock was taken over from a
   * process that stopped holding it (its last rounds unwritten), or a round of this lease failed.
   */
  recount?: boolean;
  /** Lets the lock go once no round came for IDLE_MS. */
  idle?: NodeJS.Timeout;
  /** Looks every CHECK_MS whether another process asks for the lock, and renews it. */
  watch: NodeJS.Timeout;
  /** The look under way: a renewal's write must land before the last one's. */
  look?: Promise<void>;
  /** Another process asked for the lock. */
  wanted: boolean;
  /** The lock was taken over (this process stalled past STALE_LOCK_MS): nothing kept is written. */
  lost: boolean;
  busy: boolean;
  /** Inserts of leads counted in the rotation, not yet settled: the lock waits for them. */
  inserts: Set<Promise<unknown>>;
}

/**
 * Each kind's rotation, and the hold of the kind's lock (AssignmentLockStore) that makes its
 * changes one at a time across every API process: the rotation's state is read and written by
 * one process at a time, so plain `$set`s are safe.
 */
@Injectable()
export class RotationStore implements OnModuleDestroy {
  private readonly logger = new Logger('Assignment');
  private readonly leases = new Map<LeadKindKey, Lease>();
  /** Work under way: an intake is answered before its round ends (decision 0043). */
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    @InjectModel(ROTATION_MODEL) private readonly rotations: Model<RotationState>,
    private readonly lock: AssignmentLockStore,
  ) {}

  /**
   * Runs `work` holding the kind's lock (waits for it), and keeps the lock for the rounds that
   * follow (see IDLE_MS). One caller per kind at a time in a process (each kind's rounds run one
   * after another).
   */
  async holding<T>(kind: LeadKindKey, work: (leaseStarted: boolean) => Promise<T>): Promise<T> {
    const run = this.hold(kind, work);
    this.running.add(run);
    try {
      return await run;
    } finally {
      this.running.delete(run);
    }
  }

  private async hold<T>(
    kind: LeadKindKey,
    work: (leaseStarted: boolean) => Promise<T>,
  ): Promise<T> {
    const lease = this.leases.get(kind);
    if (lease) clearTimeout(lease.idle);
    if (lease?.lost) this.drop(kind, lease);
    else if (lease && handOverDue(lease)) {
      await this.letGo(kind);
      await sleep(RETRY_MS.max);
    }
    let held = this.leases.get(kind);
    const leaseStarted = !held;
    held ??= this.lease(kind, await this.lock.take(kind));
    held.busy = true;
    let failed = false;
    try {
      return await work(leaseStarted);
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      held.busy = false;
      // A failed round may have given owners it did not count: the next one counts afresh.
      if (failed) held.recount = true;
      if (failed) await this.letGo(kind);
      else if (this.leases.get(kind) === held) {
        held.idle = setTimeout(() => void this.letGo(kind), handOverDue(held) ? 0 : IDLE_MS);
        held.idle.unref();
      }
    }
  }

  async onModuleDestroy(): Promise<void> {
    // A round's last writes first: the lock is let go only once what it holds is written.
    await Promise.allSettled([...this.running]);
    await Promise.all([...this.leases.keys()].map((kind) => this.letGo(kind)));
  }

  /**
   * An insert of a lead the rotation counted, under way while this process holds the kind's lock
   * (decision 0043): the lock is let go, and a recount reads the leads, only once it has settled,
   * so nobody else sees an owner counted without its lead.
   */
  track(kind: LeadKindKey, insert: Promise<unknown>): void {
    const inserts = this.leases.get(kind)?.inserts;
    if (!inserts) throw new Error(`not holding the ${kind} lock`);
    const settled: Promise<void> = insert.then(
      () => void inserts.delete(settled),
      () => void inserts.delete(settled),
    );
    inserts.add(settled);
  }

  /** Until this process's inserts under the kind's lock have settled. */
  async settled(kind: LeadKindKey): Promise<void> {
    const inserts = this.leases.get(kind)?.inserts;
    if (inserts) await Promise.all([...inserts]);
  }

  async read(kind: LeadKindKey): Promise<RotationState> {
    const lease = this.leases.get(kind);
    if (lease?.state) return structuredClone(lease.state);
    const doc = await this.rotations.findById(kind).lean<RotationState>().exec();
    const state = doc ?? { _id: kind, turn: 0, open: {}, counted: false, waiting: false };
    return lease?.recount ? { ...state, counted: false } : state;
  }

  /**
   * Only while holding the kind's lock: kept in this process, and written to the database as it
   * renews the lock and when it lets it go (decision 0043), not once per round.
   */
  write(state: RotationState): Promise<void> {
    const lease = this.leases.get(state._id);
    if (!lease) return Promise.reject(new Error(`not holding the ${state._id} lock`));
    lease.state = structuredClone(state);
    lease.recount = false;
    return Promise.resolve();
  }

  private async store({ _id, ...fields }: RotationState): Promise<void> {
    await this.rotations.updateOne({ _id }, { $set: fields }, { upsert: true }).exec();
  }

  private lease(kind: LeadKindKey, tookOver: boolean): Lease {
    const now = Date.now();
    const lease: Lease = {
      since: now,
      renewedAt: now,
      recount: tookOver,
      wanted: false,
      lost: false,
      busy: false,
      inserts: new Set(),
      watch: setInterval(() => void this.watch(kind, lease), CHECK_MS),
    };
    lease.watch.unref();
    this.leases.set(kind, lease);
    return lease;
  }

  /** One look at the lock (none while the last is under way), then what it calls for. */
  private async watch(kind: LeadKindKey, lease: Lease): Promise<void> {
    if (lease.look || this.leases.get(kind) !== lease) return;
    lease.look = this.look(kind, lease);
    await lease.look;
    lease.look = undefined;
    if (this.leases.get(kind) !== lease || lease.busy) return;
    if (lease.lost) this.drop(kind, lease);
    else if (handOverDue(lease)) await this.letGo(kind);
  }

  private async look(kind: LeadKindKey, lease: Lease): Promise<void> {
    try {
      if (Date.now() - lease.renewedAt >= RENEW_MS) {
        const at = Date.now();
        if (!(await this.lock.renew(kind))) lease.lost = true;
        else {
          lease.renewedAt = at;
          if (lease.state) await this.store(keptState(lease, lease.state));
        }
      }
      if (lease.lost) return;
      const seen = await this.lock.check(kind);
      if (seen === 'lost') lease.lost = true;
      else if (seen === 'wanted') lease.wanted = true;
    } catch (error) {
      // Looked at again in CHECK_MS; the lock goes stale only after many misses in a row.
      this.logger.debug({ err: error, kind }, 'could not look at the lock');
    }
  }

  /** The lock was taken over from this process (it stalled): the new holder counts afresh. */
  private drop(kind: LeadKindKey, lease: Lease): void {
    this.logger.warn({ kind }, 'the lock was taken over: this process’s rotation is dropped');
    clearTimeout(lease.idle);
    clearInterval(lease.watch);
    this.leases.delete(kind);
  }

  /**
   * Lets the kind's lock go once this process's inserts under it have settled and its rotation is
   * written. Should that write fail, the lock stays until it is stale: whoever takes it over then
   * counts the open leads afresh.
   */
  private async letGo(kind: LeadKindKey): Promise<void> {
    const lease = this.leases.get(kind);
    if (!lease) return;
    clearTimeout(lease.idle);
    clearInterval(lease.watch);
    this.leases.delete(kind);
    await Promise.all([...lease.inserts, lease.look]);
    if (lease.lost) return;
    try {
      if (lease.state) await this.store(keptState(lease, lease.state));
      else if (lease.recount)
        await this.rotations.updateOne({ _id: kind }, { $set: { counted: false } }).exec();
    } catch (error) {
      this.logger.warn({ err: error, kind }, 'rotation not written: its lock is left to go stale');
      return;
    }
    await this.lock.release(kind);
  }
}

/** Whether another process asked for the lock and this one has held it long enough to hand it on. */
function handOverDue(lease: Lease): boolean {
  return lease.wanted && Date.now() - lease.since >= MIN_HOLD_MS;
}

/** The rotation as it may be stored: its open counts not trusted after a failed round. */
function keptState(lease: Lease, state: RotationState): RotationState {
  return { ...state, counted: state.counted && !lease.recount };
}

/** Moves each admin's open leads by the deltas (never below none). */
export function applyOpenDeltas(state: RotationState, deltas: ReadonlyMap<string, number>): void {
  for (const [admin, delta] of deltas) {
    const next = Math.max(0, (state.open[admin] ?? 0) + delta);
    if (next === 0) delete state.open[admin];
    else state.open[admin] = next;
  }
}
