import { Logger } from '@nestjs/common';
import { type Model } from 'mongoose';

import { type LeadRecord } from '../lead-record';
import { type CachedPage } from '../list-view/lead-list-cache';

import { type LeadQuery } from './lead-queries.repository';

const logger = new Logger('Leads');
let hintFailureLogged = false;

/**
 * A page of a query (`limit` leads and whether more follow), read with the query's index hint.
 * Without that index (a database run with MONGODB_AUTO_INDEX=false before `npm run db:indexes`)
 * the same read goes without the hint: slower, never wrong; said once in the log.
 */
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
  const records = await (hint ? find().hint(hint) : find())
    .lean<LeadRecord[]>()
    .exec()
    .catch((error: unknown) => {
      if (!hint) throw error;
      if (!hintFailureLogged)
        logger.warn(`A hinted read failed (${String(error)}); reading without hints' help.`);
      hintFailureLogged = true;
      return find().lean<LeadRecord[]>().exec();
    });
  return { records: records.slice(0, limit), hasMore: records.length > limit };
}
