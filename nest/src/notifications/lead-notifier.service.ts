import { Injectable, Logger } from '@nestjs/common';

import { type LeadKindDescriptor } from '../contract';
import { type ReplyDelivery } from '../leads/timeline/timeline-events';

import { NotificationChannels } from './notification-channels';
import { NotificationOutbox } from './notification-outbox.store';

/** Queues a new lead's notifications. Never throws: notifying must not fail the intake. */
@Injectable()
export class LeadNotifier {
  private readonly logger = new Logger('Notifications');

  constructor(
    private readonly outbox: NotificationOutbox,
    private readonly channels: NotificationChannels,
  ) {}

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
          status: status === 'pending' ? 'queued' : status,
          error: status === 'sent' ? null : lastError,
        },
      ]),
    );
  }

  async leadCreated(kind: LeadKindDescriptor, leadId: string): Promise<void> {
    const channels = this.channels.enabled();
    if (channels.length === 0) return;
    try {
      await this.outbox.queueLead(kind, leadId, channels);
    } catch (error) {
      // The lead itself is stored; only its notification is missing, and the log says which.
      this.logger.error(
        { err: error, kind: kind.key, leadId },
        'could not queue lead notification',
      );
    }
  }
}
