import { HttpStatus, Injectable } from '@nestjs/common';

import { ApiError } from '../common/api-error';

import { AdminService, normaliseEmail } from './admin.service';
import { LoginThrottleService } from './login-throttle.service';
import { dummyPasswordHash, verifyPassword } from './password-hasher';
import { type RequestAdmin } from './request-admin';
import { TokenService } from './token.service';

export const INVALID_CREDENTIALS = 'Invalid email or password';

@Injectable()
export class AuthService {
  constructor(
    private readonly admins: AdminService,
    private readonly tokens: TokenService,
    private readonly throttle: LoginThrottleService,
  ) {}

  /** The session's token and who it is for; a 401 or 429 ApiError otherwise. */
  async login(
    rawEmail: string,
    password: string,
    ip: string,
  ): Promise<{ token: string; admin: RequestAdmin }> {
    const email = normaliseEmail(rawEmail);
    await this.throttle.admit(email, ip);
    const admin = await this.admins.findByEmail(email);
    // Unknown email and wrong password take the same path and the same time (one argon2 verify).
    const valid = await verifyPassword(
      admin?.passwordHash ?? (await dummyPasswordHash()),
      password,
    );
    if (!admin || !valid) {
      await this.throttle.recordFailure(email, ip);
      throw new ApiError(HttpStatus.UNAUTHORIZED, INVALID_CREDENTIALS);
    }
    await this.throttle.recordSuccess(email, ip);
    return { token: await this.tokens.issue(admin), admin: { id: String(admin._id), email } };
  }

  async isValidToken(token: string): Promise<boolean> {
    return (await this.tokens.verify(token)) !== null;
  }
}
