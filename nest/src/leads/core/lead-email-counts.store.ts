import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Schema } from 'mongoose';

import { Coalescer } from '../../common/coalescer';
import { currentViewer } from '../../common/lead-viewer.context';
import { sharedRead } from '../../common/shared-reads';
import { emailKey, type LeadKindKey } from '../../contract';
import { isDuplicateKey } from '../../database/duplicate-key';
import { IdLookups } from '../../database/id-lookups';

import {
  type AddressCounts,
  changesAny,
  type EmailCountDeltas,
  type EmailCountsKeeper,
  incrementOf,
  seenCount,
  seesItself,
  totalOf,
  withChanges,
} from './lead-email-counts';
import { type LeadRecord } from './lead-record';

export const LEAD_EMAIL_COUNTS_MODEL = 'LeadEmailCount';
export const LEAD_EMAIL_COUNTS_COLLECTION = 'lead_email_counts';

/**
 * How many leads, of all kinds, one email key has (`_id` is the key), and by kind and owner (`by`,
 * `{contactUs: {<admin id>|none: n}}`): an admin who sees only some of them is told of those.
 */
interface EmailCount extends AddressCounts {
  _id: string;
}

export const LeadEmailCountSchema = new Schema<EmailCount>(
  {
    _id: { type: String },
    count: { type: Number, required: true },
    by: { type: Schema.Types.Mixed },
  },
  { collection: LEAD_EMAIL_COUNTS_COLLECTION, versionKey: false, minimize: false },
);

/**
 * Marks the counts as taken from the leads once, by kind and owner (no email key is without `@`).
 * Counts taken before owners were (marked `#counted`) are taken again at the next start.
 */
export const EMAIL_COUNTS_TAKEN = '#counted-by-owner';
/** Moves on with every change of any count: what a process's copy of the counts is exact for. */
export const EMAIL_COUNTS_VERSION = '#version';
/** What a `sharingReads` shares the version by. */
const SHARED_VERSION = 'lead-email-counts:version';

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
  private readonly rounds = new Coalescer<EmailCountDeltas, void>((changes) => this.write(changes));
  /** The counts this process has read, exact while the version is the one they were read at. */
  private known: { version: number; counts: Map<string, AddressCounts> } = {
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
   * Resolves once the change is stored (in a round with whatever else arrived meanwhile). Every
   * writer waits for it before it answers, so a request that begins after another's answer finds
   * that change stored, and readers never wait for a round in flight: under steady intake one
   * always is, and an archive's answer waited up to two rounds, over a second (decision 0044).
   */
  change(deltas: EmailCountDeltas): Promise<void> {
    if (!changesAny(deltas)) return Promise.resolve();
    return this.rounds.push(deltas);
  }

  /**
   * One round of changes, summed by address, in a few calls whatever their number: the raised
   * addresses created where they are new (an upsert would cost FerretDB 1.x a read of the whole
   * collection), then the others raised or lowered in one; the version last, so a reader that sees
   * the new version then reads the new counts.
   */
  private async write(changes: EmailCountDeltas[]): Promise<void> {
    this.roundsBegun++;
    this.writing = true;
    try {
      await this.writeRound(changes);
    } finally {
      this.writing = false;
    }
  }

  private async writeRound(changes: EmailCountDeltas[]): Promise<void> {
    const sum = new Map<string, Map<string, number>>();
    for (const deltas of changes)
      for (const [key, places] of deltas) {
        const summed = sum.get(key) ?? new Map<string, number>();
        for (const [place, n] of places) summed.set(place, (summed.get(place) ?? 0) + n);
        sum.set(key, summed);
      }
    const increments = [...sum].filter(([, places]) => [...places.values()].some((n) => n !== 0));
    const raised = increments.filter(([, places]) => totalOf(places) > 0);
    const created = new Set(
      (await Promise.all(raised.map(([key, places]) => this.createNew(key, places)))).flat(),
    );
    const existing = increments.filter(([key]) => !created.has(key));
    if (existing.length > 0)
      await this.model.bulkWrite(
        existing.map(([key, places]) => ({
          updateOne: { filter: { _id: key }, update: { $inc: incrementOf(places) } },
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
    round: ReadonlyMap<string, ReadonlyMap<string, number>>,
    created: ReadonlySet<string>,
  ): Promise<void> {
    const moved = await this.model
      .findByIdAndUpdate(EMAIL_COUNTS_VERSION, { $inc: { count: 1 } }, { new: true })
      .lean<EmailCount>()
      .exec();
    if (!moved) return this.raiseEach([[EMAIL_COUNTS_VERSION, 1]]);
    const { counts, version } = this.known;
    for (const key of this.readDuringRound) if (round.has(key)) counts.delete(key);
    this.readDuringRound.clear();
    if (moved.count !== version + 1) return;
    for (const [key, places] of round) {
      const known = created.has(key) ? { count: 0 } : counts.get(key);
      if (known !== undefined) counts.set(key, withChanges(known, places));
    }
    this.known.version = moved.count;
  }

  /**
   * Creates an address's count; [] when it has one already (another lead of it, or another
   * process first). Tried before looking: FerretDB 1.x checks an insert's `_id` against its index,
   * while finding a document, even by `_id`, reads through the collection.
   */
  private async createNew(key: string, places: ReadonlyMap<string, number>): Promise<string[]> {
    try {
      await this.model.create({ _id: key, ...withChanges({ count: 0 }, places) });
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

  /**
   * How many other leads, of any kind, share each record's address (in the records' order), of
   * those the request's viewer sees (issue 34): a lead of a kind or an owner outside their access
   * is neither counted nor listed (the related requests) for them. Records of `kind`.
   */
  async otherRequests(
    kind: LeadKindKey,
    records: readonly Pick<LeadRecord, 'email' | 'assigneeId'>[],
  ): Promise<number[]> {
    const viewer = currentViewer();
    const keys = records.map((record) => emailKey(record.email));
    const counts = await this.of([...new Set(keys)]);
    return keys.map((key, i) => {
      const seen = seenCount(counts.get(key) ?? { count: 0 }, viewer);
      const itself = seesItself(viewer, kind, records[i] ?? {}) ? 1 : 0;
      return Math.max(0, seen - itself);
    });
  }

  /**
   * The counts of these keys: one read of the version, then only the keys this process has not
   * read since the last change anywhere (so a page read again costs that one lookup). Labelled with
   * the version read first, as a list head is (decision 0005): a change meanwhile moves it on.
   */
  private async of(keys: readonly string[]): Promise<Map<string, AddressCounts>> {
    if (keys.length === 0) return new Map();
    const [begun, writing] = [this.roundsBegun, this.writing];
    const version = await (sharedRead(SHARED_VERSION, () => this.version()) ?? this.version());
    if (version !== this.known.version) this.known = { version, counts: new Map() };
    const known = this.known;
    const missing = keys.filter((key) => !known.counts.has(key));
    if (missing.length === 0) return known.counts;
    const found = await this.read(missing);
    const answer = new Map(
      keys.map((key) => [key, known.counts.get(key) ?? found.get(key) ?? { count: 0 }]),
    );
    // Kept only if no round moved the version on while they were read; those read while one was
    // written may predate it, and are dropped when it ends.
    if (this.known === known && known.version === version) {
      const duringRound = writing || this.writing || this.roundsBegun !== begun;
      for (const key of missing) {
        known.counts.set(key, found.get(key) ?? { count: 0 });
        if (duringRound) this.readDuringRound.add(key);
      }
    }
    return answer;
  }

  private async version(): Promise<number> {
    return (await this.model.findById(EMAIL_COUNTS_VERSION).lean<EmailCount>().exec())?.count ?? 0;
  }

  private async read(keys: readonly string[]): Promise<Map<string, AddressCounts>> {
    const found = await this.lookups.find(this.model, keys);
    return new Map(found.map(({ _id, count, by }) => [_id, { count, by }] as const));
  }

  /** Whether the counts were ever taken from the leads (then they are kept since). */
  async taken(): Promise<boolean> {
    return Boolean(await this.model.exists({ _id: EMAIL_COUNTS_TAKEN }));
  }

  /**
   * Replaces every count with these, taken from the leads, and marks them taken (the marker last).
   * Only before the API answers, when nothing else writes them.
   */
  async replaceAll(counts: ReadonlyMap<string, AddressCounts>): Promise<void> {
    await this.model.deleteMany({});
    const docs = [...counts].map(([key, count]) => ({ _id: key, ...count }));
    for (let i = 0; i < docs.length; i += 1000)
      await this.model.insertMany(docs.slice(i, i + 1000));
    await this.model.insertMany([
      { _id: EMAIL_COUNTS_VERSION, count: Date.now() },
      { _id: EMAIL_COUNTS_TAKEN, count: 0 },
    ]);
  }
}
