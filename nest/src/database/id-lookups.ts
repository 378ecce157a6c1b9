import { Injectable } from '@nestjs/common';
import { type FilterQuery, type Model, trusted } from 'mongoose';

import { DatabaseEngine } from './database-engine';

/**
 * Documents by `_id`, read as the engine serves several ids best: one `$in` where an index serves
 * it; one `_id` lookup each on FerretDB 1.x, which looks an `_id` equality up directly but reads
 * the whole collection for anything else. Stores that read a handful of documents by key use it,
 * so none of them asks the engine itself.
 */
@Injectable()
export class IdLookups {
  constructor(private readonly engine: DatabaseEngine) {}

  async find<T extends { _id: unknown }>(
    model: Model<T>,
    ids: readonly T['_id'][],
    /** Fields left out (`{x: 0}`), where a caller needs only part of each document. */
    projection?: Record<string, 0>,
  ): Promise<T[]> {
    if (ids.length === 0) return [];
    if (await this.engine.wholeCollectionEngine()) {
      const found = await Promise.all(
        ids.map((id) => model.findById(id, projection).lean<T>().exec()),
      );
      return found.filter((doc): doc is NonNullable<typeof doc> => doc !== null) as T[];
    }
    const filter = { _id: trusted({ $in: ids }) } as FilterQuery<T>;
    return model.find(filter, projection).lean<T[]>().exec();
  }
}
