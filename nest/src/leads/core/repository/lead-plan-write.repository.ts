import { type Model } from 'mongoose';

import { type LeadKindKey } from '../../../contract';
import { type ActionPlan } from '../lead-action-plan';
import { type EmailCountsKeeper, keyDeltas, ownerMovesOf } from '../lead-email-counts';
import { type LeadRecord } from '../lead-record';

import { conditionFilter } from './lead-conditions.repository';
import { idsFilter } from './lead-queries.repository';

/**
 * Writes a plan to its targets in one call and answers how many it changed: fewer than planned
 * means another process changed some of them since they were read. The addresses' counts follow
 * (otherRequests by owner).
 *
 * FerretDB 1.x (`byIndex` false) looks up a filter of `_id` alone directly and reads the whole
 * collection for any other (`$in` too), and it isolates no write, so a condition there would guard
 * nothing: there each lead is written by its `_id` (one `bulkWrite`), and the kind's write queue
 * is what keeps a change from racing another. A plan that sets each lead its own fields (a rule's
 * round) is one `bulkWrite` on every engine, each statement under the plan's condition where
 * the engine can hold it.
 */
export async function writePlan(
  model: Model<LeadRecord>,
  counts: EmailCountsKeeper,
  kind: LeadKindKey,
  { targets, condition, effect }: ActionPlan,
  byIndex: boolean,
): Promise<number> {
  const guard = byIndex ? conditionFilter(condition) : {};
  const all = () => ({ ...idsFilter(targets.map((lead) => lead._id)), ...guard });
  if (effect === 'remove') {
    const { deletedCount } = byIndex
      ? await model.deleteMany(all()).exec()
      : await model.bulkWrite(
          targets.map((lead) => ({ deleteOne: { filter: { _id: lead._id } } })),
        );
    if (deletedCount > 0) await counts.change(keyDeltas(kind, targets, -1));
    return deletedCount;
  }
  const setOf = (lead: LeadRecord): Partial<LeadRecord> => ({
    ...effect.set,
    ...effect.each?.get(lead._id.toHexString()),
  });
  const { modifiedCount } =
    byIndex && !effect.each
      ? await model.updateMany(all(), { $set: effect.set }, { timestamps: false }).exec()
      : await model.bulkWrite(
          targets.map((lead) => ({
            updateOne: {
              filter: { _id: lead._id, ...guard },
              update: { $set: setOf(lead) },
              timestamps: false,
            },
          })),
        );
  await counts.change(ownerMovesOf(kind, targets, setOf, modifiedCount));
  return modifiedCount;
}
