import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';

import { AdminService } from '../auth/admin.service';
import { asSystem } from '../common/lead-viewer.context';
import { type ChatChannel, type LeadKindKey, leadAccessOf } from '../contract';
import { LeadConversation } from '../leads/conversation/lead-conversation';
import { LeadEmailCounts } from '../leads/core/lead-email-counts.store';
import { LeadKinds } from '../leads/core/lead-kinds';
import { type LeadRecord, toLead } from '../leads/core/lead-record';
import { inScope, scopeOf } from '../leads/core/lead-scope';
import { ResponseTargetsService } from '../leads/targets/response-targets';

import { ChatAlertDelivery, type ChatAttempt } from './chat/chat-alert-delivery';
import { ChatAlertOutbox } from './chat/chat-alert-outbox.store';
import { ChatAlertQueue } from './chat/chat-alert-queue';
import { ChatWebhooks } from './chat/chat-webhooks';
import { RetryLater } from './chat/retry-after';
import { FollowUpOutbox } from './follow-up-outbox.store';
import { NotificationChannels } from './notification-channels';
import { NotificationOutbox, type OutboxJob } from './notification-outbox.store';
import { FollowUpReturn } from './notification-worker-follow-up';
import { isChatChannel } from './notification.schema';

const POLL_MS = 1_000;
/** How often a process with no channel looks whether a chat webhook was set since. */
const IDLE_CHECK_MS = 10_000;
const CLAIM_MS = 60_000;
const MAX_ATTEMPTS = 8;
/**
 * "Too many requests" answers waited out before giving up. Not attempts: a receiver that asks
 * for time is answering, and its Retry-After is kept to (up to a day each, retry-after.ts).
 */
const MAX_THROTTLED = 50;
/** 2 s, 4 s, 8 s … doubling, capped: about 8 minutes of retries before giving up. */
const backoffMs = (attempts: number) => Math.min(2_000 * 2 ** (attempts - 1), 5 * 60_000);

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
 * Delivers queued notifications, replies and chat alerts in the background with retries and
 * backoff. The queue lives in MongoDB, so pending work survives restarts and several API replicas
 * can share it (claims are conditional updates; a claim left by a crashed worker expires and is
 * retried).
 */
@Injectable()
export class NotificationWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Notifications');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;
  /** Whether the queue is polled (from the first channel configured on). */
  private polling = false;
  /** Whether the entries an earlier version left waiting have been queued (once per process). */
  private queuedEarlier = false;

  constructor(
    private readonly outbox: NotificationOutbox,
    private readonly chatOutbox: ChatAlertOutbox,
    private readonly kinds: LeadKinds,
    private readonly channels: NotificationChannels,
    private readonly counts: LeadEmailCounts,
    private readonly targets: ResponseTargetsService,
    private readonly chat: ChatAlertDelivery,
    private readonly chatQueue: ChatAlertQueue,
    private readonly conversation: LeadConversation,
    private readonly webhooks: ChatWebhooks,
    private readonly admins: AdminService,
    private readonly followUps: FollowUpOutbox,
    private readonly followUpReturn: FollowUpReturn,
  ) {}

  /** Whether the lead's owner sees it by their access now (no owner: nobody to tell anyway). */
  private async ownerSees(kind: LeadKindKey, record: LeadRecord): Promise<boolean> {
    if (!record.assigneeId) return true;
    const owner = await this.admins.findById(record.assigneeId.toHexString());
    if (!owner) return false;
    const access = leadAccessOf(owner.role, owner.access);
    return inScope(scopeOf({ id: String(owner._id), access }, kind), record);
  }

  async onApplicationBootstrap(): Promise<void> {
    // A chat webhook set on the Settings page through this process starts delivery at once.
    this.webhooks.onChange(() => void this.startWhenConfigured());
    this.followUps.onQueued(() => void this.startWhenConfigured());
    await this.startWhenConfigured();
  }

  /**
   * Nothing to deliver to: don't poll, but look again every IDLE_CHECK_MS, as a chat webhook may
   * be set on the Settings page (through any process). The environment's channels are known at
   * start; the notices of incoming mail go by the same webhook or SMTP: no other check.
   */
  private async startWhenConfigured(): Promise<void> {
    if (this.stopped || this.polling) return;
    const chat = await this.chatQueue.configured().catch(() => false);
    // A follow-up brings its lead back whatever is configured: one set through any process.
    const followUps = chat || (await this.followUps.waiting().catch(() => false));
    if (this.stopped || this.polling) return;
    if (this.channels.enabled().length > 0 || this.channels.canReply() || chat || followUps) {
      this.polling = true;
      clearTimeout(this.timer);
      this.schedule(0);
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.startWhenConfigured(), IDLE_CHECK_MS);
    this.timer.unref();
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
      // As the API itself, whatever started the timer: the worker reads every lead it notifies.
      this.running = asSystem(() => this.drain())
        .catch((error: unknown) =>
          this.logger.warn({ err: error }, 'notification queue unavailable'),
        )
        .finally(() => this.schedule(POLL_MS));
    }, delay);
    this.timer.unref();
  }

  /** Delivers every due notification, one claim at a time. */
  private async drain(): Promise<void> {
    if (!this.queuedEarlier) {
      const queued = await this.outbox.queueEarlier();
      if (queued > 0) this.logger.log(`queued ${queued} notifications an earlier version left`);
      this.queuedEarlier = true;
    }
    while (!this.stopped) {
      const job = await this.claim();
      if (!job) return;
      await this.attempt(job);
    }
  }

  private claim(): Promise<OutboxJob | null> {
    const now = new Date();
    return this.outbox.claim(now, new Date(now.getTime() + CLAIM_MS));
  }

  private async attempt(job: OutboxJob): Promise<void> {
    const { kind, record: read } = this.kinds.of(job.kind);
    try {
      const [record, clock] = await Promise.all([read(job.leadId), this.targets.clock(job.kind)]);
      if (isChatChannel(job.channel)) {
        const lead = record ? toLead(kind, record, clock) : null;
        const attempt = await this.chat.attempt({ ...job, channel: job.channel }, kind, lead);
        await this.settle(job, attempt);
        return;
      }
      if (job.channel === 'follow-up') return await this.followUpReturn.attempt(job, record);
      if (!record) throw new Error('lead no longer exists');
      // "X wrote again" (or a follow-up's email) only to an owner who still sees the lead (issue
      // 34): nothing to send else.
      const toOwner = job.channel === 'message-email' || job.channel === 'follow-up-email';
      if (toOwner && !(await this.ownerSees(kind.key, record))) {
        await this.outbox.sent(job);
        return;
      }
      const [others] = await this.counts.otherRequests(kind.key, [record]);
      const lead = toLead(kind, record, clock, others);
      const sentReply = await this.channels.deliver(
        job.channel,
        kind,
        lead,
        job._id.toHexString(),
        job.ref,
      );
      // A sent reply joins its conversation as the outbox settles it as sent (never before it is).
      await Promise.all([
        this.outbox.sent(job),
        sentReply && this.conversation.recordOutgoing(kind.key, lead._id, sentReply),
      ]);
    } catch (error) {
      if (error instanceof RetryLater && isChatChannel(job.channel))
        await this.throttled({ ...job, channel: job.channel }, error);
      else await this.failed(job, error);
    }
  }

  /**
   * Records an attempt that did not fail: sent, nothing to send, not yet (not counted), or settled
   * before (dropped from the queue, as it was).
   */
  private async settle(job: OutboxJob, attempt: ChatAttempt): Promise<void> {
    if (attempt.outcome === 'later') return this.chatOutbox.later(job, attempt.at);
    if (attempt.outcome === 'sent') return this.outbox.sent(job);
    const about = { channel: job.channel, leadId: job.leadId, event: job.event };
    if (attempt.outcome === 'settled') {
      await this.chatOutbox.drop(job);
      this.logger.log(about, `alert not posted again: ${attempt.as} before`);
      return;
    }
    await this.chatOutbox.skipped(job);
    this.logger.log(about, `alert skipped: ${attempt.reason}`);
  }

  /**
   * A receiver asked for time (429): this alert, and every other of the channel due before then,
   * waits until the time it gave (or a backoff), and the attempt does not count.
   */
  private async throttled(
    job: OutboxJob & { channel: ChatChannel },
    error: RetryLater,
  ): Promise<void> {
    const throttled = (job.throttled ?? 0) + 1;
    const until = error.retryAt ?? new Date(Date.now() + backoffMs(throttled));
    const failed = throttled > MAX_THROTTLED;
    const message = `${error.message}; next attempt at ${until.toISOString()}`;
    await this.chatOutbox.throttled(job, until, message, failed);
    this.logger.warn({ channel: job.channel, leadId: job.leadId, throttled, failed }, message);
  }

  private async failed(job: OutboxJob, error: unknown): Promise<void> {
    const message = firstErrorLine(error);
    const failed = job.attempts >= MAX_ATTEMPTS;
    const next = new Date(Date.now() + backoffMs(job.attempts));
    await this.outbox.failed(job, message.slice(0, 500), next, failed);
    this.logger.warn(
      { channel: job.channel, leadId: job.leadId, attempts: job.attempts, failed },
      `notification failed: ${message}`,
    );
  }
}
