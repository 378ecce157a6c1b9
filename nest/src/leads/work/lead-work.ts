import { HttpStatus } from '@nestjs/common';

import { ApiError } from '../../common/api-error';
import {
  type AdminRef,
  characterCount,
  type LeadKind,
  type LeadKindKey,
  type LeadNote,
  type LeadReplyRequest,
  type RelatedLead,
  type TimelineEvent,
} from '../../contract';
import { ObjectId } from '../../database/object-id';
import { type LeadNotifier } from '../../notifications/lead-notifier.service';
import { replyThread } from '../../notifications/reply-message';
import { planFirstResponse } from '../core/lead-action-plan';
import { type LeadKindAccess } from '../core/lead-kinds';
import { type LeadRecord } from '../core/lead-record';
import { currentScope, seesOwner, UNASSIGNED_KEY } from '../core/lead-scope';
import { type LeadWrites } from '../core/lead-writes';
import { type LeadRepository } from '../core/repository/lead.repository';
import { type LeadTimeline } from '../timeline/lead-timeline.store';
import { toTimelineEvents } from '../timeline/timeline-events';

/** How much of a related request's own text its summary shows. */
const SUMMARY_MAX = 140;

/** What LeadWork works with besides the kind's repository and the timelines. */
export interface LeadWorkParts {
  /** The kind's write queue, that a first reply's change goes through as any action's. */
  writes: Pick<LeadWrites, 'run' | 'commit'>;
  notifier: Pick<LeadNotifier, 'canReply' | 'queueReply' | 'replyDeliveries'>;
  /** Every kind's people, for a person's other requests. */
  kinds: { readonly all: readonly Pick<LeadKindAccess, 'kind' | 'people'>[] };
  /** NOTIFY_FROM: replies' From, and the domain of their Message-IDs. */
  from: string;
}

/**
 * Working one lead of a kind beyond the list actions: its timeline, notes and replies, and the
 * person's other requests. Every call starts from the lead itself, read by `_id`: an unknown id is
 * a 404 before anything.
 */
export class LeadWork<K extends LeadKindKey = LeadKindKey> {
  constructor(
    readonly kind: LeadKind<K>,
    private readonly leads: Pick<LeadRepository, 'findById'>,
    private readonly timeline: Pick<LeadTimeline, 'events' | 'append' | 'removeEvent'>,
    private readonly parts: LeadWorkParts,
  ) {}

  /** The lead's timeline, oldest first, from its arrival, each reply as its delivery stands. */
  async timelineOf(id: string): Promise<TimelineEvent[]> {
    const [record, stored] = await Promise.all([this.leads.findById(id), this.timeline.events(id)]);
    if (!record) throw this.notFound(id);
    const replyIds = stored.flatMap((e) =>
      e.type === 'reply' && typeof e.detail.id === 'string' ? [e.detail.id] : [],
    );
    const deliveries = await this.parts.notifier.replyDeliveries(replyIds);
    return toTimelineEvents(record, stored, (replyId) => deliveries.get(replyId));
  }

  /** Adds an internal note to the lead's timeline; the note's id is its event's. */
  async addNote(admin: AdminRef, id: string, text: string): Promise<LeadNote> {
    await this.lead(id);
    const noteId = new ObjectId();
    const at = new Date();
    await this.timeline.append(this.kind.key, [
      { leadId: id, type: 'note', admin, detail: { text }, id: noteId, at },
    ]);
    return { id: noteId.toHexString(), text, admin, at: at.toISOString() };
  }

  /** Deletes a note: its author only (403 for anyone else), 404 for one the lead doesn't have. */
  async deleteNote(admin: AdminRef, id: string, noteId: string): Promise<void> {
    await this.lead(id);
    const note = (await this.timeline.events(id)).find(
      (event) => event.type === 'note' && event._id.toHexString() === noteId,
    );
    if (!note) throw new ApiError(HttpStatus.NOT_FOUND, `No note with id ${noteId} on lead ${id}`);
    if (note.adminId?.toHexString() !== admin.id)
      throw new ApiError(HttpStatus.FORBIDDEN, 'Only the note’s author may delete it');
    const adminId = new ObjectId(admin.id);
    if (!(await this.timeline.removeEvent(id, noteId, { type: 'note', adminId })))
      throw new ApiError(HttpStatus.NOT_FOUND, `No note with id ${noteId} on lead ${id}`);
  }

  /**
   * Queues a reply to the lead by email (sent by the outbox worker) and answers its id. The reply
   * is on the timeline with its mail's threading before it is queued; the first one records
   * `firstResponseAt` and moves a `new` lead to `contacted`, in one committed change (totals,
   * cached heads and the stage event as for any action).
   */
  async reply(admin: AdminRef, id: string, { subject, text }: LeadReplyRequest): Promise<string> {
    if (!this.parts.notifier.canReply())
      throw new ApiError(
        HttpStatus.CONFLICT,
        'Replies are sent by email, and SMTP_URL is not set: set SMTP_URL to reply from here',
      );
    // In the kind's write queue: two replies to one lead at once still thread one after the other.
    const record = await this.parts.writes.run(async () => {
      const found = await this.lead(id);
      const replyId = new ObjectId();
      const thread = replyThread(
        await this.timeline.events(id),
        replyId.toHexString(),
        this.parts.from,
      );
      await this.timeline.append(this.kind.key, [
        {
          leadId: id,
          type: 'reply',
          admin,
          id: replyId,
          detail: { id: replyId.toHexString(), subject, text, to: found.email, ...thread },
        },
      ]);
      try {
        await this.parts.notifier.queueReply(this.kind, id, replyId.toHexString());
      } catch (error) {
        // Not queued: the timeline must not show a reply that will never go.
        await this.timeline.removeEvent(id, replyId.toHexString(), { type: 'reply' });
        throw error;
      }
      if (!found.firstResponseAt)
        await this.parts.writes.commit(planFirstResponse(found, new Date()), admin);
      return { found, replyId: replyId.toHexString() };
    });
    return record.replyId;
  }

  /** The person's other requests, in any kind, newest first (found by their email address). */
  async related(id: string): Promise<RelatedLead[]> {
    const record = await this.lead(id);
    const found = await Promise.all(
      this.parts.kinds.all.map(async ({ kind, people }) => {
        // Only the requests the viewer sees of each kind (issue 34): the rest are not there.
        const scope = currentScope(kind.key);
        const seen = (await people.findByEmail(record.email)).filter((lead) =>
          seesOwner(scope, lead.assignee?.id ?? UNASSIGNED_KEY),
        );
        return seen.map((lead): RelatedLead => ({
          kind: kind.key,
          id: lead._id,
          createdAt: lead.createdAt,
          stage: lead.stage,
          archived: lead.archivedAt !== null,
          summary: summaryOf(String(Reflect.get(lead, kind.textField) ?? '')),
        }));
      }),
    );
    return found
      .flat()
      .filter((lead) => !(lead.kind === this.kind.key && lead.id === id))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  }

  private async lead(id: string): Promise<LeadRecord> {
    const record = await this.leads.findById(id);
    if (!record) throw this.notFound(id);
    return record;
  }

  protected notFound(id: string): ApiError {
    return new ApiError(HttpStatus.NOT_FOUND, `No ${this.kind.logName} request with id ${id}`);
  }
}

/** A request's own text on one line, cut to SUMMARY_MAX characters (whole code points). */
function summaryOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (characterCount(line) <= SUMMARY_MAX) return line;
  return `${[...line].slice(0, SUMMARY_MAX - 1).join('')}…`;
}
