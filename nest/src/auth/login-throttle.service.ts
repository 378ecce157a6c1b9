import { Injectable } from '@nestjs/common';

import { TooManyRequestsError } from '../common/api-error';
import { RateLimitStore } from '../common/rate-limit/rate-limit.store';
import { AppConfig } from '../config/app-config';

const WINDOW_MS = 15 * 60_000;
/**
 * Failed sign-ins are limited per (client address, account) pair and per client address (by
 * default 5 and 20 in 15 minutes: LOGIN_LIMIT_PER_ADDRESS_AND_ACCOUNT, LOGIN_LIMIT_PER_ADDRESS).
 * No limit locks an account as such: anyone who knows the owner's email could otherwise keep the
 * owner out for good. Guessing one account from many addresses is slowed instead: each recent
 * failure on the account, from anywhere, doubles the wait before the next attempt's answer, from
 * 250 ms up to LOGIN_DELAY_MAX_MS (4 s). The owner still signs in, a few seconds later at worst.
 */
const FIRST_DELAY_MS = 250;

/** Only failures count; a locked-out caller is refused before the password is even checked. */
@Injectable()
export class LoginThrottleService {
  constructor(
    private readonly store: RateLimitStore,
    private readonly config: AppConfig,
  ) {}

  /** A 429 for a locked pair or address; otherwise waits as long as the account's failures ask. */
  async admit(email: string, ip: string): Promise<void> {
    const now = Date.now();
    const checks = [
      [await this.store.peek(pairKey(email, ip)), this.config.loginThrottle.perAddressAndAccount],
      [await this.store.peek(addressKey(ip)), this.config.loginThrottle.perAddress],
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
    const failures = (await this.store.peek(accountKey(email)))?.count ?? 0;
    const wait = loginDelayMs(failures, this.config.loginThrottle.maxDelayMs);
    if (wait > 0) await sleep(wait);
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.store.increment(pairKey(email, ip), WINDOW_MS),
      this.store.increment(addressKey(ip), WINDOW_MS),
      this.store.increment(accountKey(email), WINDOW_MS),
    ]);
  }

  async recordSuccess(email: string, ip: string): Promise<void> {
    await Promise.all([this.store.reset(pairKey(email, ip)), this.store.reset(accountKey(email))]);
  }
}

/** The wait before answering an attempt on an account with `failures` recent failures. */
export function loginDelayMs(failures: number, maxMs: number): number {
  if (failures <= 0) return 0;
  return Math.min(maxMs, FIRST_DELAY_MS * 2 ** Math.min(failures - 1, 16));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pairKey = (email: string, ip: string) => `login:pair:${ip}:${email}`;
const addressKey = (ip: string) => `login:ip:${ip}`;
const accountKey = (email: string) => `login:account:${email}`;
