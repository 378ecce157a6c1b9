import { type FilterQuery, trusted } from 'mongoose';

import { type LeadList } from '../../../contract';
import { ObjectId } from '../../../database/object-id';
import { type LeadCondition } from '../lead-condition';
import { type LeadRecord } from '../lead-record';

import { stateFilter } from './lead-queries.repository';

/**
 * A plan's condition (lead-condition.ts) as the filter a write goes under. A field stored before it
 * existed is absent, which `null` matches and `$ne: null` does not: so "unset" is `null`, and a lead
 * without a stage or an owner differs from any stage or owner named.
 */
export function conditionFilter(condition: LeadCondition): FilterQuery<LeadRecord> {
  if ('always' in condition) return {};
  if ('enteredBefore' in condition)
    return condition.list === 'archived'
      ? archivedBeforeFilter(condition.enteredBefore)
      : spamBeforeFilter(condition.enteredBefore);
  if ('unownedIn' in condition) return { ...stateFilter('active'), assigneeId: null };
  if ('list' in condition)
    return condition.in ? stateFilter(condition.list) : outOfListFilter(condition.list);
  switch (condition.field) {
    case 'readAt':
    case 'firstResponseAt':
    case 'awaitingReplySince':
      return {
        [condition.field]: condition.is === 'unset' ? null : trusted({ $ne: null }),
      };
    case 'stage':
      return { stage: trusted({ $ne: condition.not }) };
    case 'assignee':
      return {
        assigneeId: trusted({ $ne: condition.not === null ? null : new ObjectId(condition.not) }),
      };
  }
}

/** In any list but this one: out of Spam is `spamAt: null`; out of another, not in it. */
function outOfListFilter(list: LeadList): FilterQuery<LeadRecord> {
  return list === 'spam' ? { spamAt: null } : { $nor: [stateFilter(list)] };
}

/** Archived leads that left the inbox before `cutoff` (the retention run's); spam keeps its own time. */
export function archivedBeforeFilter(cutoff: Date): FilterQuery<LeadRecord> {
  return { archivedAt: trusted({ $lt: cutoff }), spamAt: null };
}

/** Leads that went to Spam before `cutoff` (the retention run's; null is never before a date). */
export function spamBeforeFilter(cutoff: Date): FilterQuery<LeadRecord> {
  return { spamAt: trusted({ $lt: cutoff }) };
}
