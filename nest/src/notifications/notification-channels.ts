import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { Webhook } from 'standardwebhooks';

import { AppConfig } from '../config/app-config';
import { type Lead, leadField, type LeadKindDescriptor } from '../contract';
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
  ) {}

  /** The channels configured now; a lead is queued once per channel. */
  enabled(): NotificationChannel[] {
    const { webhookUrl, smtpUrl, notifyEmail } = this.config.notifications;
    return [
      ...(webhookUrl ? (['webhook'] as const) : []),
      ...(smtpUrl && notifyEmail ? (['email'] as const) : []),
    ];
  }

  /** Whether replies can be sent: SMTP_URL is set (NOTIFY_EMAIL is only the team's address). */
  canReply(): boolean {
    return Boolean(this.config.notifications.smtpUrl);
  }

  /** Delivers a job of the outbox; `jobId` is a reply's id on the `reply` channel. */
  async deliver(
    channel: NotificationChannel,
    kind: LeadKindDescriptor,
    lead: Lead,
    jobId: string,
  ): Promise<void> {
    if (channel === 'webhook') await this.postWebhook(kind, lead, jobId);
    else if (channel === 'email') await this.sendEmail(kind, lead);
    else await this.sendReply(lead, jobId);
  }

  /** An admin's reply to the lead, as its timeline holds it (written when it was queued). */
  private async sendReply(lead: Lead, replyId: string): Promise<void> {
    const { smtpUrl, from } = this.config.notifications;
    if (!smtpUrl) throw new Error('SMTP_URL is no longer set');
    const message = replyMessageOf(await this.timeline.events(lead._id), replyId);
    if (!message) throw new Error('the reply is no longer on the lead’s timeline');
    this.transport ??= createTransport(smtpUrl);
    await this.transport.sendMail({ from, to: lead.email, ...message });
  }

  /**
   * The lead as JSON, signed as Standard Webhooks says: `webhook-id` is the outbox row's id, so a
   * retry carries the id of the call it repeats and a receiver can drop a repeat; the timestamp
   * and signature are the attempt's own.
   */
  private async postWebhook(kind: LeadKindDescriptor, lead: Lead, jobId: string): Promise<void> {
    const { webhookUrl: url, webhookSecret: secret } = this.config.notifications;
    if (!url || !secret)
      throw new Error('LEAD_WEBHOOK_URL or LEAD_WEBHOOK_SECRET is no longer set');
    const body = JSON.stringify({ event: 'lead.created', kind: kind.key, lead });
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
    const { smtpUrl, notifyEmail, from } = this.config.notifications;
    if (!smtpUrl || !notifyEmail) throw new Error('SMTP_URL or NOTIFY_EMAIL is no longer set');
    this.transport ??= createTransport(smtpUrl);
    const noun = kind.panelTitle.replace(/s$/, '');
    const text = leadField(lead, kind.textField);
    await this.transport.sendMail({
      from,
      to: notifyEmail,
      subject: `New ${noun}: ${lead.name}`,
      text: [
        `A new ${noun.toLowerCase()} arrived.`,
        '',
        `Name: ${lead.name}`,
        `Email: ${lead.email}`,
        ...(lead.phone_number ? [`Phone: ${lead.phone_number}`] : []),
        `${kind.textField.charAt(0).toUpperCase()}${kind.textField.slice(1)}: ${text}`,
        '',
        `Open the inbox: ${this.config.webUrl}/super-secret-admin`,
      ].join('\n'),
    });
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
