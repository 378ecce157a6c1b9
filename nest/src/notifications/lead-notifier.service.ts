import { Injectable, Logger } from '@nestjs/common';

import { type LeadKindDescriptor, type LeadKindKey } from '../contract';
import { type ReplyDelivery } from '../leads/timeline/timeline-events';

import { ChatAlertQueue } from './chat/chat-alert-queue';
import { FollowUpOutbox } from './follow-up-outbox.store';
import { NotificationChannels } from './notification-channels';
import { NotificationOutbox } from './notification-outbox.store';

/**
 * Queues a lead's notifications and chat alerts. The event methods never throw: notifying must
 * not fail the intake or the action that raised the event.
 */
@Injectable()
export class LeadNotifier {
  private readonly logger = new Logger('Notifications');

  constructor(
    private readonly outbox: NotificationOutbox,
    private readonly channels: NotificationChannels,
    private readonly chat: ChatAlertQueue,
    private readonly followUps: FollowUpOutbox,
  ) {}

  /**
   * A follow-up was set for `at`: its return is queued for then. Throws: the caller sets it only
   * once queued, so no follow-up is stored that would never come.
   */
  async queueFollowUp(kind: LeadKindDescriptor, leadId: string, at: Date): Promise<void> {
    await this.followUps.queue('follow-up', kind, leadId, at);
  }

  /** A follow-up was cleared or moved: its queued return goes (one left is skipped when due). */
  async dropFollowUp(kind: LeadKindDescriptor, leadId: string, at: Date): Promise<void> {
    await this.safely(kind, leadId, () => this.followUps.drop(kind, leadId, at));
  }

  /** Drops the queued notifications of erased leads: nothing of them is sent afterwards. */
  async forget(kind: LeadKindDescriptor, leadIds: string[]): Promise<void> {
    await this.outbox.forget(kind, leadIds);
  }

  /** Whether a reply can be queued at all (SMTP_URL is set). */
  canReply(): boolean {
    return this.channels.canReply();
  }

  /** Queues a reply, whose mail is on the lead's timeline already. Throws: the caller answers. */
  async queueReply(kind: LeadKindDescriptor, leadId: string, replyId: string): Promise<void> {
    await this.outbox.queueReply(kind, leadId, replyId);
  }

  /**
   * Where each of these replies stands, by id (read by `_id`, one each: a lead has few). Pending is
   * `queued`, with the last error while it is being retried.
   */
  async replyDeliveries(replyIds: readonly string[]): Promise<Map<string, ReplyDelivery>> {
    const statuses = await this.outbox.statuses(replyIds);
    return new Map(
      [...statuses].map(([id, { status, lastError }]) => [
        id,
        {
          // A reply is never skipped (only chat alerts are): pending is queued.
          status: status === 'pending' || status === 'skipped' ? 'queued' : status,
          error: status === 'sent' ? null : lastError,
        },
      ]),
    );
  }

  /**
   * A lead arrived (or left Spam): the webhook and the email, and the chat alerts of a new lead
   * and of its due time (checked when it comes, posted if the lead is still waiting then).
   */
  async leadCreated(kind: LeadKindDescriptor, leadId: string): Promise<void> {
    const channels = this.channels.enabled();
    if (channels.length > 0)
      await this.safely(kind, leadId, () => this.outbox.queueLead(kind, leadId, channels));
    await this.safely(kind, leadId, () => this.chat.queue(kind, leadId, ['newLead', 'overdue']));
  }

  /**
   * A lead wrote again (`messageId` names the message in its conversation): the `lead.message`
   * webhook event, its owner's "X wrote again" email when it has an owner, and its chat alert,
   * each once per message.
   */
  async leadWroteAgain(
    kind: LeadKindDescriptor,
    leadId: string,
    messageId: string,
    hasOwner = false,
  ): Promise<void> {
    const channels = this.channels.messageChannels(hasOwner);
    if (channels.length > 0)
      await this.safely(kind, leadId, () =>
        this.outbox.queueMessage(kind, leadId, messageId, channels),
      );
    await this.safely(kind, leadId, () => this.chat.queue(kind, leadId, ['wroteAgain'], messageId));
  }

  /**
   * These kinds' due times changed (a response target; later the team calendar): the pending
   * overdue checks are read again now, so a shortened target alerts on time.
   */
  async dueTimesChanged(kinds: readonly LeadKindKey[]): Promise<void> {
    try {
      await this.chat.recheckOverdue(kinds);
    } catch (error) {
      // The alerts still come, at the due times read before: late for a shortened target.
      this.logger.warn({ err: error, kinds }, 'could not move overdue checks to the new due times');
    }
  }

  private async safely(
    kind: LeadKindDescriptor,
    leadId: string,
    queue: () => Promise<unknown>,
  ): Promise<void> {
    try {
      await queue();
    } catch (error) {
      // The lead itself is stored; only its notification is missing, and the log says which.
      this.logger.error(
        { err: error, kind: kind.key, leadId },
        'could not queue lead notification',
      );
    }
  }
}
