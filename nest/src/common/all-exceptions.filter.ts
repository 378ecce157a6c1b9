import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import { type Request, type Response } from 'express';
import { MongoNetworkError, MongoServerSelectionError, MongoNotConnectedError } from 'mongodb';
import { Error as MongooseError } from 'mongoose';

import { type ApiFailure } from '../contract';

import { ApiError } from './api-error';

/**
 * The single place where errors become HTTP answers. Every failure is `{success: false, message}`
 * with the right status; nothing internal (stack, driver message) ever reaches the client. Server
 * errors are logged with the request id the client also receives.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const requestId = String(request.id ?? '');
    const { status, body, headers } = this.toAnswer(exception);

    if (status >= 500) {
      this.logger.error({ err: exception, requestId, path: request.path }, 'request failed');
    }
    if (response.headersSent) return;
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    response.status(status).json({ ...body, requestId } satisfies ApiFailure);
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
    if (exception instanceof MongooseError.CastError) {
      return {
        status: HttpStatus.BAD_REQUEST,
        body: { success: false, message: `Invalid ${exception.path}` },
        headers: {},
      };
    }
    if (
      exception instanceof MongoServerSelectionError ||
      exception instanceof MongoNetworkError ||
      exception instanceof MongoNotConnectedError
    ) {
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
