import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Schema } from 'mongoose';

import { Coalescer } from '../../common/coalescer';
import { emailKey } from '../../contract';
import { isDuplicateKey } from '../../database/duplicate-key';
import { IdLookups } from '../../database/id-lookups';

import { type EmailCountsKeeper } from './lead-email-counts';
import { type LeadRecord } from './lead-record';

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
/** Moves on with every change of any count: what a process's copy of the counts is exact for. */
const VERSION = '#version';

/**
 * How many leads each email address has across the four kinds, kept as leads arrive and go
 * (issue 22, "one person across four forms"). A lead answer's `otherRequests` is its address's
 * count less itself: read by `_id` (the key), so a page of leads costs one lookup per address on
 * every engine, never a scan of the leads (IdLookups reads them as the engine serves keys best).
 * Taken from the leads once, at the first start that keeps them (LeadEmailCountsStart).
 */
@Injectable()
export class LeadEmailCounts implements EmailCountsKeeper {
  /**
   * Changes written one round at a time, each round carrying whatever arrived during the last:
   * FerretDB 1.x applies `$inc` as a read and a write, unisolated (two at once would lose one),
   * and concurrent arrivals share a round instead of queueing one by one.
   */
  private readonly rounds = new Coalescer<ReadonlyMap<string, number>, void>((changes) =>
    this.write(changes),
  );
  /** The last round of changes asked for: readers wait for it (the rounds run in order). */
  private lastRound: Promise<void> = Promise.resolve();
  /** The counts this process has read, exact while the version is the one they were read at. */
  private known: { version: number; counts: Map<string, number> } = {
    version: -1,
    counts: new Map(),
  };
  /** Rounds begun, and whether one is being written: a count read meanwhile may predate it. */
  private roundsBegun = 0;
  private writing = false;
  /**
   * Counts read while a round was written: those of its addresses may or may not hold it, so its
   * end drops them rather than add to them.
   */
  private readonly readDuringRound = new Set<string>();

  constructor(
    @InjectModel(LEAD_EMAIL_COUNTS_MODEL) private readonly model: Model<EmailCount>,
    private readonly lookups: IdLookups,
  ) {}

  /**
   * Resolves once the change is stored (in a round with whatever else arrived meanwhile). This
   * process's readers wait for it either way, so an answer here never misses a change made here.
   */
  change(deltas: ReadonlyMap<string, number>): Promise<void> {
    if (![...deltas.values()].some((delta) => delta !== 0)) return Promise.resolve();
    const stored = this.rounds.push(deltas);
    this.lastRound = stored.catch(() => undefined);
    return stored;
  }

  /**
   * One round of changes, summed by address, in a few calls whatever their number: the raised
   * addresses created where they are new (an upsert would cost FerretDB 1.x a read of the whole
   * collection), then the others raised or lowered in one; the version last, so a reader that sees
   * the new version then reads the new counts.
   */
  private async write(changes: ReadonlyMap<string, number>[]): Promise<void> {
    this.roundsBegun++;
    this.writing = true;
    try {
      await this.writeRound(changes);
    } finally {
      this.writing = false;
    }
  }

  private async writeRound(changes: ReadonlyMap<string, number>[]): Promise<void> {
    const sum = new Map<string, number>();
    for (const deltas of changes)
      for (const [key, delta] of deltas) sum.set(key, (sum.get(key) ?? 0) + delta);
    const increments = [...sum].filter(([, delta]) => delta !== 0);
    const raised = increments.filter(([, delta]) => delta > 0);
    const created = new Set(
      (await Promise.all(raised.map(([key, count]) => this.createNew(key, count)))).flat(),
    );
    const existing = increments.filter(([key]) => !created.has(key));
    if (existing.length > 0)
      await this.model.bulkWrite(
        existing.map(([key, delta]) => ({
          updateOne: { filter: { _id: key }, update: { $inc: { count: delta } } },
        })),
      );
    await this.moveVersionOn(sum, created);
  }

  /**
   * Moves the version on after a round. When the round was the only change since the counts this
   * process holds (the new version is the next one), they stay exact with the round's changes
   * added, and the addresses it created known (their count is the round's): an answer after an
   * intake then reads no count again (each a lookup of its own), its new leads' included.
   */
  private async moveVersionOn(
    round: ReadonlyMap<string, number>,
    created: ReadonlySet<string>,
  ): Promise<void> {
    const moved = await this.model
      .findByIdAndUpdate(VERSION, { $inc: { count: 1 } }, { new: true })
      .lean<EmailCount>()
      .exec();
    if (!moved) return this.raiseEach([[VERSION, 1]]);
    const { counts, version } = this.known;
    for (const key of this.readDuringRound) if (round.has(key)) counts.delete(key);
    this.readDuringRound.clear();
    if (moved.count !== version + 1) return;
    for (const [key, delta] of round) {
      const count = created.has(key) ? 0 : counts.get(key);
      if (count !== undefined) counts.set(key, count + delta);
    }
    this.known.version = moved.count;
  }

  /**
   * Creates an address's count; [] when it has one already (another lead of it, or another
   * process first). Tried before looking: FerretDB 1.x checks an insert's `_id` against its index,
   * while finding a document, even by `_id`, reads through the collection.
   */
  private async createNew(key: string, count: number): Promise<string[]> {
    try {
      await this.model.create({ _id: key, count });
      return [key];
    } catch (error) {
      if (isDuplicateKey(error)) return [];
      throw error;
    }
  }

  private async raiseEach(increments: readonly (readonly [string, number])[]): Promise<void> {
    for (const [key, delta] of increments) {
      const { matchedCount } = await this.model.updateOne({ _id: key }, { $inc: { count: delta } });
      if (matchedCount === 0)
        await this.model
          .create({ _id: key, count: delta })
          .catch(() => this.model.updateOne({ _id: key }, { $inc: { count: delta } }));
    }
  }

  /** How many other leads, of any kind, share each record's address (in the records' order). */
  async otherRequests(records: readonly Pick<LeadRecord, 'email'>[]): Promise<number[]> {
    const keys = records.map((record) => emailKey(record.email));
    const counts = await this.of([...new Set(keys)]);
    return keys.map((key) => Math.max(0, (counts.get(key) || 1) - 1));
  }

  /**
   * The counts of these keys: one read of the version, then only the keys this process has not
   * read since the last change anywhere (so a page read again costs that one lookup). Labelled with
   * the version read first, as a list head is (decision 0005): a change meanwhile moves it on.
   */
  private async of(keys: readonly string[]): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    await this.lastRound;
    const [begun, writing] = [this.roundsBegun, this.writing];
    const version = (await this.model.findById(VERSION).lean<EmailCount>().exec())?.count ?? 0;
    if (version !== this.known.version) this.known = { version, counts: new Map() };
    const known = this.known;
    const missing = keys.filter((key) => !known.counts.has(key));
    if (missing.length === 0) return known.counts;
    const found = await this.read(missing);
    const answer = new Map(keys.map((key) => [key, known.counts.get(key) ?? found.get(key) ?? 0]));
    // Kept only if no round moved the version on while they were read; those read while one was
    // written may predate it, and are dropped when it ends.
    if (this.known === known && known.version === version) {
      const duringRound = writing || this.writing || this.roundsBegun !== begun;
      for (const key of missing) {
        known.counts.set(key, found.get(key) ?? 0);
        if (duringRound) this.readDuringRound.add(key);
      }
    }
    return answer;
  }

  private async read(keys: readonly string[]): Promise<Map<string, number>> {
    const found = await this.lookups.find(this.model, keys);
    return new Map(found.map((count) => [count._id, count.count] as const));
  }

  /** Whether the counts were ever taken from the leads (then they are kept since). */
  async taken(): Promise<boolean> {
    return Boolean(await this.model.exists({ _id: COUNTED }));
  }

  /**
   * Replaces every count with these, taken from the leads, and marks them taken (the marker last).
   * Only before the API answers, when nothing else writes them.
   */
  async replaceAll(counts: ReadonlyMap<string, number>): Promise<void> {
    await this.model.deleteMany({});
    const docs = [...counts].map(([key, count]) => ({ _id: key, count }));
    for (let i = 0; i < docs.length; i += 1000)
      await this.model.insertMany(docs.slice(i, i + 1000));
    await this.model.insertMany([
      { _id: VERSION, count: Date.now() },
      { _id: COUNTED, count: 0 },
    ]);
  }
}
