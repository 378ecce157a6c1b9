import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';

import { isDuplicateKey } from '../../database/duplicate-key';
import { InstanceId } from '../../leads/conversation/store/message-receipts.store';
import { INBOUND_STATE_MODEL, type InboundStateRecord } from '../status/inbound-state.schema';

const LEASE_ID = 'imap-lease';
/** A holder that has not renewed for this long is taken for dead. */
export const LEASE_TTL_MS = 30_000;

/**
 * Which API process reads the mailbox: the one holding this lease, a document taken by inserting
 * it (atomic on every engine) and renewed while held. One whose holder stopped renewing is taken
 * over: deleted under the condition that it is still the one read, then inserted again. FerretDB
 * 1.x isolates no delete, so two processes may rarely both believe they hold it for a moment:
 * each renewal checks, and the receipts keep every message once whatever happens.
 */
@Injectable()
export class ImapLease {
  /** Holders this process took the lease over from: dead, so their claims are stale. */
  readonly deadHolders = new Set<string>();

  constructor(
    @InjectModel(INBOUND_STATE_MODEL) private readonly state: Model<InboundStateRecord>,
    private readonly instance: InstanceId,
  ) {}

  /** Takes the lease, or keeps it; whether this process holds it now. */
  async acquire(now = new Date()): Promise<boolean> {
    if (await this.insert(now)) return true;
    const lease = await this.state.findById(LEASE_ID).lean<InboundStateRecord>().exec();
    if (!lease) return this.insert(now);
    if (lease.holder === this.instance.value) return this.renew(now);
    if ((lease.until?.getTime() ?? 0) > now.getTime()) return false;
    const { deletedCount } = await this.state
      .deleteOne({ _id: LEASE_ID, holder: lease.holder, until: lease.until })
      .exec();
    if (deletedCount === 0 || !(await this.insert(now))) return false;
    if (lease.holder) this.deadHolders.add(lease.holder);
    return true;
  }

  /** Keeps the lease another LEASE_TTL_MS; false when another process has it now. */
  async renew(now = new Date()): Promise<boolean> {
    const { matchedCount } = await this.state
      .updateOne(
        { _id: LEASE_ID, holder: this.instance.value },
        { $set: { until: new Date(now.getTime() + LEASE_TTL_MS) } },
      )
      .exec();
    return matchedCount > 0;
  }

  /** Gives the lease back (a clean shutdown): another process takes over at once. */
  async release(): Promise<void> {
    await this.state.deleteOne({ _id: LEASE_ID, holder: this.instance.value }).exec();
  }

  private async insert(now: Date): Promise<boolean> {
    try {
      await this.state.create({
        _id: LEASE_ID,
        holder: this.instance.value,
        until: new Date(now.getTime() + LEASE_TTL_MS),
      });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }
}
