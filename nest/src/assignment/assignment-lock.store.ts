import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Schema } from 'mongoose';

import { type LeadKindKey } from '../contract';
import { isDuplicateKey } from '../database/duplicate-key';

interface LockDocument {
  _id: LeadKindKey;
  holder: string;
  /** When the holder took or last renewed the lock. */
  at: Date;
  /** Set by a process that waits for the lock: the holder lets it go after its round. */
  wanted?: boolean;
}

export const ROTATION_LOCK_MODEL = 'AssignmentLock';

export const RotationLockSchema = new Schema<LockDocument>(
  {
    _id: { type: String, required: true },
    holder: { type: String, required: true },
    at: { type: Date, required: true },
    wanted: { type: Boolean, default: undefined },
  },
  { collection: 'assignment_locks', versionKey: false, strict: 'throw' },
);

/**
 * A lock neither taken nor renewed for this long was left by a process that stopped: it may be
 * taken over. A holder renews it well within (RotationStore), so only a stopped (or stalled)
 * holder's lock goes stale.
 */
export const STALE_LOCK_MS = 15_000;
/** How long a process waits before asking again for a lock another one holds. */
export const RETRY_MS = { min: 3, max: 15 };

/** What a holder learns when it looks at its lock. */
export type LockCheck = 'held' | 'wanted' | 'lost';

/**
 * Each kind's assignment lock: an insert by `_id`, the one write every engine makes atomic
 * (FerretDB 1.x applies `$inc` and conditional updates unisolated: decision 0005). A process that
 * waits for it marks it wanted, so its holder, which keeps it while busy, lets it go (decision 0043).
 */
@Injectable()
export class AssignmentLockStore {
  private readonly logger = new Logger('Assignment');
  readonly holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  constructor(@InjectModel(ROTATION_LOCK_MODEL) private readonly locks: Model<LockDocument>) {}

  /** Takes the kind's lock, waiting for it; whether it was taken over from a stopped process. */
  async take(kind: LeadKindKey): Promise<boolean> {
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
      // Only that holder's lock (one taken since is asked for anew), and never this process's own,
      // being let go.
      if (held && !held.wanted && held.holder !== this.holder)
        await this.locks
          .updateOne({ _id: kind, holder: held.holder }, { $set: { wanted: true } })
          .exec();
      await sleep(RETRY_MS.min + Math.random() * (RETRY_MS.max - RETRY_MS.min));
    }
  }

  /** Whether this process still holds the kind's lock, and whether another one waits for it. */
  async check(kind: LeadKindKey): Promise<LockCheck> {
    const lock = await this.locks.findById(kind).lean<LockDocument>().exec();
    if (lock?.holder !== this.holder) return 'lost';
    return lock.wanted ? 'wanted' : 'held';
  }

  /** Moves the lock's time on, so it never looks stale while held; false when no longer held. */
  async renew(kind: LeadKindKey): Promise<boolean> {
    const renewed = await this.locks
      .updateOne({ _id: kind, holder: this.holder }, { $set: { at: new Date() } })
      .exec();
    return renewed.matchedCount > 0;
  }

  async release(kind: LeadKindKey): Promise<void> {
    await this.locks
      .deleteOne({ _id: kind, holder: this.holder })
      .exec()
      .catch((error: unknown) => this.logger.warn({ err: error, kind }, 'lock not let go'));
  }
}
