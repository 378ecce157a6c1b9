import { type NextFunction, type Request, type RequestHandler, type Response, json } from 'express';

import { type ApiFailure, MAX_BODY_BYTES } from '../contract';

/** In bytes; the widest valid body (the blocklist at its limits) fits, see MAX_BODY_BYTES. */
export const BODY_LIMIT = MAX_BODY_BYTES;
/** Far deeper than any body of ours; what goes past it is only there to exhaust a stack. */
export const MAX_JSON_DEPTH = 32;
/**
 * More object keys than any request body of ours can hold, nested ones included (the widest, the
 * team calendar at its limits, holds 123: 8 spans of `from` and `to` on each of 7 days; every
 * object the OpenAPI document allows in a body is closed, and an API test holds each body to this
 * limit, the depth and the size). A wider body is refused here in one short answer, before
 * validation would check, and answer for, every key: 13,000 unknown keys cost half a second and an
 * 895 kB answer.
 */
export const MAX_BODY_KEYS = 128;

/**
 * express.json with its failures answered in our JSON shape: body-parser errors happen before Nest's
 * router, so the global exception filter never sees them.
 */
export function jsonBodyParser(): RequestHandler {
  const parse = json({ limit: BODY_LIMIT, strict: true });
  return (req: Request, res: Response, next: NextFunction) => {
    parse(req, res, (error?: unknown) => {
      if (!error) {
        // Parsing is iterative, but validation and transformation recurse: a body 5,000 levels
        // deep would overflow their stack. Measured here without recursion, before they see it.
        if (depthExceeds(req.body, MAX_JSON_DEPTH))
          return void fail(req, res, 400, `JSON body nested deeper than ${MAX_JSON_DEPTH} levels`);
        if (keyCountExceeds(req.body, MAX_BODY_KEYS))
          return void fail(
            req,
            res,
            400,
            `JSON body with more than ${MAX_BODY_KEYS} fields: no request takes that many`,
          );
        return next();
      }
      const type = (error as { type?: string }).type;
      const [status, message] =
        type === 'entity.too.large'
          ? [413, `Request body larger than ${BODY_LIMIT / 1024} kB`]
          : type === 'encoding.unsupported' || type === 'charset.unsupported'
            ? [415, 'Unsupported body encoding']
            : [400, 'Malformed JSON body'];
      fail(req, res, status, message);
    });
  };
}

function fail(req: Request, res: Response, status: number, message: string): void {
  res
    .status(status)
    .json({ success: false, message, requestId: String(req.id ?? '') } satisfies ApiFailure);
}

/** Whether any value in `root` lies more than `max` arrays or objects deep (no recursion). */
export function depthExceeds(root: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[root, 0]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop() as [unknown, number];
    if (typeof value !== 'object' || value === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(value)) pending.push([child, depth + 1]);
  }
  return false;
}

/** Whether the objects in `root` hold more than `max` keys in all (no recursion; stops early). */
export function keyCountExceeds(root: unknown, max: number): boolean {
  const pending: unknown[] = [root];
  let keys = 0;
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (!Array.isArray(value)) {
      keys += Object.keys(value).length;
      if (keys > max) return true;
    }
    for (const child of Object.values(value)) pending.push(child);
  }
  return false;
}
