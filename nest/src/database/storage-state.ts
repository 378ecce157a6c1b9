import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type Connection } from 'mongoose';

import { FIELD_LIMITS } from '../contract';

/**
 * A write refused because the database's disk is full: MongoDB's OutOfDiskSpace (14031) or the
 * storage engine's ENOSPC, FerretDB's SQLite "database or disk is full".
 */
export function isStorageFull(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === 14031 ||
    /disk is full|no space left on device|ENOSPC|OutOfDiskSpace/i.test(error.message) ||
    isStorageFull(error.cause, depth + 1)
  );
}

const PROBE_COLLECTION = 'health_probe';
/**
 * The probe writes as much as the largest lead the intake stores: its longest fields in four-byte
 * characters, twice (the text and its search words). A tiny write can still fit in a page SQLite
 * has left while a lead does not, and would report room that is not there.
 */
const LARGEST_LEAD_BYTES =
  (FIELD_LIMITS.name +
    FIELD_LIMITS.email +
    FIELD_LIMITS.phone_number +
    FIELD_LIMITS.subject +
    FIELD_LIMITS.message) *
  4 *
  2;
const PROBE_PADDING = 'x'.repeat(LARGEST_LEAD_BYTES);

/**
 * Whether the database last refused a write for lack of space. Set by the exception filter when
 * a write fails so; cleared when a small probe write (made by /health while the flag is set)
 * succeeds again, so the API reports itself degraded exactly as long as writes can't be kept.
 */
@Injectable()
export class StorageState implements OnApplicationBootstrap {
  private readonly logger = new Logger('Storage');
  private fullSince: Date | null = null;

  constructor(@InjectConnection() private readonly connection: Connection) {}

  /**
   * The probe's document is made while there is room, so a probe on a full disk only rewrites it:
   * FerretDB 1.x creating a collection on a full disk makes its SQLite table but not its metadata,
   * and every later create then fails ("table already exists"), so /health would never recover.
   */
  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.connection.db
        ?.collection<{ _id: string; at: Date; padding: string }>(PROBE_COLLECTION)
        .updateOne(
          { _id: 'probe' },
          { $setOnInsert: { at: new Date(), padding: '' } },
          { upsert: true },
        );
    } catch (error) {
      // No room (or no database) at start: the probe makes its document when it first runs.
      this.logger.warn(`The storage probe's document could not be made: ${String(error)}`);
    }
  }

  get full(): boolean {
    return this.fullSince !== null;
  }

  markFull(): void {
    if (this.fullSince) return;
    this.fullSince = new Date();
    this.logger.error(
      "The database's disk is full: writes are refused with 503 until space is freed",
    );
  }

  /**
   * While marked full: tries a write as large as a lead, and clears the mark if it
   * is kept; the padding is then dropped so the probe holds no space once the disk has room.
   */
  async recheck(): Promise<boolean> {
    if (!this.fullSince || !this.connection.db) return this.full;
    const probes = this.connection.db.collection<{ _id: string; at: Date; padding: string }>(
      PROBE_COLLECTION,
    );
    try {
      await probes.updateOne(
        { _id: 'probe' },
        { $set: { at: new Date(), padding: PROBE_PADDING } },
        { upsert: true },
      );
      await probes.updateOne({ _id: 'probe' }, { $set: { padding: '' } });
      this.logger.log(
        `The database takes writes again (full since ${this.fullSince.toISOString()})`,
      );
      this.fullSince = null;
    } catch (error) {
      // Anything else (an I/O error the engine gives after a full disk, say) is still no room to
      // report: /health stays degraded, and the reason is logged for the operator.
      if (!isStorageFull(error)) {
        this.logger.error(`The storage probe failed: ${String(error)}`);
        throw error;
      }
    }
    return this.full;
  }
}
