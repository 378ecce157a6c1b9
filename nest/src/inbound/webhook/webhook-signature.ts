import { createHmac, timingSafeEqual } from 'node:crypto';

import { Webhook, WebhookVerificationError } from 'standardwebhooks';

const HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/**
 * Whether a raw message carries a valid Standard Webhooks signature by `secret` (`whsec_…`), within
 * the package's 5 minutes of its timestamp. The package signs its payload as text (UTF-8): a
 * message with other bytes (8-bit Latin-1 mail is common) is also checked as the scheme means it,
 * over its bytes exactly, which is what a relay signing with `openssl dgst` computes.
 */
export function validWebhookSignature(
  raw: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
): boolean {
  const values = Object.fromEntries(
    HEADERS.map((name) => [name, String(headers[name] ?? '')] as const),
  );
  if (HEADERS.some((name) => !values[name])) return false;
  try {
    new Webhook(secret).verify(raw, values, { jsonParse: false });
    return true;
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) return false;
    // Too old, too new, malformed: the package said no for a reason bytes do not change.
    if (!/no matching signature/i.test(error.message) || isUtf8(raw)) return false;
  }
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = Buffer.concat([
    Buffer.from(`${values['webhook-id']}.${values['webhook-timestamp']}.`),
    raw,
  ]);
  const expected = Buffer.from(createHmac('sha256', key).update(signed).digest('base64'));
  return values['webhook-signature']!.split(' ').some((versioned) => {
    const [version, signature = ''] = versioned.split(',');
    const given = Buffer.from(signature);
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

function isUtf8(raw: Buffer): boolean {
  return Buffer.from(raw.toString('utf8'), 'utf8').equals(raw);
}
