import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';

import { AppConfig } from '../config/app-config';
import { isObjectId } from '../contract';

import { AdminService } from './admin.service';
import { type AdminDocument } from './schemas/admin.schema';
import { type SessionRecord } from './sessions/session.schema';
import { type SessionOrigin, SessionStore } from './sessions/session.store';
import { TokenDenyList } from './token-deny-list.store';

/** The claims every token we issue carries (besides `iss` and `aud`, checked by the verifier). */
interface AdminClaims {
  sub: string;
  iat: number;
  exp: number;
  /** This session's id: what signing out puts on the deny list. */
  jti: string;
  /** The admin's session version when issued (see Admin.sessionVersion). */
  sv: number;
}

/** A valid token's admin and session. */
export interface AdminSession {
  admin: AdminDocument;
  jti: string;
  expiresAt: Date;
  /** Its server-side record: when it was used and when it last checked a factor. */
  record: SessionRecord;
}

/** Why a token opens no session: `idle` is a real session unused too long, else anything else. */
export type TokenVerdict = AdminSession | 'idle' | null;

/** Issues and checks admin session tokens: HS256 only, with our issuer and audience pinned. */
@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly config: AppConfig,
    private readonly admins: AdminService,
    private readonly denyList: TokenDenyList,
    private readonly sessions: SessionStore,
  ) {}

  /** A new session of the admin: its record first, then the token that opens it. */
  async issue(admin: AdminDocument, origin: SessionOrigin): Promise<string> {
    const jti = randomUUID();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.config.jwt.ttlSeconds * 1000);
    await this.sessions.start(
      jti,
      { id: String(admin._id), sessionVersion: admin.sessionVersion },
      expiresAt,
      origin,
      now,
    );
    return this.jwt.signAsync(
      { sub: admin.id as string, sv: admin.sessionVersion },
      {
        algorithm: 'HS256',
        secret: this.config.jwt.secret,
        expiresIn: this.config.jwt.ttlSeconds,
        issuer: this.config.jwt.issuer,
        audience: this.config.jwt.audience,
        jwtid: jti,
      },
    );
  }

  /**
   * The session a token opens (marked used), `idle` for one unused longer than
   * SESSION_IDLE_TIMEOUT, or null for any invalid, expired, foreign, revoked or ended token.
   */
  async verify(token: string): Promise<TokenVerdict> {
    let claims: unknown;
    try {
      claims = await this.jwt.verifyAsync<object>(token, {
        algorithms: ['HS256'],
        secret: this.config.jwt.secret,
        issuer: this.config.jwt.issuer,
        audience: this.config.jwt.audience,
      });
    } catch {
      return null;
    }
    // The verifier checks `exp` only when present: a token without one would never expire.
    if (!hasOurClaims(claims)) return null;
    const [admin, revoked, record] = await Promise.all([
      this.admins.findById(claims.sub),
      this.denyList.isRevoked(claims.jti),
      this.sessions.find(claims.jti),
    ]);
    if (!admin || revoked || claims.sv !== admin.sessionVersion) return null;
    // A token without its record was never issued here, or its session was ended.
    if (!record || record.adminId !== claims.sub) return null;
    if (this.sessions.isIdle(record)) return 'idle';
    await this.sessions.touch(record);
    return { admin, jti: claims.jti, expiresAt: new Date(claims.exp * 1000), record };
  }
}

function hasOurClaims(claims: unknown): claims is AdminClaims {
  if (typeof claims !== 'object' || claims === null) return false;
  const { sub, iat, exp, jti, sv } = claims as Record<string, unknown>;
  return (
    isObjectId(sub) &&
    Number.isFinite(iat) &&
    Number.isFinite(exp) &&
    typeof jti === 'string' &&
    /^[\w-]{1,64}$/.test(jti) &&
    Number.isSafeInteger(sv)
  );
}
