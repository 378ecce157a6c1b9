import { randomUUID } from 'node:crypto';

import jwt from 'jsonwebtoken';

import { TEST_JWT_SECRET } from './test-app';

const ISSUER = 'boat-market-data-api';
const AUDIENCE = 'boat-market-data-admin';

/** Tokens a client might forge or replay; each must be refused. */
export function forgedTokens(validToken: string, adminId: string): Record<string, string> {
  const [header, payload, signature] = validToken.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return {
    tampered: `${header}.${b64({ ...claims, sub: '0123456789abcdef01234567' })}.${signature}`,
    'bad signature': `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
    expired: jwt.sign({ sub: adminId, iat: now - 7200, exp: now - 3600 }, TEST_JWT_SECRET, {
      issuer: ISSUER,
      audience: AUDIENCE,
    }),
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims })}.`,
    'wrong secret': jwt.sign({ sub: adminId }, 'another-secret-of-sufficient-length-0123456789', {
      issuer: ISSUER,
      audience: AUDIENCE,
      expiresIn: 3600,
    }),
    'wrong audience': jwt.sign({ sub: adminId }, TEST_JWT_SECRET, {
      issuer: ISSUER,
      audience: 'someone-else',
      expiresIn: 3600,
    }),
    'wrong issuer': jwt.sign({ sub: adminId }, TEST_JWT_SECRET, {
      issuer: 'evil',
      audience: AUDIENCE,
      expiresIn: 3600,
    }),
    'HS512 with our secret': jwt.sign({ sub: adminId }, TEST_JWT_SECRET, {
      algorithm: 'HS512',
      issuer: ISSUER,
      audience: AUDIENCE,
      expiresIn: 3600,
    }),
    'not a jwt': 'hello',
  };
}

export function adminIdOf(token: string): string {
  const payload = token.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string }).sub;
}

/** The claims our tokens carry, signed by hand (so a test can leave one out). */
export function handSignedToken(
  claims: { sub: string; sv: number },
  omit?: 'exp' | 'iat' | 'sub' | 'jti',
): string {
  const now = Math.floor(Date.now() / 1000);
  const all: Record<string, unknown> = {
    ...claims,
    iat: now,
    exp: now + 3600,
    jti: randomUUID(),
  };
  if (omit) delete all[omit];
  // The library adds an `iat` unless told not to (and then drops any given one).
  return jwt.sign(all, TEST_JWT_SECRET, {
    issuer: ISSUER,
    audience: AUDIENCE,
    noTimestamp: omit === 'iat',
  });
}
