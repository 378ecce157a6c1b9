import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export {
  type MailParts,
  newWebhookSecret,
  plainMessage,
  signedHeaders,
} from '../../scripts/seed/inbound-messages';

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
