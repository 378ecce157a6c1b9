import { randomBytes } from 'node:crypto';

import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import { type RequestHandler, type Response as ExpressResponse } from 'express';

interface Rendered {
  status: number;
  headers: [string, string][];
  html: string;
}

/**
 * The landing page as most visitors ask for it (`GET /`, no query) is the same document for all of
 * them: it depends on the build and the configuration, both fixed for the life of the process, and
 * on the response's CSP nonce. So it is rendered once, with a placeholder nonce, and each answer is
 * that HTML with the response's own nonce put in: the speed of a static file (see the README's
 * Benchmarks), with a nonce per response as before. `?contact`, `?sent=1` and posts are rendered as
 * always. Production only: in development the build changes under the server.
 */
export function landingCache(build: ServerBuild, siteUrl: string): RequestHandler {
  const placeholder = randomBytes(16).toString('base64');
  const handle = createRequestHandler(build, 'production');
  let rendered: Promise<Rendered | null> | undefined;

  const render = async (): Promise<Rendered | null> => {
    const response = await handle(new Request(new URL('/', siteUrl)), {
      clientIp: undefined,
      cspNonce: placeholder,
    });
    const html = await response.text();
    // Anything but a plain page (an error, a redirect) is not kept: the next visitor renders again.
    if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/html'))
      return null;
    const headers = [...response.headers].filter(
      ([name]) => !['content-length', 'set-cookie'].includes(name.toLowerCase()),
    );
    return { status: response.status, headers, html };
  };

  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.originalUrl !== '/') return next();
    // A visitor another site sent: their page's contact link carries that site's host on.
    if (isForeignReferer(req.get('Referer'), req.get('Host'))) return next();
    rendered ??= render().catch(() => null);
    void rendered.then((page) => {
      if (!page) {
        rendered = undefined;
        return next();
      }
      const nonce = (res as ExpressResponse).locals.cspNonce as string;
      for (const [name, value] of page.headers) res.setHeader(name, value);
      res.status(page.status).send(page.html.replaceAll(placeholder, nonce));
    });
  };
}

/** Whether a `Referer` names another site than `host` (the page then names it: not the cached one). */
export function isForeignReferer(referer: string | undefined, host: string | undefined): boolean {
  if (!referer) return false;
  try {
    return new URL(referer).host !== host;
  } catch {
    return false;
  }
}
