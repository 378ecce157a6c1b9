import { randomUUID } from 'node:crypto';

import { type NextFunction, type Request, type Response } from 'express';

const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Gives every request an id before anything else runs (body parsing included), echoed in the
 * X-Request-Id header and in error bodies, and used by the logs. A caller's own id is kept when sane,
 * so the web server can correlate its logs with ours.
 */
export function requestId() {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers['x-request-id'];
    req.id = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', String(req.id));
    next();
  };
}
