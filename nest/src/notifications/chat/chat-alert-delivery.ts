import { Injectable } from '@nestjs/common';

import { AppConfig } from '../../config/app-config';
import { type ChatAlertEvent, type ChatChannel, type LeadKind } from '../../contract';
import {
  type DueClock,
  dueOf,
  type LeadRecord,
  listOf,
  stageOf,
  toLead,
} from '../../leads/core/lead-record';

import { leadLink } from './chat-alert';
import { ChatPoster } from './chat-poster';

/** What came of one attempt at a chat alert (a failure is thrown instead). */
export type ChatAttempt =
  | { outcome: 'sent' }
  /** Nothing to post after all (the lead is gone, in Spam, or was answered in time). */
  | { outcome: 'skipped'; reason: string }
  /** Not yet: an overdue check before the lead's due time. Not an attempt. */
  | { outcome: 'later'; at: Date };

/** Waiting for a first reply: active and still `new`, as `dueOf` counts a lead overdue. */
const waitingForReply = (record: LeadRecord) =>
  listOf(record) === 'active' && stageOf(record) === 'new';

/**
 * Decides and posts one chat alert of the outbox, from the lead as it is now (read by the worker)
 * and its kind's due clock: an overdue alert only for a lead still waiting past its due time,
 * checked again at that time if it is not yet.
 */
@Injectable()
export class ChatAlertDelivery {
  constructor(
    private readonly poster: ChatPoster,
    private readonly config: AppConfig,
  ) {}

  async attempt(
    job: { channel: ChatChannel; event?: ChatAlertEvent; leadId: string },
    kind: LeadKind,
    record: LeadRecord | null,
    clock: DueClock,
  ): Promise<ChatAttempt> {
    const event = job.event ?? 'newLead';
    if (!record) return { outcome: 'skipped', reason: 'the lead no longer exists' };
    if (listOf(record) === 'spam') return { outcome: 'skipped', reason: 'the lead is in Spam' };
    if (event === 'overdue') {
      if (!waitingForReply(record))
        return { outcome: 'skipped', reason: 'answered, moved on or archived before it was due' };
      const { dueAt, overdue } = dueOf(record, clock);
      // Overdue once its due time has passed (dueOf): one millisecond after it.
      if (!overdue) return { outcome: 'later', at: new Date(dueAt.getTime() + 1) };
    }
    const lead = toLead(kind, record, clock);
    const link = leadLink(this.config.webUrl, kind, job.leadId);
    await this.poster.post(job.channel, { event, kind, lead, link });
    return { outcome: 'sent' };
  }
}
