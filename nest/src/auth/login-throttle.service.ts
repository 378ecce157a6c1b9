import { Injectable } from '@nestjs/common';

import { TooManyRequestsError } from '../common/api-error';
import { RateLimitStore } from '../common/rate-limit/rate-limit.store';

const WINDOW_MS = 15 * 60_000;
/** Failed sign-ins allowed per email address and per client address in one window. */
export const LOGIN_LIMITS = { perEmail: 5, perIp: 20 } as const;

/**
 * Slows password guessing: only failures count, per target account and per source address, and a
 * locked-out caller is refused before the password is even checked.
 */
@Injectable()
export class LoginThrottleService {
  constructor(private readonly store: RateLimitStore) {}

  async assertAllowed(email: string, ip: string): Promise<void> {
    const now = Date.now();
    const checks = [
      [await this.store.peek(emailKey(email)), LOGIN_LIMITS.perEmail],
      [await this.store.peek(ipKey(ip)), LOGIN_LIMITS.perIp],
    ] as const;
    for (const [state, limit] of checks) {
      if (state && state.count >= limit) {
        const wait = Math.ceil((state.resetAt - now) / 1000);
        throw new TooManyRequestsError(
          `Too many failed sign-in attempts. Try again in ${wait} seconds.`,
          wait,
        );
      }
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.store.increment(emailKey(email), WINDOW_MS),
      this.store.increment(ipKey(ip), WINDOW_MS),
    ]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.store.reset(emailKey(email));
  }
}

const emailKey = (email: string) => `login:email:${email}`;
const ipKey = (ip: string) => `login:ip:${ip}`;
