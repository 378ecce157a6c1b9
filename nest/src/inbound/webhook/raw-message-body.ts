import { type NextFunction, type Request, type Response, raw } from 'express';

import { type ApiFailure } from '../../contract';

import { validWebhookSignature } from './webhook-signature';

/**
 * The body of `POST /inbound/email`, before Nest sees the request: refused unread when it cannot
 * be one we take (404 off, 415 not `message/rfc822`, 401 without signature headers, 413 declared
 * too long), then read whole up to INBOUND_MAX_BYTES (413 past it) and its signature checked (401).
 * What reaches the controller is a Buffer with a valid signature.
 */
export function rawMessageBody(options: { secret: string | null; maxBytes: number }) {
  const read = raw({ type: () => true, limit: options.maxBytes });
  return (req: Request, res: Response, next: NextFunction): void => {
    const fail = (status: number, message: string) =>
      void res
        .status(status)
        .json({ success: false, message, requestId: String(req.id ?? '') } satisfies ApiFailure);
    if (!options.secret)
      return fail(404, 'The inbound webhook is off: set INBOUND_WEBHOOK_SECRET to take mail here');
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (!req.headers['webhook-signature'] || !req.headers['webhook-id'])
      return fail(401, 'Missing webhook signature (Standard Webhooks headers)');
    if (type !== 'message/rfc822')
      return fail(415, 'Send the raw message as Content-Type: message/rfc822');
    if (Number(req.headers['content-length'] ?? 0) > options.maxBytes)
      return fail(413, `Message larger than INBOUND_MAX_BYTES (${options.maxBytes} bytes)`);
    const secret = options.secret;
    read(req, res, (error?: unknown) => {
      if (error) {
        const tooLarge = (error as { type?: string }).type === 'entity.too.large';
        return tooLarge
          ? fail(413, `Message larger than INBOUND_MAX_BYTES (${options.maxBytes} bytes)`)
          : fail(400, 'The message could not be read');
      }
      const body: unknown = req.body;
      if (!Buffer.isBuffer(body) || body.length === 0)
        return fail(400, 'Not an email message (empty body)');
      if (!validWebhookSignature(body, req.headers, secret))
        return fail(401, 'Wrong webhook signature (or a timestamp more than 5 minutes off)');
      next();
    });
  };
}
