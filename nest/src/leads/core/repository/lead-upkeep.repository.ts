import { type FactoryProvider } from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import { type Model } from 'mongoose';

import { emailKey, type LeadKindDescriptor, type LeadKindKey } from '../../../contract';
import { DatabaseEngine } from '../../../database/database-engine';
import { type LeadRecord } from '../lead-record';
import { leadWords, searchedFields } from '../lead-words';

import { LeadEngine } from './lead-engine.repository';
import { missingEmailKeyFilter, missingWordsFilter } from './lead-queries.repository';
import { storedWords, WORDS_FIELD, WORDS_VERSION_FIELD } from './lead-words.repository';

/** DI token of one kind's LeadUpkeepRepository. */
export const leadUpkeepToken = (kind: LeadKindKey) => `LeadUpkeepRepository:${kind}`;

export const leadUpkeepProvider = (kind: LeadKindDescriptor): FactoryProvider => ({
  provide: leadUpkeepToken(kind.key),
  inject: [getModelToken(kind.collection), DatabaseEngine],
  useFactory: (model: Model<LeadRecord>, engine: DatabaseEngine) =>
    new LeadUpkeepRepository(kind, model, new LeadEngine(engine)),
});

/**
 * The database calls of the kind's upkeep at start-up, beside its use cases' (LeadRepository): the
 * leads stored before a derived field existed, given theirs in batches, and every lead's address
 * for the first count of the email counts.
 */
export class LeadUpkeepRepository {
  constructor(
    private readonly kind: LeadKindDescriptor,
    private readonly model: Model<LeadRecord>,
    private readonly engine: LeadEngine,
  ) {}

  /** Every lead's address and owner, in no order, read in batches (the email counts' source). */
  emails(): AsyncIterable<Pick<LeadRecord, 'email' | 'assigneeId'>> {
    return this.model
      .find({}, { _id: 0, email: 1, assigneeId: 1 })
      .lean()
      .cursor({ batchSize: 1000 });
  }

  /** Up to `limit` leads stored before emailKey existed. */
  withoutEmailKey(limit: number): Promise<LeadRecord[]> {
    return this.model
      .find(missingEmailKeyFilter, { email: 1 })
      .limit(limit)
      .lean<LeadRecord[]>()
      .exec();
  }

  /** Up to `limit` leads without words in this engine's form, with the fields words come from. */
  async withoutWords(limit: number): Promise<LeadRecord[]> {
    const fields = Object.fromEntries(searchedFields(this.kind).map((f) => [f, 1]));
    return this.model
      .find(missingWordsFilter(await this.engine.wordsForm()), fields)
      .limit(limit)
      .lean<LeadRecord[]>()
      .exec();
  }

  /** Gives leads their email key, without touching their updatedAt. */
  async setEmailKeys(leads: readonly Pick<LeadRecord, '_id' | 'email'>[]): Promise<number> {
    if (leads.length === 0) return 0;
    const result = await this.model.bulkWrite(
      leads.map((lead) => ({
        updateOne: {
          filter: { _id: lead._id },
          update: { $set: { emailKey: emailKey(lead.email) } },
          timestamps: false,
        },
      })),
    );
    return result.matchedCount;
  }

  /**
   * Gives leads their search words in this engine's form, without touching their updatedAt, and
   * drops the other form's (leads moved from another engine); answers how many it wrote.
   */
  async setWords(leads: readonly LeadRecord[]): Promise<number> {
    if (leads.length === 0) return 0;
    const form = await this.engine.wordsForm();
    const otherForm = form === 'array' ? 'text' : 'array';
    const result = await this.model.bulkWrite(
      leads.map((lead) => ({
        updateOne: {
          filter: { _id: lead._id },
          update: {
            $set: storedWords(form, leadWords(this.kind, lead)),
            $unset: { [WORDS_FIELD[otherForm]]: '', [WORDS_VERSION_FIELD[otherForm]]: '' },
          },
          timestamps: false,
        },
      })),
    );
    return result.matchedCount;
  }
}
