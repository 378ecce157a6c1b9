import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Schema, trusted } from 'mongoose';

import { SerialQueue } from '../../common/serial-queue';
import { emailKey } from '../../contract';
import { DatabaseEngine } from '../../database/database-engine';

import { type LeadRecord } from './lead-record';
import { LeadRegistry } from './lead-registry';

export const LEAD_EMAIL_COUNTS_MODEL = 'LeadEmailCount';

/** How many leads, of all kinds, one email key has: `_id` is the key. */
interface EmailCount {
  _id: string;
  count: number;
}

export const LeadEmailCountSchema = new Schema<EmailCount>(
  { _id: { type: String }, count: { type: Number, required: true } },
  { collection: 'lead_email_counts', versionKey: false },
);

/** Marks the counts as taken from the leads once; no email key is without `@`. */
const COUNTED = '#counted';

/** What the lead repositories tell the counts: leads of these keys arrived (+) or went (-). */
export interface EmailCountsKeeper {
  change(deltas: ReadonlyMap<string, number>): Promise<void>;
}

/** The email keys of some leads, with how many of them each has. */
export function keyDeltas(records: readonly Pick<LeadRecord, 'email'>[], sign: 1 | -1) {
  const deltas = new Map<string, number>();
  for (const { email } of records) {
    const key = emailKey(email);
    deltas.set(key, (deltas.get(key) ?? 0) + sign);
  }
  return deltas;
}

/**
 * How many leads each email address has across the four kinds, kept as leads arrive and go
 * (issue 22, "one person across four forms"). A lead answer's `otherRequests` is its address's
 * count less itself: read by `_id` (the key), so a page of leads costs one lookup per address on
 * every engine, never a scan of the leads; FerretDB 1.x finds by `_id` equality alone, so there
 * each address is its own lookup. Taken from the leads once, at the first start that keeps them.
 */
@Injectable()
export class LeadEmailCounts implements EmailCountsKeeper, OnApplicationBootstrap {
  private readonly logger = new Logger('Leads');
  /** FerretDB 1.x applies `$inc` as a read and a write, unisolated: two at once would lose one. */
  private readonly queue = new SerialQueue();

  constructor(
    @InjectModel(LEAD_EMAIL_COUNTS_MODEL) private readonly model: Model<EmailCount>,
    private readonly engine: DatabaseEngine,
    private readonly registry: LeadRegistry,
  ) {}

  async change(deltas: ReadonlyMap<string, number>): Promise<void> {
    const changes = [...deltas].filter(([, delta]) => delta !== 0);
    if (changes.length === 0) return;
    await this.queue.run(() =>
      this.model.bulkWrite(
        changes.map(([key, delta]) => ({
          updateOne: { filter: { _id: key }, update: { $inc: { count: delta } }, upsert: true },
        })),
        { ordered: false },
      ),
    );
  }

  /** How many other leads, of any kind, share each record's address (in the records' order). */
  async otherRequests(records: readonly Pick<LeadRecord, 'email'>[]): Promise<number[]> {
    const keys = records.map((record) => emailKey(record.email));
    const counts = await this.of([...new Set(keys)]);
    return keys.map((key) => Math.max(0, (counts.get(key) ?? 1) - 1));
  }

  private async of(keys: readonly string[]): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    const found = (await this.engine.wholeCollectionEngine())
      ? await Promise.all(keys.map((key) => this.model.findById(key).lean<EmailCount>().exec()))
      : await this.model
          .find({ _id: trusted({ $in: keys }) })
          .lean<EmailCount[]>()
          .exec();
    return new Map(found.flatMap((count) => (count ? [[count._id, count.count] as const] : [])));
  }

  /**
   * The first start that keeps counts takes them from the leads, before the API answers (so no
   * arrival meanwhile is counted twice or lost); marked done once stored.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (await this.model.exists({ _id: COUNTED })) return;
    const counts = new Map<string, number>();
    for (const { repository } of this.registry.all())
      for await (const { email } of repository.emails())
        counts.set(emailKey(email), (counts.get(emailKey(email)) ?? 0) + 1);
    const sets = [...counts].map(([key, count]) => ({
      updateOne: { filter: { _id: key }, update: { $set: { count } }, upsert: true },
    }));
    for (let i = 0; i < sets.length; i += 1000)
      await this.model.bulkWrite(sets.slice(i, i + 1000), { ordered: false });
    await this.model.updateOne({ _id: COUNTED }, { $set: { count: 0 } }, { upsert: true });
    if (counts.size > 0) this.logger.log(`counted the leads of ${counts.size} email addresses`);
  }
}
