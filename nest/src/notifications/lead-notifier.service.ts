import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, trusted } from 'mongoose';

import { type LeadKindDescriptor } from '../contract';

import { NotificationChannels } from './notification-channels';
import { LeadNotification } from './notification.schema';

/** Queues a new lead's notifications. Never throws: notifying must not fail the intake. */
@Injectable()
export class LeadNotifier {
  private readonly logger = new Logger('Notifications');

  constructor(
    @InjectModel(LeadNotification.name) private readonly outbox: Model<LeadNotification>,
    private readonly channels: NotificationChannels,
  ) {}

  /** Drops the queued notifications of erased leads: nothing of them is sent afterwards. */
  async forget(kind: LeadKindDescriptor, leadIds: string[]): Promise<void> {
    await this.outbox.deleteMany({ kind: kind.key, leadId: trusted({ $in: leadIds }) });
  }

  async leadCreated(kind: LeadKindDescriptor, leadId: string): Promise<void> {
    const channels = this.channels.enabled();
    if (channels.length === 0) return;
    try {
      await this.outbox.insertMany(
        channels.map((channel) => ({ channel, kind: kind.key, leadId })),
      );
    } catch (error) {
      // The lead itself is stored; only its notification is missing, and the log says which.
      this.logger.error(
        { err: error, kind: kind.key, leadId },
        'could not queue lead notification',
      );
    }
  }
}
