import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, trusted, Types } from 'mongoose';

import { type LeadKindKey } from '../../../contract';

import { MERGE_RECORDS_MODEL, type MergeRecord, type MergeState } from './merge-record.schema';

/**
 * The merges, each one document by its `_id`. The other reads (a lead merged already, a person's
 * merges, those left midway) are over a collection of one document per merge: on FerretDB 1.x
 * each reads all of them, a few hundred at most, never the leads.
 */
@Injectable()
export class MergeRecords {
  constructor(@InjectModel(MERGE_RECORDS_MODEL) private readonly model: Model<MergeRecord>) {}

  /** Stores a new merge (its first step); answers it as stored. */
  async create(record: Omit<MergeRecord, '_id'>): Promise<MergeRecord> {
    const _id = new Types.ObjectId();
    await this.model.create({ _id, ...record });
    return { _id, ...record };
  }

  byId(id: string): Promise<MergeRecord | null> {
    return this.model.findById(new Types.ObjectId(id)).lean<MergeRecord>().exec();
  }

  /** The merges (of any state) that hold any of these leads, as target or as merged. */
  holding(ids: readonly string[]): Promise<MergeRecord[]> {
    return this.model
      .find({
        $or: [
          { targetId: trusted({ $in: [...ids] }) },
          { 'sources.id': trusted({ $in: [...ids] }) },
        ],
      })
      .lean<MergeRecord[]>()
      .exec();
  }

  /** The merges whose merged leads had this email key (a person's access and erasure). */
  ofEmailKey(key: string): Promise<MergeRecord[]> {
    return this.model.find({ emailKeys: key }).lean<MergeRecord[]>().exec();
  }

  /** Merges left midway since before `before`: a process died running them. */
  leftMidway(before: Date): Promise<MergeRecord[]> {
    return this.model
      .find({
        state: trusted({ $in: ['merging', 'unmerging'] }),
        touchedAt: trusted({ $lt: before }),
      })
      .lean<MergeRecord[]>()
      .exec();
  }

  /**
   * Takes a merge over for a step run: only from the state and touch read (another process that
   * took it first wins). Answers whether this one has it.
   */
  async take(record: MergeRecord, state: MergeState, now = new Date()): Promise<boolean> {
    const { matchedCount } = await this.model
      .updateOne(
        { _id: record._id, state: record.state, touchedAt: record.touchedAt },
        { $set: { state, touchedAt: now, unmergeEventId: record.unmergeEventId } },
      )
      .exec();
    if (matchedCount > 0) {
      record.state = state;
      record.touchedAt = now;
    }
    return matchedCount > 0;
  }

  /** Records what of the merged leads moves (before it moves: a crash then finds it here). */
  async saveSources(record: MergeRecord): Promise<void> {
    record.touchedAt = new Date();
    await this.model
      .updateOne(
        { _id: record._id },
        { $set: { sources: record.sources, touchedAt: record.touchedAt } },
      )
      .exec();
  }

  async finish(record: MergeRecord, state: MergeState): Promise<void> {
    await this.model.updateOne({ _id: record._id }, { $set: { state } }).exec();
    record.state = state;
  }

  /** An unmerge done: the merge and the data it held go. */
  async remove(id: Types.ObjectId): Promise<void> {
    await this.model.deleteOne({ _id: id }).exec();
  }

  /** The merges into leads that go (deleted, erased, expired): the data they held goes with them. */
  async forgetTargets(kind: LeadKindKey, leadIds: readonly string[]): Promise<void> {
    if (leadIds.length === 0) return;
    await this.model.deleteMany({ kind, targetId: trusted({ $in: [...leadIds] }) }).exec();
  }
}
