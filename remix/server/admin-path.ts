/**
 * The admin area has one spelling. The router matches paths case-insensitively and after decoding
 * (`/SUPER-SECRET-ADMIN`, `/%73uper-secret-admin`, `//super-secret-admin`, `/x/../super-secret-admin`
 * reach the same pages),
 * so any other spelling is redirected to the canonical one before anything else sees it: the
 * no-store rule, and every future rule keyed on the path, then need only match `ADMIN_PATH` as
 * written. The redirect itself holds nothing of the page.
 */
import { type NextFunction, type Request, type Response } from 'express';

import { ADMIN_PATH } from '../config/paths';

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The path as the router sees it, case kept: dot segments resolved and backslashes read as slashes
 * (the adapter parses the request's URL with WHATWG URL), percent-decoded, repeated slashes as one.
 */
function routedPath(rawPath: string): string {
  let path = rawPath;
  try {
    path = new URL(`http://host${rawPath}`).pathname;
  } catch {
    // Not a URL path: the router will not match it either.
  }
  return decoded(path).replace(/\/{2,}/g, '/');
}

/**
 * The canonical spelling of an admin path written some other way (query kept), or null when the
 * path is outside the admin area or already canonical.
 */
export function canonicalAdminPath(rawPath: string, rawQuery = ''): string | null {
  if (rawPath.startsWith(ADMIN_PATH)) return null;
  const path = routedPath(rawPath);
  if (!path.toLowerCase().startsWith(ADMIN_PATH)) return null;
  // What follows the prefix is re-encoded as a path: CR, LF or `%` cannot become a header or a
  // different path, and the target always starts with the admin path (never another host).
  return `${ADMIN_PATH}${encodeURI(path.slice(ADMIN_PATH.length))}${rawQuery}`;
}

/** The rule above as middleware, with `Cache-Control: no-store` on every admin answer. */
export function adminPaths(req: Request, res: Response, next: NextFunction): void {
  const queryAt = req.originalUrl.indexOf('?');
  const target = canonicalAdminPath(req.path, queryAt < 0 ? '' : req.originalUrl.slice(queryAt));
  // The admin's pages hold leads' personal data: never kept by a browser or a shared cache. Set
  // here once for every admin path (routes add none: the adapter appends, which would repeat it);
  // `.data` too: Remix's single-fetch form of the same pages (`/super-secret-admin.data`).
  if (target || req.path.startsWith(ADMIN_PATH)) res.set('Cache-Control', 'no-store');
  // 308 keeps the method and body: a form posted to another spelling reaches the same action.
  if (target) return res.redirect(308, target);
  next();
}
