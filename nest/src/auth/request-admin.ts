import { type Request } from 'express';

import { type AdminRole, type LeadAccess } from '../contract';

import { type AdminSession } from './token.service';

/** The API key a request sent, as the guard read it (its record, now). */
export interface RequestApiKey {
  id: string;
  name: string;
  role: AdminRole;
  access: LeadAccess;
}

/** The admin a request's token belongs to, as the app-wide guard found it. */
export interface RequestAdmin {
  id: string;
  email: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    admin?: RequestAdmin;
    /** The session the bearer token opened (set by the guard on private routes). */
    session?: AdminSession;
    /** The API key the request sent instead of a session's token (set by the guard). */
    apiKey?: RequestApiKey;
  }
}

/** The guard has set it on every private route; its absence is a bug, not a client error. */
export function sessionOf(request: Request): AdminSession {
  if (!request.session) throw new Error('no session on a private route');
  return request.session;
}

/**
 * Who is calling, whichever way they signed in: an admin's session, or an API key (its id is
 * what its actions are recorded under), with the role it acts in.
 */
export function callerOf(request: Request): { id: string; role: AdminRole } {
  if (request.apiKey) return { id: request.apiKey.id, role: request.apiKey.role };
  const { admin } = sessionOf(request);
  return { id: String(admin._id), role: admin.role };
}
