import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  Logger,
  type NestInterceptor,
} from '@nestjs/common';
import { type Request, type Response } from 'express';
import { type Observable, retry, throwError, timer } from 'rxjs';

import { transientEngineFailure } from '../database/database-errors';

/** How long a read waits before its one second try: the engine's failures pass in milliseconds. */
export const READ_RETRY_DELAY_MS = 50;

/**
 * App-wide, outermost: a read (GET or HEAD) that an engine failed with one of its transient
 * failures (issue 36: "Cannot iterate over a lossy check on order by", "lock BufferContent is not
 * held") runs once more before the client gets the 503, since the same query a moment later
 * answers. Only reads: a write may have done part of its work before failing, and running it again
 * is not the same request. Nothing is tried again once the answer has begun (a streamed export).
 */
@Injectable()
export class ReadRetryInterceptor implements NestInterceptor {
  private readonly logger = new Logger('ReadRetry');

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    if (request.method !== 'GET' && request.method !== 'HEAD') return next.handle();
    return next.handle().pipe(
      retry({
        count: 1,
        delay: (error: unknown) => {
          const failure = transientEngineFailure(error);
          if (failure === null || response.headersSent) return throwError(() => error);
          this.logger.warn(
            { engineError: failure },
            'the database engine failed a read: once more',
          );
          return timer(READ_RETRY_DELAY_MS);
        },
      }),
    );
  }
}
