import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Schema } from 'mongoose';

import { type LeadKindKey } from '../contract';
import { isDuplicateKey } from '../database/duplicate-key';

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

interface LockDocument {
  _id: LeadKindKey;
  holder: string;
  at: Date;
}

export const ROTATION_MODEL = 'AssignmentRotation';
export const ROTATION_LOCK_MODEL = 'AssignmentLock';

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

export const RotationLockSchema = new Schema<LockDocument>(
  {
    _id: { type: String, required: true },
    holder: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'assignment_locks', versionKey: false, strict: 'throw' },
);

/** A lock older than this was left by a process that stopped: it may be taken over. */
const STALE_LOCK_MS = 15_000;
/** How long a process waits before asking again for a lock another one holds. */
const RETRY_MS = { min: 3, max: 15 };
/**
 * A process keeps a kind's lock between rounds that follow each other within LINGER_MS, up to
 * LEASE_MS in all (decision 0043): its busy rounds then cost no lock write nor rotation read each.
 * A lease that ran out is let go and taken again only after RETRY_MS.max, so a process asking
 * meanwhile gets its turn.
 */
const LINGER_MS = 25;
const LEASE_MS = 250;

interface Lease {
  since: number;
  /** The rotation as this process's last round left it, written to the database on letting go. */
  state?: RotationState;
  /**
   * Whether the stored rotation's open counts can't be trusted: the lock was taken over from a
   * process that stopped holding it (its last rounds unwritten), or a round of this lease failed.
   */
  recount?: boolean;
  release?: NodeJS.Timeout;
  /** Inserts of leads counted in the rotation, not yet settled: the lock waits for them. */
  inserts: Set<Promise<unknown>>;
}

/**
 * Each kind's rotation, and the lock that makes its changes one at a time across every API
 * process. The lock is an insert by `_id`, the one write every engine makes atomic (FerretDB 1.x
 * applies `$inc` and conditional updates unisolated: decision 0005), so the rotation's state is
 * read and written by one process at a time and plain `$set`s are safe.
 */
@Injectable()
export class RotationStore implements OnModuleDestroy {
  private readonly logger = new Logger('Assignment');
  private readonly holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly leases = new Map<LeadKindKey, Lease>();
  /** Work under way: an intake is answered before its round ends (decision 0043). */
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    @InjectModel(ROTATION_MODEL) private readonly rotations: Model<RotationState>,
    @InjectModel(ROTATION_LOCK_MODEL) private readonly locks: Model<LockDocument>,
  ) {}

  /**
   * Runs `work` holding the kind's lock (waits for it), and lets the lock go after, or a moment
   * later should another round of the kind follow (see LINGER_MS). One caller per kind at a time
   * in a process (each kind's rounds run one after another).
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
    if (lease) clearTimeout(lease.release);
    if (lease && Date.now() - lease.since >= LEASE_MS) {
      await this.letGo(kind);
      await sleep(RETRY_MS.max);
    }
    const leaseStarted = !this.leases.has(kind);
    if (leaseStarted) {
      const tookOver = await this.take(kind);
      this.leases.set(kind, { since: Date.now(), inserts: new Set(), recount: tookOver });
    }
    let failed = false;
    try {
      return await work(leaseStarted);
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      const held = this.leases.get(kind);
      // A failed round may have given owners it did not count: the next one counts afresh.
      if (failed && held) held.recount = true;
      if (failed) await this.letGo(kind);
      else if (held) {
        held.release = setTimeout(() => void this.letGo(kind), LINGER_MS);
        held.release.unref();
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
   * Only while holding the kind's lock: kept in this process, and written to the database when it
   * lets the lock go (decision 0043), one write per hold instead of one per round.
   */
  write(state: RotationState): Promise<void> {
    const lease = this.leases.get(state._id);
    if (!lease) return this.store(state);
    lease.state = structuredClone(state);
    lease.recount = false;
    return Promise.resolve();
  }

  private async store({ _id, ...fields }: RotationState): Promise<void> {
    await this.rotations.updateOne({ _id }, { $set: fields }, { upsert: true }).exec();
  }

  /**
   * Lets the kind's lock go once this process's inserts under it have settled and its rotation is
   * written. Should that write fail, the lock stays until it is stale: whoever takes it over then
   * counts the open leads afresh.
   */
  private async letGo(kind: LeadKindKey): Promise<void> {
    const lease = this.leases.get(kind);
    if (!lease) return;
    clearTimeout(lease.release);
    this.leases.delete(kind);
    await Promise.all([...lease.inserts]);
    try {
      if (lease.state)
        await this.store({ ...lease.state, counted: lease.state.counted && !lease.recount });
      else if (lease.recount)
        await this.rotations.updateOne({ _id: kind }, { $set: { counted: false } }).exec();
    } catch (error) {
      this.logger.warn({ err: error, kind }, 'rotation not written: its lock is left to go stale');
      return;
    }
    await this.locks
      .deleteOne({ _id: kind, holder: this.holder })
      .exec()
      .catch((error: unknown) => this.logger.warn({ err: error, kind }, 'lock not let go'));
  }

  /** Takes the kind's lock, waiting for it; whether it was taken over from a stopped process. */
  private async take(kind: LeadKindKey): Promise<boolean> {
    let tookOver = false;
    for (;;) {
      try {
        await this.locks.create([{ _id: kind, holder: this.holder, at: new Date() }]);
        return tookOver;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      const held = await this.locks.findById(kind).lean<LockDocument>().exec();
      if (held && Date.now() - held.at.getTime() > STALE_LOCK_MS) {
        this.logger.warn({ kind, holder: held.holder }, 'taking over a lock left behind');
        await this.locks.deleteOne({ _id: kind, at: held.at }).exec();
        tookOver = true;
        continue;
      }
      await sleep(RETRY_MS.min + Math.random() * (RETRY_MS.max - RETRY_MS.min));
    }
  }
}

/** Moves each admin's open leads by the deltas (never below none). */
export function applyOpenDeltas(state: RotationState, deltas: ReadonlyMap<string, number>): void {
  for (const [admin, delta] of deltas) {
    const next = Math.max(0, (state.open[admin] ?? 0) + delta);
    if (next === 0) delete state.open[admin];
    else state.open[admin] = next;
  }
}
