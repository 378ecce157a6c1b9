import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { Webhook } from 'standardwebhooks';

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

/**
 * A fixture under test/fixtures/mail/ with its placeholders filled: `{{TO}}` (the address replied
 * to), `{{IN_REPLY_TO}}` (our reply's Message-ID), `{{FROM}}`, `{{MESSAGE_ID}}` (a fresh one).
 */
export function fixtureMessage(name: string, fill: Record<string, string>): string {
  const raw = readFileSync(join(__dirname, '..', 'fixtures', 'mail', name), 'utf8');
  const values: Record<string, string> = {
    MESSAGE_ID: `<${randomUUID()}@fixture.example>`,
    ...fill,
  };
  return raw
    .replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole)
    .replace(/\r?\n/g, '\r\n');
}
