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
