import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type Request, type Response } from 'express';

import { type ApiFailure } from '../contract';
import {
  isDatabaseUnavailable,
  transientEngineFailure,
  uncastPath,
} from '../database/database-errors';
import { isStorageFull, StorageState } from '../database/storage-state';

import { ApiError } from './api-error';
import { allowedMethods } from './route-methods';

/**
 * The single place where errors become HTTP answers. Every failure is `{success: false, message}`
 * with the right status; nothing internal (stack, driver message) ever reaches the client. Server
 * errors are logged with the request id the client also receives.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  constructor(
    private readonly storage: StorageState,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const requestId = String(request.id ?? '');
    const { status, body, headers } =
      this.methodNotAllowed(exception, request) ?? this.toAnswer(exception);

    // A 503 (database away or full) is expected and logged by the request logger; anything else is a bug.
    if (status >= 500 && status !== 503) {
      this.logger.error({ err: exception, requestId, path: request.path }, 'request failed');
    }
    if (response.headersSent) return;
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    response.status(status).json({ ...body, requestId } satisfies ApiFailure);
  }

  /**
   * A path that exists with other methods: a 405 naming them. Either the router found nothing for
   * this method (its 404), or only a parameter route took the path (`GET …/archive` reaching
   * `GET …/:id`), whose failure is not what the client needs to hear.
   */
  private methodNotAllowed(exception: unknown, request: Request) {
    const app = this.adapterHost.httpAdapter.getInstance();
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const literal = allowedMethods(app, request.path, { literalOnly: true });
    const allowed =
      literal.length > 0 && !literal.includes(method)
        ? literal
        : exception instanceof NotFoundException && /^Cannot [A-Z]+ /.test(exception.message)
          ? allowedMethods(app, request.path)
          : [];
    if (allowed.length === 0) return undefined;
    return {
      status: HttpStatus.METHOD_NOT_ALLOWED,
      body: {
        success: false as const,
        message: `${request.method} is not allowed here; use ${allowed.join(', ')}`,
      },
      headers: { Allow: allowed.join(', ') },
    };
  }

  private toAnswer(exception: unknown): {
    status: number;
    body: ApiFailure;
    headers: Record<string, string>;
  } {
    if (exception instanceof ApiError) {
      return {
        status: exception.getStatus(),
        body: exception.getResponse() as ApiFailure,
        headers: exception.headers,
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const raw = exception.getResponse();
      const message =
        typeof raw === 'string'
          ? raw
          : typeof raw === 'object' && raw && 'message' in raw && typeof raw.message === 'string'
            ? raw.message
            : exception.message;
      // 5xx HttpExceptions may carry internal detail; say only what the status means.
      return {
        status,
        body: { success: false, message: status >= 500 ? 'Internal server error' : message },
        headers: {},
      };
    }
    const uncast = uncastPath(exception);
    if (uncast !== null) {
      return {
        status: HttpStatus.BAD_REQUEST,
        body: { success: false, message: `Invalid ${uncast}` },
        headers: {},
      };
    }
    if (isStorageFull(exception)) {
      this.storage.markFull();
      return {
        status: HttpStatus.SERVICE_UNAVAILABLE,
        body: {
          success: false,
          message: 'The database is out of space: nothing was saved. Try again later.',
        },
        headers: { 'Retry-After': '60' },
      };
    }
    const engineFailure = transientEngineFailure(exception);
    if (engineFailure !== null) {
      this.logger.warn({ engineError: engineFailure }, 'the database engine failed a query: 503');
      return {
        status: HttpStatus.SERVICE_UNAVAILABLE,
        body: { success: false, message: 'The database could not answer this time, try again' },
        headers: { 'Retry-After': '1' },
      };
    }
    if (isDatabaseUnavailable(exception)) {
      return {
        status: HttpStatus.SERVICE_UNAVAILABLE,
        body: { success: false, message: 'Database unavailable, try again shortly' },
        headers: { 'Retry-After': '5' },
      };
    }
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      body: { success: false, message: 'Internal server error' },
      headers: {},
    };
  }
}
