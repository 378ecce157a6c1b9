import { HttpStatus } from '@nestjs/common';

import { ApiError } from '../../common/api-error';
import { type LeadKind, type LeadKindKey, type TimelineEvent } from '../../contract';
import { type LeadRepository } from '../core/lead.repository';
import { type LeadTimeline } from '../timeline/lead-timeline';
import { toTimelineEvents } from '../timeline/timeline-events';

/**
 * Working one lead of a kind beyond the list actions: its timeline (and, on it, notes and replies).
 * Every call starts from the lead itself, read by `_id`: an unknown id is a 404 before anything.
 */
export class LeadWork<K extends LeadKindKey = LeadKindKey> {
  constructor(
    readonly kind: LeadKind<K>,
    private readonly leads: LeadRepository,
    private readonly timeline: LeadTimeline,
  ) {}

  /** The lead's timeline, oldest first, from its arrival. */
  async timelineOf(id: string): Promise<TimelineEvent[]> {
    const [record, stored] = await Promise.all([this.leads.findById(id), this.timeline.events(id)]);
    if (!record) throw this.notFound(id);
    return toTimelineEvents(record, stored);
  }

  protected notFound(id: string): ApiError {
    return new ApiError(HttpStatus.NOT_FOUND, `No ${this.kind.logName} request with id ${id}`);
  }
}
