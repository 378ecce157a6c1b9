import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { Webhook } from 'standardwebhooks';

import { AdminRepository } from '../auth/admin.repository';
import { AppConfig } from '../config/app-config';
import {
  DEFAULT_TIME_ZONE,
  formatExactDate,
  type Lead,
  leadField,
  type LeadKindDescriptor,
  zoneOrDefault,
} from '../contract';
import { keyOfMessageId } from '../leads/conversation/store/message-key';
import { MessageReceipts } from '../leads/conversation/store/message-receipts.store';
import { ReplyTokens } from '../leads/conversation/store/reply-tokens';
import { type OutgoingReply } from '../leads/conversation/store/stored-message.schema';
import { LeadTimeline } from '../leads/timeline/lead-timeline.store';

import { type NotificationChannel } from './notification.schema';
import { replyMessageOf } from './reply-message';

const WEBHOOK_TIMEOUT_MS = 5_000;

/** Delivers one notification on one channel; throws on any failure so the worker retries. */
@Injectable()
export class NotificationChannels implements OnModuleDestroy {
  private transport?: Transporter;

  constructor(
    private readonly config: AppConfig,
    private readonly timeline: LeadTimeline,
    private readonly receipts: MessageReceipts,
    private readonly tokens: ReplyTokens,
    private readonly admins: AdminRepository,
  ) {}

  /** The channels configured now; a lead is queued once per channel. */
  enabled(): NotificationChannel[] {
    const { webhookUrl, smtpUrl, notifyEmail } = this.config.notifications;
    return [
      ...(webhookUrl ? (['webhook'] as const) : []),
      ...(smtpUrl && notifyEmail ? (['email'] as const) : []),
    ];
  }

  /** The channels a lead's incoming email is told on: the webhook, and its owner by email. */
  messageChannels(hasOwner: boolean): NotificationChannel[] {
    const { webhookUrl, smtpUrl } = this.config.notifications;
    return [
      ...(webhookUrl ? (['message-webhook'] as const) : []),
      ...(smtpUrl && hasOwner ? (['message-email'] as const) : []),
    ];
  }

  /** Whether replies can be sent: SMTP_URL is set (NOTIFY_EMAIL is only the team's address). */
  canReply(): boolean {
    return Boolean(this.config.notifications.smtpUrl);
  }

  /**
   * Delivers a job of the outbox; `jobId` is a reply's id on the `reply` channel, `ref` the
   * message a `message-*` job tells of. A reply answers what went out, for its conversation (the
   * worker places it there once the outbox says "sent", as soon as the mail is).
   */
  async deliver(
    channel: NotificationChannel,
    kind: LeadKindDescriptor,
    lead: Lead,
    jobId: string,
    ref?: string,
  ): Promise<OutgoingReply | void> {
    if (channel === 'reply') return this.sendReply(kind, lead, jobId);
    if (channel === 'webhook')
      await this.postWebhook(jobId, { event: 'lead.created', kind: kind.key, lead });
    else if (channel === 'email') await this.sendEmail(kind, lead);
    // Ids only: the message's words stay in the conversation, read by whoever may read them.
    else if (channel === 'message-webhook')
      await this.postWebhook(jobId, {
        event: 'lead.message',
        kind: kind.key,
        leadId: lead._id,
        messageId: ref ?? null,
      });
    else if (channel === 'follow-up-email') await this.mailFollowUp(kind, lead, ref);
    else await this.mailOwner(kind, lead);
  }

  /**
   * An admin's reply to the lead, as its timeline holds it (written when it was queued). With
   * INBOUND_ADDRESS its Reply-To is the lead's signed address, else the admin's. Its Message-ID is
   * recorded before it goes (an answer naming it finds the lead, and the reply seen again in our
   * mailbox is known as ours); what went out is answered for the conversation.
   */
  private async sendReply(
    kind: LeadKindDescriptor,
    lead: Lead,
    replyId: string,
  ): Promise<OutgoingReply> {
    const { smtpUrl, from } = this.config.notifications;
    if (!smtpUrl) throw new Error('SMTP_URL is no longer set');
    const message = replyMessageOf(await this.timeline.events(lead._id), replyId);
    if (!message) throw new Error('the reply is no longer on the lead’s timeline');
    const replyTo = this.tokens.addressFor(kind.key, lead._id) ?? message.replyTo;
    await this.receipts.outgoing(keyOfMessageId(message.messageId), kind.key, lead._id);
    this.transport ??= createTransport(smtpUrl);
    await this.transport.sendMail({ from: this.sender(), to: lead.email, ...message, replyTo });
    const { messageId, subject, text } = message;
    return { messageId, subject, text, from, to: lead.email, at: new Date() };
  }

  /**
   * The lead as JSON, signed as Standard Webhooks says: `webhook-id` is the outbox row's id, so a
   * retry carries the id of the call it repeats and a receiver can drop a repeat; the timestamp
   * and signature are the attempt's own.
   */
  private async postWebhook(jobId: string, payload: object): Promise<void> {
    const { webhookUrl: url, webhookSecret: secret } = this.config.notifications;
    if (!url || !secret)
      throw new Error('LEAD_WEBHOOK_URL or LEAD_WEBHOOK_SECRET is no longer set');
    const body = JSON.stringify(payload);
    const sentAt = new Date();
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'boat-market-data-leads/1',
        'webhook-id': jobId,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign(jobId, sentAt, body),
      },
      body,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`webhook answered ${response.status}`);
  }

  private async sendEmail(kind: LeadKindDescriptor, lead: Lead): Promise<void> {
    const { smtpUrl, notifyEmail } = this.config.notifications;
    if (!smtpUrl || !notifyEmail) throw new Error('SMTP_URL or NOTIFY_EMAIL is no longer set');
    this.transport ??= createTransport(smtpUrl);
    const noun = kind.panelTitle.replace(/s$/, '');
    const text = leadField(lead, kind.textField);
    await this.transport.sendMail({
      from: this.sender(),
      to: notifyEmail,
      subject: `New ${noun}: ${lead.name}`,
      text: [
        `A new ${noun.toLowerCase()} arrived.`,
        '',
        `Received: ${formatExactDate(lead.createdAt, await this.zoneOf(notifyEmail))}`,
        `Name: ${lead.name}`,
        `Email: ${lead.email}`,
        ...(lead.phone_number ? [`Phone: ${lead.phone_number}`] : []),
        `${kind.textField.charAt(0).toUpperCase()}${kind.textField.slice(1)}: ${text}`,
        '',
        `Open the inbox: ${this.config.webUrl}/super-secret-admin`,
      ].join('\n'),
    });
  }

  /** "X wrote again" to the lead's owner (as it is now). */
  private mailOwner(kind: LeadKindDescriptor, lead: Lead): Promise<void> {
    return this.toOwner(kind, lead, async (who, noun, zone) => ({
      subject: `${who} wrote again`,
      lines: [
        `${who} (${noun}) wrote again.`,
        `First request received: ${formatExactDate(lead.createdAt, await zone())}`,
      ],
    }));
  }

  /** "Follow up" to the lead's owner (as it is now), at the time they set. */
  private mailFollowUp(kind: LeadKindDescriptor, lead: Lead, at = ''): Promise<void> {
    return this.toOwner(kind, lead, async (who, noun, zone) => ({
      subject: `Follow up: ${who}`,
      lines: [
        `You asked to be reminded of ${who} (${noun}).`,
        `Follow-up: ${formatExactDate(at, await zone())}`,
      ],
    }));
  }

  /**
   * A mail about the lead to its owner (as it is now), ending with the link to the lead; no owner
   * any more: nothing to send. `write` gets the lead's name on one line, the kind's noun and the
   * owner's zone.
   */
  private async toOwner(
    kind: LeadKindDescriptor,
    lead: Lead,
    write: (
      who: string,
      noun: string,
      zone: () => Promise<string>,
    ) => Promise<{ subject: string; lines: string[] }>,
  ): Promise<void> {
    const { smtpUrl } = this.config.notifications;
    if (!smtpUrl) throw new Error('SMTP_URL is no longer set');
    const owner = lead.assignee;
    if (!owner) return;
    this.transport ??= createTransport(smtpUrl);
    const who = lead.name.replace(/[\r\n]+/g, ' ');
    const noun = kind.panelTitle.replace(/s$/, '');
    const { subject, lines } = await write(who, noun, () => this.zoneOf(owner.email));
    await this.transport.sendMail({
      from: this.sender(),
      to: owner.email,
      subject,
      text: [
        ...lines,
        '',
        `Open the lead: ${this.config.webUrl}/super-secret-admin/lead/${kind.key}/${lead._id}`,
      ].join('\n'),
    });
  }

  /**
   * The zone an admin chose for their dates, when the address is an admin's; else UTC (which the
   * dates name). A browser's zone is a browser's: an email has none.
   */
  private async zoneOf(email: string): Promise<string> {
    const zone = await this.admins.timeZoneOf(email.trim().toLowerCase());
    return zone ? zoneOrDefault(zone) : DEFAULT_TIME_ZONE;
  }

  /** NOTIFY_FROM as mail's From: with its display name when it has one (nodemailer encodes it). */
  private sender(): string | { name: string; address: string } {
    const { from, fromName } = this.config.notifications;
    return fromName ? { name: fromName, address: from } : from;
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
