import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  Logger,
  type NestInterceptor,
} from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { type Request } from 'express';
import { type Observable, retry, throwError, timer } from 'rxjs';

import { transientEngineFailure } from '../database/database-errors';

/** How long a read waits before its one second try: the engine's failures pass in milliseconds. */
export const READ_RETRY_DELAY_MS = 50;

/**
 * App-wide, outermost: a read (GET or HEAD) that an engine failed with one of its transient
 * failures (issue 36: "Cannot iterate over a lossy check on order by", "lock BufferContent is not
 * held") runs once more before the client gets the 503, since the same query a moment later
 * answers. Only reads: a write may have done part of its work before failing, and running it again
 * is not the same request. Nor a read that writes its own answer (`@Res()`: the CSV export, the
 * attachment downloads): each records its audit entry before it streams, and a second run would
 * record a second download that never happened.
 */
@Injectable()
export class ReadRetryInterceptor implements NestInterceptor {
  private readonly logger = new Logger('ReadRetry');

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    if (request.method !== 'GET' && request.method !== 'HEAD') return next.handle();
    if (writesItsOwnAnswer(context)) return next.handle();
    return next.handle().pipe(
      retry({
        count: 1,
        delay: (error: unknown) => {
          const failure = transientEngineFailure(error);
          if (failure === null) return throwError(() => error);
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

/** Whether the route's handler takes the response itself (`@Res()`), as Nest records its params. */
function writesItsOwnAnswer(context: ExecutionContext): boolean {
  const params: Record<string, unknown> =
    Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), context.getHandler().name) ?? {};
  return Object.keys(params).some((key) => key.startsWith(`${RouteParamtypes.RESPONSE}:`));
}
