import { type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { type Response } from 'express';

import { type StoredAttachment } from './store/stored-message.schema';

/** A declared type we repeat as it is: a bare `type/subtype` token, nothing after it. */
const PLAIN_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/**
 * Sends an attachment as a download, never as a page: `attachment` disposition, no sniffing, and
 * a sandbox policy with nothing allowed, so even a browser told to show it runs none of it.
 */
export async function sendAttachment(
  response: Response,
  attachment: StoredAttachment,
  content: Readable,
): Promise<void> {
  response.setHeader(
    'Content-Type',
    PLAIN_TYPE.test(attachment.type) ? attachment.type.toLowerCase() : 'application/octet-stream',
  );
  response.setHeader('Content-Length', String(attachment.size));
  response.setHeader('Content-Disposition', contentDisposition(attachment.name));
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader(
    'Content-Security-Policy',
    "sandbox; default-src 'none'; frame-ancestors 'none'",
  );
  response.setHeader('Cache-Control', 'no-store');
  await pipeline(content, response);
}

/**
 * RFC 6266: an ASCII fallback name (quotes, backslashes and controls replaced) and the real one
 * percent-encoded as UTF-8, so no name can end the header or add another.
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_').slice(0, 150) || 'attachment';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
