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
  /** What is counted: each scope has its own counter per visitor. */
  protected readonly scope: string = 'intake';

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
    const state = await this.store.increment(`${this.scope}:${visitor}`, ttlSeconds * 1000);
    if (state.count > limit) {
      const wait = Math.ceil((state.resetAt - Date.now()) / 1000);
      throw new TooManyRequestsError(`Too many ${this.noun}. Try again in ${wait} seconds.`, wait);
    }
    return true;
  }

  protected get noun(): string {
    return 'submissions';
  }
}

/**
 * The intake's challenges, limited as the intake is but counted apart: fetching one must not use
 * up a visitor's submissions.
 */
@Injectable()
export class ChallengeThrottleGuard extends IntakeThrottleGuard {
  protected override readonly scope: string = 'challenge';

  protected override get noun(): string {
    return 'challenges';
  }
}
