/**
 * Guards in front of every form post the web server takes (the landing's contact form, sign-in,
 * the inbox's actions), so that what Remix would turn into a 500 or read whole into memory is
 * refused first with the status that says why.
 */
import { type NextFunction, type Request, type Response } from 'express';

import { MAX_BODY_BYTES } from '../../nest/src/contract/lead-work';

/** The largest form we serve: the blocklist at its limits, every character percent-encoded at its widest. */
export const MAX_FORM_BYTES = MAX_BODY_BYTES;
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

const refuse = (res: Response, status: number, message: string) =>
  res.status(status).type('text/plain').set('Cache-Control', 'no-store').send(message);

/**
 * A browser names the page a post comes from in `Origin`; a post from another site (or an opaque
 * `null` origin: sandboxed frames, some redirects) is refused with 403. The site's two loopback
 * names on one port are one server, so a form loaded from `localhost` may post to `127.0.0.1`.
 * Clients that send no Origin are not browsers and carry no ambient cookie risk.
 */
export function sameOriginPosts(req: Request, res: Response, next: NextFunction): void {
  const origin = req.get('origin');
  if (!UNSAFE.has(req.method) || origin === undefined) return next();
  const host = req.get('x-forwarded-host')?.split(',')[0]?.trim() || req.get('host');
  const from = parseOrigin(origin);
  if (!from || !host) return void refuse(res, 403, 'Cross-site form posts are not accepted.');
  if (from.host === host) return next();
  const to = parseOrigin(`${from.protocol}//${host}`);
  if (to && LOOPBACK.has(from.hostname) && LOOPBACK.has(to.hostname) && from.port === to.port) {
    // Remix compares Origin with the host as well: let it see the name the page was loaded from.
    req.headers.host = from.host;
    delete req.headers['x-forwarded-host'];
    return next();
  }
  refuse(res, 403, 'Cross-site form posts are not accepted.');
}

/** Form posts only: a known length within MAX_FORM_BYTES (413, 411) and a form encoding (415). */
export function formBodies(req: Request, res: Response, next: NextFunction): void {
  if (!UNSAFE.has(req.method)) return next();
  const length = req.get('content-length');
  if (length === undefined)
    return void refuse(res, 411, 'A form post must state its Content-Length.');
  if (!/^\d+$/.test(length) || Number(length) > MAX_FORM_BYTES) {
    // Nothing of the body is read or echoed; the connection closes so it isn't read later either.
    res.set('Connection', 'close');
    return void refuse(res, 413, `A form post may be at most ${MAX_FORM_BYTES / 1024} KB.`);
  }
  const type = req.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (!type || !FORM_TYPES.includes(type))
    return void refuse(
      res,
      415,
      'Send the form as application/x-www-form-urlencoded or multipart/form-data.',
    );
  next();
}

function parseOrigin(value: string): URL | null {
  if (value === 'null') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
