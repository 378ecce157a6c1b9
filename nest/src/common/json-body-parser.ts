import { type NextFunction, type Request, type RequestHandler, type Response, json } from 'express';

import { type ApiFailure } from '../contract';

export const BODY_LIMIT = '100kb';

/**
 * express.json with its failures answered in our JSON shape: body-parser errors happen before Nest's
 * router, so the global exception filter never sees them.
 */
export function jsonBodyParser(): RequestHandler {
  const parse = json({ limit: BODY_LIMIT, strict: true });
  return (req: Request, res: Response, next: NextFunction) => {
    parse(req, res, (error?: unknown) => {
      if (!error) return next();
      const type = (error as { type?: string }).type;
      const [status, message] =
        type === 'entity.too.large'
          ? [413, `Request body larger than ${BODY_LIMIT}`]
          : type === 'encoding.unsupported' || type === 'charset.unsupported'
            ? [415, 'Unsupported body encoding']
            : [400, 'Malformed JSON body'];
      res
        .status(status)
        .json({ success: false, message, requestId: String(req.id ?? '') } satisfies ApiFailure);
    });
  };
}
