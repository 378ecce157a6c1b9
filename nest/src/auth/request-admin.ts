import { type Request } from 'express';

import { type AdminSession } from './token.service';

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
  }
}

/** The guard has set it on every private route; its absence is a bug, not a client error. */
export function sessionOf(request: Request): AdminSession {
  if (!request.session) throw new Error('no session on a private route');
  return request.session;
}
