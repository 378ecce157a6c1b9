import * as argon2 from 'argon2';

// OWASP's argon2id baseline (m=19 MiB, t=2, p=1): strong, yet quick enough for a login endpoint.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, computed once. Verifying against it when the email is unknown makes
 * that answer cost the same time as a wrong password, so timing doesn't reveal which emails exist.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  return (dummyHash ??= hashPassword(`no-such-admin-${Math.random()}`));
}
