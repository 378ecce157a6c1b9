import { Secret, TOTP } from 'otpauth';

const PERIOD_MS = 30_000;

/** The 6-digit code of a base32 secret at a time, as an authenticator app computes it. */
export function totpAt(secret: string, timestamp: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp, period: 30, digits: 6 });
}

/**
 * The codes of the previous, current and next 30-second step: the three the API accepts (one step
 * of drift either way), each once. Waits out the last 3 seconds of a step first, so that the step
 * does not turn between computing the codes and the API checking them.
 */
export async function totpCodes(
  secret: string,
): Promise<{ previous: string; current: string; next: string }> {
  const left = PERIOD_MS - (Date.now() % PERIOD_MS);
  if (left < 3_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  const now = Date.now();
  return {
    previous: totpAt(secret, now - PERIOD_MS),
    current: totpAt(secret, now),
    next: totpAt(secret, now + PERIOD_MS),
  };
}

/**
 * Waits until at least `ms` are left in the current 30-second step. A test that reuses an earlier
 * step's code relies on the step not turning in between: past the turn that code is no longer the
 * one just used but an unused one, rightly accepted.
 */
export async function startOfStep(ms = 12_000): Promise<void> {
  const left = PERIOD_MS - (Date.now() % PERIOD_MS);
  if (left < ms) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** A 6-digit code that is none of the three the API would accept now. */
export function wrongTotp(secret: string): string {
  const now = Date.now();
  const valid = new Set([-1, 0, 1].map((d) => totpAt(secret, now + d * PERIOD_MS)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}
