/** The admin a request's token belongs to, as the app-wide guard found it. */
export interface RequestAdmin {
  id: string;
  email: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    admin?: RequestAdmin;
  }
}
