import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';

import { AppConfig } from '../config/app-config';

import { AdminService } from './admin.service';
import { type AdminDocument } from './schemas/admin.schema';

interface AdminClaims {
  sub: string;
  iat: number;
  exp: number;
}

/** Issues and checks admin session tokens: HS256 only, with our issuer and audience pinned. */
@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly config: AppConfig,
    private readonly admins: AdminService,
  ) {}

  issue(admin: AdminDocument): Promise<string> {
    return this.jwt.signAsync(
      { sub: admin.id as string },
      {
        algorithm: 'HS256',
        secret: this.config.jwt.secret,
        expiresIn: this.config.jwt.ttlSeconds,
        issuer: this.config.jwt.issuer,
        audience: this.config.jwt.audience,
      },
    );
  }

  /** The admin a token belongs to, or null for any invalid, expired, foreign or revoked token. */
  async verify(token: string): Promise<AdminDocument | null> {
    let claims: AdminClaims;
    try {
      claims = await this.jwt.verifyAsync<AdminClaims>(token, {
        algorithms: ['HS256'],
        secret: this.config.jwt.secret,
        issuer: this.config.jwt.issuer,
        audience: this.config.jwt.audience,
      });
    } catch {
      return null;
    }
    if (typeof claims.sub !== 'string' || !/^[0-9a-f]{24}$/.test(claims.sub)) return null;
    const admin = await this.admins.findById(claims.sub);
    if (!admin) return null;
    // iat has second precision: a token issued in the same second as a password change stays valid.
    if (claims.iat < Math.floor(admin.passwordChangedAt.getTime() / 1000)) return null;
    return admin;
  }
}
