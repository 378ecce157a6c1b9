import { HttpException, HttpStatus } from '@nestjs/common';

import { type ApiFailure } from '../contract';

/** An HttpException whose body is already the API's failure shape. */
export class ApiError extends HttpException {
  constructor(
    status: HttpStatus,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
    /** What the client must do first, for the guard's refusals (see ApiFailure). */
    flags: Pick<ApiFailure, 'mfaSetupRequired' | 'reauthRequired'> = {},
  ) {
    super(
      { success: false, message, ...(errors ? { errors } : {}), ...flags } satisfies ApiFailure,
      status,
    );
  }
}

export class TooManyRequestsError extends ApiError {
  constructor(message: string, retryAfterSeconds: number) {
    super(HttpStatus.TOO_MANY_REQUESTS, message, undefined, {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
  }
}
