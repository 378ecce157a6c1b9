import { Schema, type SchemaDefinition } from 'mongoose';

import {
  characterCount,
  FIELD_LIMITS,
  type LeadKindDescriptor,
  LEAD_LISTS,
  LEAD_STAGES,
  SPAM_REASONS,
} from '../../contract';
import { type ProofVerdict } from '../intake/proof-verdict';

import { sortSpec } from './lead-order';
import { type StoredLeadSource } from './lead-source';

const PROOF_STATUSES = [
  'trusted',
  'valid',
  'missing',
  'invalid',
  'reused',
  'unchecked',
] as const satisfies readonly ProofVerdict['status'][];

/** The `source` subdocument: absent on a lead that came without one. */
const leadSourceSchema = new Schema<StoredLeadSource>(
  {
    utm_source: String,
    utm_medium: String,
    utm_campaign: String,
    utm_term: String,
    utm_content: String,
    referrer: String,
    landingPath: String,
    startedAt: Date,
  },
  { _id: false, strict: 'throw' },
);

/**
 * A required, bounded string path, as every lead text field is stored. The bound counts characters
 * as the contract and the DTOs do (Mongoose's `maxlength` counts UTF-16 units, and would refuse at
 * the database a lead the API had accepted).
 */
export function leadText(max: number, required = true) {
  return {
    type: String,
    required,
    trim: true,
    validate: {
      validator: (value: string) => characterCount(value) <= max,
      message: `{PATH} must be at most ${max} characters`,
    },
    ...(required ? {} : { default: '' }),
  };
}

/** A kind's own schema paths (each a leadText()), beside the fields every kind shares. */
export type LeadKindFields = SchemaDefinition;

/**
 * The schema every kind shares (contact details, timestamps, archive state and the list index),
 * extended with the kind's own fields.
 */
export function createLeadSchema(kind: LeadKindDescriptor, ownFields: LeadKindFields): Schema {
  const schema = new Schema(
    {
      name: leadText(FIELD_LIMITS.name),
      email: leadText(FIELD_LIMITS.email),
      // The email as compared (emailKey()): finds a person's leads for access and erasure.
      emailKey: { type: String },
      phone_number: leadText(FIELD_LIMITS.phone_number, false),
      // What a search finds the lead by (lead-words.ts), in one of two forms by engine: `words` on
      // an indexed one, `wordText` on FerretDB 1.x. Written at intake, filled in at start for leads
      // stored before (or on another engine). No default: a missing one is what the fill looks for.
      words: { type: [String], default: undefined },
      wordText: { type: String },
      // Which fields those words were made of (WORDS_VERSION): older ones are made again at start.
      wordsVersion: { type: Number },
      wordTextVersion: { type: Number },
      ...ownFields,
      // null while active. A date rather than a flag: the archive is ordered by when leads left the inbox.
      archivedAt: { type: Date, default: null },
      // null until an admin opens the lead or marks it read.
      readAt: { type: Date, default: null },
      // Every lead arrives `new`. Leads stored before stages have none, and are read as `new`
      // (stageOf(); stageFilter() finds them with the `new` ones).
      stage: { type: String, enum: LEAD_STAGES, default: 'new' },
      // The owner; null (or absent, on leads stored before owners) while nobody has taken it.
      assigneeId: { type: Schema.Types.ObjectId, default: null },
      assigneeEmail: { type: String, default: null },
      // Why the kind's assignment rule found nobody for it (AssignmentWaitReason); absent or null
      // once it has an owner or was never waiting. The back-from-away sweep looks for these.
      assignWaiting: { type: String, default: undefined },
      // The rule's `assign` as the lead arrived (its detail), shown in its timeline; absent if none.
      ruleAtArrival: { type: Schema.Types.Mixed, default: undefined },
      // When the first reply was queued; null until then.
      firstResponseAt: { type: Date, default: null },
      // When its open wait began (it wrote after our last reply, issue 33); null: none open.
      awaitingReplySince: { type: Date, default: null },
      // An admin's follow-up ("Remind me", issue 32): out of Needs reply until then; null: none.
      followUpAt: { type: Date, default: null },
      // The first touch of the visit that brought it (issue 23); absent when none was sent.
      source: { type: leadSourceSchema, default: undefined },
      // What the intake's proof of work said of the submission (ProofVerdict's status).
      proof: { type: String, enum: PROOF_STATUSES },
      // When the lead was held as spam (the Spam list), and why; null and none while it is not.
      // The retention run deletes spam SPAM_RETENTION_DAYS after spamAt.
      spamAt: { type: Date, default: null },
      spamReasons: { type: [{ type: String, enum: SPAM_REASONS }], default: [] },
    },
    {
      collection: kind.collection,
      timestamps: true,
      versionKey: false,
      strict: 'throw',
      strictQuery: 'throw',
    },
  );
  // Every list index leads with `spamAt` (null outside the Spam list, decision 0019): the active
  // and archived lists pin it with an equality, so spam is never in their scans.
  // Serves both lists with an index-ordered scan: active = {spamAt: null, archivedAt: null}
  // sorted by (createdAt, _id) desc; archived = archivedAt range sorted by (archivedAt, createdAt,
  // _id) desc.
  schema.index({ spamAt: 1, archivedAt: -1, createdAt: -1, _id: -1 });
  // Each list's own order alone: the Spam list (spamAt range, newest held first), and the index a
  // list's newest window is read through on DocumentDB (lead.repository.ts, decision 0021), where
  // the list indexes' `spamAt: null` and `archivedAt: null` terms cost a pass over nine leads in ten.
  for (const state of LEAD_LISTS) schema.index(sortSpec(state));
  // A search (lead-queries.ts's searchFilter) has two shapes of cost, and MongoDB's planner races
  // the plans of these two indexes and keeps the faster (decision 0014):
  // - a rare word: its prefix range on the words first, then the list's keys; the few matches
  //   are sorted in memory.
  // - a common word: the list's order first, the words last, read from the index keys, so the
  //   scan walks the list newest first and stops once a page has matched.
  schema.index({ words: 1, spamAt: 1, archivedAt: -1, createdAt: -1, _id: -1 });
  schema.index({ spamAt: 1, archivedAt: -1, createdAt: -1, _id: -1, words: 1 });
  // The start-up fill's leads without words of this version (missingWordsFilter): none once done.
  schema.index({ wordsVersion: 1 });
  // The unread count of the inbox (kept; counted only by the totals check).
  schema.index({ spamAt: 1, archivedAt: -1, readAt: 1 });
  // The retention run's shapes are served by the list indexes: spam past its time is a spamAt
  // range on the Spam list's; archived leads past theirs (spamAt null, an archivedAt range) are
  // the archived list's.
  // A list narrowed to stages (stageFilter): the stages' ranges, each in the list's order.
  schema.index({ stage: 1, spamAt: 1, archivedAt: -1, createdAt: -1, _id: -1 });
  // A list narrowed to one owner or to nobody's (assigneeFilter), in either list's order; and a
  // removed admin's leads, found to clear their owner.
  schema.index({ assigneeId: 1, spamAt: 1, archivedAt: -1, createdAt: -1, _id: -1 });
  // A search by an admin who sees only some owners' leads (issue 34: `assigneeId` $in theirs and
  // nobody's): each owner's list order, the words last, read from the index keys.
  schema.index({ assigneeId: 1, spamAt: 1, archivedAt: -1, createdAt: -1, _id: -1, words: 1 });
  // One owner's leads in some stages: "Mine" with a stage filter, and "Mine" of the needs-reply
  // view (read backwards).
  schema.index({ assigneeId: 1, stage: 1, spamAt: 1, archivedAt: -1, createdAt: -1, _id: -1 });
  // The needs-reply view (active `new` leads, oldest first) is the stage index above read
  // backwards, as is the overdue window (recentNewFilter: a createdAt range after the stages).
  // The kept `waiting` total's count and its overdue part (waitingCountFilter): active leads past
  // `new` with an open wait; and the needs-reply view's waiting leads (waitsOnUsFilter).
  schema.index({ spamAt: 1, archivedAt: -1, awaitingReplySince: 1, stage: 1 });
  // The kept `snoozed` total's count (snoozedCountFilter): active leads with a follow-up set.
  schema.index({ spamAt: 1, archivedAt: -1, followUpAt: 1 });
  // Insights: the leads that arrived in a range of days, spam left out (arrivalsFilter).
  schema.index({ spamAt: 1, createdAt: 1 });
  // A person's leads (privacy access and erasure).
  schema.index({ emailKey: 1 });
  // The leads an assignment rule left waiting, oldest first (the back-from-away sweep), and the
  // open leads' owners (each admin's open leads counted when a rule is switched on).
  schema.index({ assignWaiting: 1, createdAt: 1, _id: 1 });
  schema.index({ spamAt: 1, archivedAt: -1, assigneeId: 1, stage: 1 });
  return schema;
}
