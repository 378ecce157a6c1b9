import { randomBytes, randomUUID } from 'node:crypto';

import { Webhook } from 'standardwebhooks';

// Raw messages as a mail client writes them and as a relay signs them for the webhook (issue 33):
// the API suite and bench:inbound post the same.

/** A Standard Webhooks secret as INBOUND_WEBHOOK_SECRET takes it. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The headers a relay sends with a raw message, signed with `secret` as the package signs. */
export function signedHeaders(raw: Buffer | string, secret: string, at = new Date()) {
  const id = `msg_${randomUUID()}`;
  return {
    'content-type': 'message/rfc822',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(
      id,
      at,
      Buffer.isBuffer(raw) ? raw : Buffer.from(raw),
    ),
  };
}

export interface MailParts {
  from?: string;
  to?: string;
  subject?: string;
  text?: string;
  messageId?: string | null;
  inReplyTo?: string;
  references?: string;
  headers?: Record<string, string>;
  date?: Date;
}

/** A plain-text message as a mail client writes one (CRLF line ends). */
export function plainMessage(parts: MailParts = {}): string {
  const messageId =
    parts.messageId === undefined ? `<${randomUUID()}@mail.example.org>` : parts.messageId;
  const lines = [
    ...(parts.from === undefined
      ? ['From: Jane Doe <jane@example.org>']
      : parts.from
        ? [`From: ${parts.from}`]
        : []),
    `To: ${parts.to ?? 'leads@boats.example'}`,
    `Subject: ${parts.subject ?? 'Hello'}`,
    `Date: ${(parts.date ?? new Date()).toUTCString()}`,
    ...(messageId ? [`Message-ID: ${messageId}`] : []),
    ...(parts.inReplyTo ? [`In-Reply-To: ${parts.inReplyTo}`] : []),
    ...(parts.references ? [`References: ${parts.references}`] : []),
    ...Object.entries(parts.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    ...(parts.text ?? 'Hello there').split('\n'),
    '',
  ];
  return lines.join('\r\n');
}
