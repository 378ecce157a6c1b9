import { Logger } from '@nestjs/common';
import { type Model } from 'mongoose';

import { type LeadRecord } from '../lead-record';
import { type CachedPage } from '../list-view/lead-list-cache';

import { type LeadQuery } from './lead-queries.repository';

const logger = new Logger('Leads');
let hintFailureLogged = false;

/** A find of leads (a Mongoose query), built again for each try. */
type LeadFind = () => ReturnType<Model<LeadRecord>['find']>;

/**
 * Every lead a find matches, read with an index hint when given. Without that index (a database
 * run with MONGODB_AUTO_INDEX=false before `npm run db:indexes`) the same read goes without the
 * hint: slower, never wrong; said once in the log.
 */
export async function hintedFind<T>(find: LeadFind, hint?: LeadQuery['hint']): Promise<T[]> {
  if (!hint) return find().lean<T[]>().exec();
  return find()
    .hint(hint)
    .lean<T[]>()
    .exec()
    .catch((error: unknown) => {
      if (!hintFailureLogged)
        logger.warn(`A hinted read failed (${String(error)}); reading without hints' help.`);
      hintFailureLogged = true;
      return find().lean<T[]>().exec();
    });
}

/** A page of a query (`limit` leads and whether more follow), read with the query's index hint. */
export async function hintedPage(
  model: Model<LeadRecord>,
  { filter, sort, hint }: LeadQuery,
  limit: number,
): Promise<CachedPage> {
  const find = () =>
    model
      .find(filter)
      .sort(sort)
      .limit(limit + 1);
  const records = await hintedFind<LeadRecord>(find, hint);
  return { records: records.slice(0, limit), hasMore: records.length > limit };
}
