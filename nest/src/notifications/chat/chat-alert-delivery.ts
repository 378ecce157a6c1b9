import { Injectable } from '@nestjs/common';

import { AppConfig } from '../../config/app-config';
import { type ChatAlertEvent, type ChatChannel, type Lead, type LeadKind } from '../../contract';
import { type OutboxJob } from '../notification-outbox.store';
import { type NotificationStatus } from '../notification.schema';

import { leadLink } from './chat-alert';
import { ChatAlertOutbox } from './chat-alert-outbox.store';
import { ChatPoster } from './chat-poster';

/** What came of one attempt at a chat alert (a failure is thrown instead). */
export type ChatAttempt =
  | { outcome: 'sent' }
  /** Nothing to post after all (the lead is gone, in Spam, or was answered in time). */
  | { outcome: 'skipped'; reason: string }
  /** Not yet: an overdue check before the lead's due time. Not an attempt. */
  | { outcome: 'later'; at: Date }
  /** Settled before as sent or failed, and queued again since: not posted again. */
  | { outcome: 'settled'; as: NotificationStatus };

/**
 * Waiting on us, as a lead's `overdue` counts it: active, and still `new` or written to us after
 * our reply (issue 33; its `dueAt` then follows that wait).
 */
const waitingForReply = (lead: Lead) =>
  lead.spamAt === null &&
  lead.archivedAt === null &&
  (lead.stage === 'new' || lead.awaitingReplySince !== null);

/** What the lead as it is now calls for: post it, skip it, or check again later. */
function decide(
  event: ChatAlertEvent,
  lead: Lead | null,
): Exclude<ChatAttempt, { outcome: 'sent' | 'settled' }> | { outcome: 'post'; lead: Lead } {
  if (!lead) return { outcome: 'skipped', reason: 'the lead no longer exists' };
  if (lead.spamAt !== null) return { outcome: 'skipped', reason: 'the lead is in Spam' };
  if (event === 'overdue') {
    if (!waitingForReply(lead))
      return { outcome: 'skipped', reason: 'answered, moved on or archived before it was due' };
    // Overdue once its due time has passed: one millisecond after it.
    if (!lead.overdue) return { outcome: 'later', at: new Date(Date.parse(lead.dueAt) + 1) };
  }
  return { outcome: 'post', lead };
}

/**
 * Decides and posts one chat alert of the outbox, from the lead as it is now (read by the worker,
 * its `dueAt` and `overdue` against its kind's due clock): an overdue alert only for a lead still
 * waiting past its due time, checked again at that time if it is not yet. Below the lead core: it
 * sees the contract's Lead, never a stored one.
 */
@Injectable()
export class ChatAlertDelivery {
  constructor(
    private readonly poster: ChatPoster,
    private readonly outbox: ChatAlertOutbox,
    private readonly config: AppConfig,
  ) {}

  async attempt(
    job: OutboxJob & { channel: ChatChannel },
    kind: LeadKind,
    lead: Lead | null,
  ): Promise<ChatAttempt> {
    const event = job.event ?? 'newLead';
    const decision = decide(event, lead);
    if (decision.outcome === 'later') return decision;
    // Before it is posted or skipped for good: the same alert may have settled already (raised
    // again since, or left queued by a stop just after settling). Sent or failed stays as it was.
    const before = await this.outbox.settledAs(job);
    if (before !== null && before !== 'skipped') return { outcome: 'settled', as: before };
    if (decision.outcome !== 'post') return decision;
    const link = leadLink(this.config.webUrl, kind, job.leadId);
    await this.poster.post(job.channel, { event, kind, lead: decision.lead, link });
    return { outcome: 'sent' };
  }
}
