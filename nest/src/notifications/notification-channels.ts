import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';

import { AppConfig } from '../config/app-config';
import { type Lead, leadField, type LeadKindDescriptor } from '../contract';

import { type NotificationChannel } from './notification.schema';

const WEBHOOK_TIMEOUT_MS = 5_000;

/** Delivers one notification on one channel; throws on any failure so the worker retries. */
@Injectable()
export class NotificationChannels implements OnModuleDestroy {
  private transport?: Transporter;

  constructor(private readonly config: AppConfig) {}

  /** The channels configured now; a lead is queued once per channel. */
  enabled(): NotificationChannel[] {
    const { webhookUrl, smtpUrl, notifyEmail } = this.config.notifications;
    return [
      ...(webhookUrl ? (['webhook'] as const) : []),
      ...(smtpUrl && notifyEmail ? (['email'] as const) : []),
    ];
  }

  async deliver(channel: NotificationChannel, kind: LeadKindDescriptor, lead: Lead): Promise<void> {
    if (channel === 'webhook') await this.postWebhook(kind, lead);
    else await this.sendEmail(kind, lead);
  }

  private async postWebhook(kind: LeadKindDescriptor, lead: Lead): Promise<void> {
    const url = this.config.notifications.webhookUrl;
    if (!url) throw new Error('LEAD_WEBHOOK_URL is no longer set');
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'boat-market-data-leads/1' },
      body: JSON.stringify({ event: 'lead.created', kind: kind.key, lead }),
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
