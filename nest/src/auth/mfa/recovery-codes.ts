import { createHash, randomBytes } from 'node:crypto';

import { RECOVERY_CODE_COUNT } from '../../contract';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 24 base32 characters: 120 random bits. */
const LENGTH = 24;

/**
 * Recovery codes carry 120 random bits, above the 112 from which ASVS V6.5.2 lets lookup secrets be
 * stored with a plain SHA-256 instead of a slow password hash. A slow hash would only make each
 * attempt cost ten argon2 verifications: a lever for exhausting the server, no gain in safety.
 */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(LENGTH);
    // 256 is a multiple of 32: each byte picks one of the 32 characters without bias.
    const text = Array.from(bytes, (b) => BASE32[b % 32]).join('');
    return text.match(/.{4}/g)?.join('-') ?? text;
  });
  return { codes, hashes: codes.map((code) => hashRecoveryCode(code) as string) };
}

/** The stored form of a code as typed (case, spaces and hyphens ignored); null if it cannot be one. */
export function hashRecoveryCode(typed: string): string | null {
  const normalised = typed.replace(/[\s-]/g, '').toUpperCase();
  if (!new RegExp(`^[${BASE32}]{${LENGTH}}$`).test(normalised)) return null;
  return createHash('sha256').update(normalised).digest('hex');
}
