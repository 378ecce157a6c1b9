import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';

import { isDuplicateKey } from '../../database/duplicate-key';

import { LAST_RUN_ID, RETENTION_RUN_MODEL, type RetentionRun } from './retention-run.schema';

/** The retention runs: each day's claim, and the last run that finished. */
@Injectable()
export class RetentionRuns {
  constructor(@InjectModel(RETENTION_RUN_MODEL) private readonly runs: Model<RetentionRun>) {}

  /** The last run that finished, if any. */
  async last(): Promise<RetentionRun | null> {
    return this.runs.findById(LAST_RUN_ID).lean<RetentionRun>().exec();
  }

  /**
   * Claims a day's run: true for the process whose insert of the day's document came first (the
   * `_id` is the day, so only one can win, on FerretDB too), false for every other.
   */
  async claim(day: string, startedAt: Date): Promise<boolean> {
    try {
      await this.runs.create({ _id: day, startedAt, finishedAt: null, deleted: 0 });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /** Marks a day's run finished, and keeps it as the last run. */
  async finish(day: string, startedAt: Date, deleted: number): Promise<void> {
    const finished = { finishedAt: new Date(), deleted };
    await this.runs.updateOne({ _id: day }, { $set: finished }).exec();
    await this.runs
      .updateOne({ _id: LAST_RUN_ID }, { $set: { ...finished, startedAt } }, { upsert: true })
      .exec();
  }
}
