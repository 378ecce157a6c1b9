import { Injectable } from '@nestjs/common';

import { LeadKinds } from '../leads/core/lead-kinds';
import { type LeadRecord } from '../leads/core/lead-record';

import { FollowUpOutbox } from './follow-up-outbox.store';
import { NotificationChannels } from './notification-channels';
import { NotificationOutbox, type OutboxJob } from './notification-outbox.store';

/**
 * A follow-up's time came (its `follow-up` row was claimed, at most one worker at a time): the
 * owner's email is queued first, under an `_id` made of the follow-up, then the lead returns
 * (Needs reply, unread, the timeline's `follow-up` `due`), then the row settles. A stop anywhere
 * in between leaves the row to be claimed again: the lead then still has this follow-up (queued
 * again: the same row) or has it no more (returned: settled as skipped), so the lead returns once
 * and the email is queued once.
 */
@Injectable()
export class FollowUpReturn {
  constructor(
    private readonly kinds: LeadKinds,
    private readonly outbox: NotificationOutbox,
    private readonly followUps: FollowUpOutbox,
    private readonly channels: NotificationChannels,
  ) {}

  async attempt(job: OutboxJob, record: LeadRecord | null): Promise<void> {
    const at = new Date(job.ref ?? '');
    if (!record || record.followUpAt?.getTime() !== at.getTime()) {
      // Cleared, moved or returned since, or the lead is gone: nothing comes of this row.
      await this.outbox.settle({ ...job, status: 'skipped', lastError: null });
      return;
    }
    const access = this.kinds.of(job.kind);
    if (record.assigneeId && this.channels.canReply())
      await this.followUps.queue('follow-up-email', access.kind, job.leadId, at);
    await access.followUpDue(job.leadId, at);
    await this.outbox.sent(job);
  }
}
