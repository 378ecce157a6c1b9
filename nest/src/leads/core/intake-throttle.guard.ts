import { createHash } from 'node:crypto';

import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { type Request } from 'express';

import { TooManyRequestsError } from '../../common/api-error';
import { RateLimitStore } from '../../common/rate-limit/rate-limit.store';
import { AppConfig } from '../../config/app-config';

/**
 * INTAKE_RATE_LIMIT submissions per INTAKE_RATE_TTL seconds per visitor, across all kinds. The
 * visitor is `req.ip`: behind our web server that is the address it forwards, believed only from the
 * proxies in TRUST_PROXY, so a forged X-Forwarded-For from anyone else changes nothing.
 */
@Injectable()
export class IntakeThrottleGuard implements CanActivate {
  constructor(
    private readonly store: RateLimitStore,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const { limit, ttlSeconds } = this.config.intakeRateLimit;
    // Keyed by a hash: counters live in the shared database, where raw addresses aren't kept.
    const visitor = createHash('sha256')
      .update(request.ip ?? 'unknown')
      .digest('base64url');
    const state = await this.store.increment(`intake:${visitor}`, ttlSeconds * 1000);
    if (state.count > limit) {
      const wait = Math.ceil((state.resetAt - Date.now()) / 1000);
      throw new TooManyRequestsError(`Too many submissions. Try again in ${wait} seconds.`, wait);
    }
    return true;
  }
}
