import { HttpStatus, Logger } from '@nestjs/common';

import { ApiError } from '../../common/api-error';
import {
  type AdminRef,
  emailKey,
  LEAD_KINDS,
  type LeadKindKey,
  type LeadMergeMoves,
  type LeadMergeSummary,
  type LeadRef,
  type LeadUnmergeResponse,
} from '../../contract';
import { ObjectId } from '../../database/object-id';
import { type ConversationStore } from '../conversation/store/conversation.store';
import { type LeadKindParts } from '../core/lead-kinds';
import { type LeadRecord } from '../core/lead-record';
import { type LeadTimeline } from '../timeline/lead-timeline.store';

import { type LeadMergeSteps } from './lead-merge-steps';
import { type MergeRecords } from './store/merge-records.store';

/** What the merger works with: each kind's parts, the steps, and what a dry run counts. */
export interface LeadMergerParts {
  kinds: (key: LeadKindKey) => Pick<LeadKindParts, 'repository' | 'writes'>;
  steps: Pick<LeadMergeSteps, 'merge' | 'unmerge'>;
  records: Pick<MergeRecords, 'create' | 'byId' | 'holding' | 'take'>;
  timeline: Pick<LeadTimeline, 'events'>;
  conversations: Pick<ConversationStore, 'count'>;
}

const logger = new Logger('LeadMerge');

/**
 * Merging one person's requests into one lead (issue 35): the checks that refuse a merge before
 * anything is written, the dry run's answer, and the merge's record, whose steps LeadMergeSteps
 * runs. The target kind's write queue is held throughout, as for any action on its leads.
 */
export class LeadMerger {
  constructor(private readonly parts: LeadMergerParts) {}

  async merge(
    admin: AdminRef | null,
    kind: LeadKindKey,
    targetId: string,
    from: readonly LeadRef[],
    dryRun: boolean,
  ): Promise<LeadMergeSummary> {
    const named = from.map((ref) => ({ kind: ref.kind, id: ref.id.toLowerCase() }));
    refuseBadSources(kind, targetId, named);
    const { writes } = this.parts.kinds(kind);
    return writes.run(async () => {
      const merged = named.filter((ref) => ref.kind === kind);
      const linked = named.filter((ref) => ref.kind !== kind);
      await this.refuseMergedAlready([targetId, ...merged.map((ref) => ref.id)]);
      await this.found(kind, [targetId]);
      const leads = await this.found(
        kind,
        merged.map((ref) => ref.id),
      );
      for (const ref of linked) await this.found(ref.kind, [ref.id]);
      const moves = await this.moves(
        kind,
        merged.map((ref) => ref.id),
      );
      const at = new Date();
      const summary = {
        target: { kind, id: targetId },
        merged,
        linked,
        moves,
        at: at.toISOString(),
      };
      if (dryRun) return { id: null, ...summary };
      const record = await this.parts.records.create({
        kind,
        targetId,
        state: 'merging',
        sources: leads.map((lead) => ({
          id: lead._id.toHexString(),
          lead,
          eventIds: [],
          messageKeys: [],
          mergeEventId: new ObjectId(),
        })),
        linked: linked.map((ref) => ({
          ...ref,
          eventId: new ObjectId(),
          targetEventId: new ObjectId(),
        })),
        emailKeys: [...new Set(leads.map((lead) => emailKey(lead.email)))],
        unmergeEventId: null,
        admin,
        at,
        touchedAt: at,
      });
      // From here the merge is acknowledged: a step that fails is finished by the merges' check.
      await this.parts.steps.merge(record).catch((error: unknown) => {
        logger.warn({ err: error, mergeId: record._id.toHexString() }, 'merge left midway');
        throw error;
      });
      return { id: record._id.toHexString(), ...summary };
    });
  }

  /** Takes a merge back: each merged lead in its list again, as it was, with what it had. */
  async unmerge(
    admin: AdminRef | null,
    kind: LeadKindKey,
    targetId: string,
    mergeId: string,
  ): Promise<LeadUnmergeResponse> {
    const { writes } = this.parts.kinds(kind);
    return writes.run(async () => {
      const record = await this.parts.records.byId(mergeId);
      if (!record || record.kind !== kind || record.targetId !== targetId)
        throw new ApiError(HttpStatus.NOT_FOUND, `No merge ${mergeId} into lead ${targetId}`);
      if (record.state === 'merging')
        throw new ApiError(HttpStatus.CONFLICT, `Merge ${mergeId} is still being done; try again`);
      if (record.state === 'merged') {
        const unmergeEventId = new ObjectId();
        if (!(await this.parts.records.take({ ...record, unmergeEventId }, 'unmerging')))
          throw new ApiError(HttpStatus.CONFLICT, `Merge ${mergeId} is being taken back already`);
        record.unmergeEventId = unmergeEventId;
        record.state = 'unmerging';
      }
      await this.parts.steps.unmerge(record, admin);
      return {
        success: true,
        restored: record.sources.map((source) => ({ kind, id: source.id })),
        unlinked: record.linked.map((link) => ({ kind: link.kind, id: link.id })),
      };
    });
  }

  /** 409 for a lead merged into another already (or being merged): it is in no list now. */
  private async refuseMergedAlready(ids: readonly string[]): Promise<void> {
    const held = await this.parts.records.holding(ids);
    for (const record of held)
      for (const source of record.sources)
        if (ids.includes(source.id))
          throw new ApiError(
            HttpStatus.CONFLICT,
            `Lead ${source.id} was merged into ${record.targetId} already (merge ${record._id.toHexString()})`,
          );
  }

  /** The leads of these ids, all of them (404 naming the first missing: nothing is changed). */
  private async found(kind: LeadKindKey, ids: readonly string[]): Promise<LeadRecord[]> {
    if (ids.length === 0) return [];
    const found = await this.parts.kinds(kind).repository.findByIds(ids);
    const missing = ids.find((id) => !found.some((lead) => lead._id.toHexString() === id));
    if (missing)
      throw new ApiError(
        HttpStatus.NOT_FOUND,
        `No ${LEAD_KINDS[kind].logName} request with id ${missing}`,
      );
    return ids.map((id) => found.find((lead) => lead._id.toHexString() === id) as LeadRecord);
  }

  /** What moving these leads' records moves (each read by `_id`). */
  private async moves(kind: LeadKindKey, ids: readonly string[]): Promise<LeadMergeMoves> {
    const moves: LeadMergeMoves = { events: 0, notes: 0, replies: 0, messages: 0 };
    for (const id of ids) {
      const [events, messages] = await Promise.all([
        this.parts.timeline.events(id),
        this.parts.conversations.count(kind, id),
      ]);
      moves.events += events.length;
      moves.notes += events.filter((event) => event.type === 'note').length;
      moves.replies += events.filter((event) => event.type === 'reply').length;
      moves.messages += messages;
    }
    return moves;
  }
}

/** 400 for a `from` that names the target, or a lead twice (the DTO checked each entry). */
function refuseBadSources(kind: LeadKindKey, targetId: string, from: readonly LeadRef[]): void {
  const errors: string[] = [];
  if (from.some((ref) => ref.kind === kind && ref.id === targetId))
    errors.push('from must not name the lead merged into');
  const seen = new Set<string>();
  for (const ref of from) {
    const key = `${ref.kind}:${ref.id}`;
    if (seen.has(key)) {
      errors.push(`from names ${ref.kind} ${ref.id} more than once`);
      break;
    }
    seen.add(key);
  }
  if (errors.length > 0)
    throw new ApiError(HttpStatus.BAD_REQUEST, errors.join('; '), { from: errors });
}
