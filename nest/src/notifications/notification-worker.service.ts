import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { type Connection, type Model, trusted, Types } from 'mongoose';

import { type ChatChannel, LEAD_KINDS } from '../contract';
import { LeadEmailCounts } from '../leads/core/lead-email-counts';
import { type LeadRecord, toLead } from '../leads/core/lead-record';
import { ResponseTargetsService } from '../leads/targets/response-targets';

import { ChatAlertDelivery, type ChatAttempt } from './chat/chat-alert-delivery';
import { ChatAlertQueue } from './chat/chat-alert-queue';
import { RetryLater } from './chat/retry-after';
import { NotificationChannels } from './notification-channels';
import {
  isChatChannel,
  LeadNotification,
  type LeadNotificationDocument,
} from './notification.schema';

const POLL_MS = 1_000;
const CLAIM_MS = 60_000;
const MAX_ATTEMPTS = 8;
/**
 * "Too many requests" answers waited out before giving up. Not attempts: a receiver that asks
 * for time is answering, and its Retry-After is kept to (up to a day each, retry-after.ts).
 */
const MAX_THROTTLED = 50;
/** 2 s, 4 s, 8 s … doubling, capped: about 8 minutes of retries before giving up. */
const backoffMs = (attempts: number) => Math.min(2_000 * 2 ** (attempts - 1), 5 * 60_000);

/** The due, unclaimed notification that has waited longest (index-checked in the API suite). */
export function claimQuery(now: Date) {
  return {
    filter: {
      status: 'pending',
      nextAttemptAt: trusted({ $lte: now }),
      lockedUntil: trusted({ $lte: now }),
    },
    sort: { nextAttemptAt: 1 as const },
  };
}

/**
 * A channel's pending notifications due before `until` (moved to it when the channel's receiver
 * asked for time: none of them would be taken earlier).
 */
export function throttleQuery(channel: ChatChannel, until: Date) {
  return { status: 'pending', channel, nextAttemptAt: trusted({ $lt: until }) };
}

/**
 * What a failure says, in one line: an SMTP server's own answer when it gave one (nodemailer keeps
 * it as `response`), else the error's message.
 */
function firstErrorLine(error: unknown): string {
  const response: unknown = error instanceof Error ? Reflect.get(error, 'response') : undefined;
  const text =
    typeof response === 'string' && response
      ? response
      : error instanceof Error
        ? error.message
        : String(error);
  return text.split(/\r?\n/)[0] ?? '';
}

/**
 * Delivers queued notifications and replies in the background with retries and backoff. The queue lives in
 * MongoDB, so pending work survives restarts and several API replicas can share it (claims are
 * conditional updates; a claim left by a crashed worker expires and is retried).
 */
@Injectable()
export class NotificationWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Notifications');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    @InjectModel(LeadNotification.name) private readonly outbox: Model<LeadNotification>,
    @InjectConnection() private readonly connection: Connection,
    private readonly channels: NotificationChannels,
    private readonly counts: LeadEmailCounts,
    private readonly targets: ResponseTargetsService,
    private readonly chat: ChatAlertDelivery,
    private readonly chatQueue: ChatAlertQueue,
  ) {}

  onApplicationBootstrap(): void {
    // Nothing to deliver to: don't poll. Pending work waits for a restart with a channel configured.
    if (
      this.channels.enabled().length > 0 ||
      this.channels.canReply() ||
      this.chatQueue.configured()
    )
      this.schedule(0);
  }

  /**
   * Before shutdown, not at it: the database connection closes in the shutdown hooks, and an
   * attempt in flight must still record its outcome, or its claim would hold the notification
   * back from the next process for CLAIM_MS.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.drain()
        .catch((error: unknown) =>
          this.logger.warn({ err: error }, 'notification queue unavailable'),
        )
        .finally(() => this.schedule(POLL_MS));
    }, delay);
    this.timer.unref();
  }

  /** Delivers every due notification, one claim at a time. */
  private async drain(): Promise<void> {
    while (!this.stopped) {
      const job = await this.claim();
      if (!job) return;
      await this.attempt(job);
    }
  }

  private claim(): Promise<LeadNotificationDocument | null> {
    const now = new Date();
    const { filter, sort } = claimQuery(now);
    return this.outbox
      .findOneAndUpdate(
        filter,
        { $set: { lockedUntil: new Date(now.getTime() + CLAIM_MS) }, $inc: { attempts: 1 } },
        { new: true, sort },
      )
      .exec();
  }

  private async attempt(job: LeadNotificationDocument): Promise<void> {
    const kind = LEAD_KINDS[job.kind];
    try {
      const [record, clock] = await Promise.all([
        this.connection
          .collection<LeadRecord>(kind.collection)
          .findOne({ _id: new Types.ObjectId(job.leadId) }),
        this.targets.clock(job.kind),
      ]);
      if (isChatChannel(job.channel)) {
        const alert = { channel: job.channel, event: job.event, leadId: job.leadId };
        await this.settle(job, await this.chat.attempt(alert, kind, record, clock));
        return;
      }
      if (!record) throw new Error('lead no longer exists');
      const [others] = await this.counts.otherRequests([record]);
      const lead = toLead(kind, record, clock, others);
      await this.channels.deliver(job.channel, kind, lead, job._id.toHexString());
      await this.settle(job, { outcome: 'sent' });
    } catch (error) {
      if (error instanceof RetryLater && isChatChannel(job.channel))
        await this.throttled(job, job.channel, error);
      else await this.failed(job, error);
    }
  }

  /**
   * Records an attempt that did not fail: sent, nothing to send, or not yet (not counted). A skip
   * or a wait is recorded only while this claim holds (the row unchanged since): an event raised
   * again meanwhile (queue() revives the row) is not undone by what this attempt saw before.
   */
  private async settle(job: LeadNotificationDocument, attempt: ChatAttempt): Promise<void> {
    const claimed = { _id: job._id, lockedUntil: job.lockedUntil };
    if (attempt.outcome === 'later') {
      await this.outbox.updateOne(claimed, {
        $set: { nextAttemptAt: attempt.at, lockedUntil: new Date(0) },
        $inc: { attempts: -1 },
      });
      return;
    }
    if (attempt.outcome === 'skipped') {
      await this.outbox.updateOne(claimed, {
        $set: { status: 'skipped', lastError: null, lockedUntil: new Date(0) },
      });
      this.logger.log(
        { channel: job.channel, leadId: job.leadId },
        `alert skipped: ${attempt.reason}`,
      );
      return;
    }
    await this.outbox.updateOne(
      { _id: job._id },
      { $set: { status: 'sent', sentAt: new Date(), lastError: null } },
    );
  }

  /**
   * A receiver asked for time (429): this alert, and every other of the channel due before then,
   * waits until the time it gave (or a backoff), and the attempt does not count.
   */
  private async throttled(
    job: LeadNotificationDocument,
    channel: ChatChannel,
    error: RetryLater,
  ): Promise<void> {
    const throttled = (job.throttled ?? 0) + 1;
    const until = error.retryAt ?? new Date(Date.now() + backoffMs(throttled));
    const failed = throttled > MAX_THROTTLED;
    const message = `${error.message}; next attempt at ${until.toISOString()}`;
    await this.outbox.updateOne(
      { _id: job._id },
      {
        $set: {
          status: failed ? 'failed' : 'pending',
          lastError: message,
          nextAttemptAt: until,
          lockedUntil: new Date(0),
        },
        $inc: { attempts: -1, throttled: 1 },
      },
    );
    await this.outbox.updateMany(throttleQuery(channel, until), { $set: { nextAttemptAt: until } });
    this.logger.warn({ channel, leadId: job.leadId, throttled, failed }, message);
  }

  private async failed(job: LeadNotificationDocument, error: unknown): Promise<void> {
    const message = firstErrorLine(error);
    const failed = job.attempts >= MAX_ATTEMPTS;
    await this.outbox.updateOne(
      { _id: job._id },
      {
        $set: {
          status: failed ? 'failed' : 'pending',
          lastError: message.slice(0, 500),
          nextAttemptAt: new Date(Date.now() + backoffMs(job.attempts)),
          lockedUntil: new Date(0),
        },
      },
    );
    this.logger.warn(
      { channel: job.channel, leadId: job.leadId, attempts: job.attempts, failed },
      `notification failed: ${message}`,
    );
  }
}
