import { HttpStatus, Injectable } from '@nestjs/common';

import { ApiError } from '../common/api-error';
import {
  MFA_CHALLENGE_GONE,
  type MfaMethod,
  type MfaVerifyRequest,
  type PasskeyAuthenticationJson,
} from '../contract';

import { AdminService, normaliseEmail } from './admin.service';
import { LoginThrottleService } from './login-throttle.service';
import { type MfaChallenge } from './mfa/mfa-challenge.schema';
import { MfaChallenges } from './mfa/mfa-challenges.store';
import { type CheckedFactor, MfaService, methodsOf, USED_CODE } from './mfa/mfa.service';
import { challengeKey, PASSKEY_NOT_ACCEPTED, PasskeysService } from './passkeys/passkeys.service';
import { dummyPasswordHash, verifyPassword } from './password-hasher';
import { type RequestAdmin } from './request-admin';
import { type AdminDocument } from './schemas/admin.schema';
import { type SessionOrigin } from './sessions/session.store';
import { TokenService } from './token.service';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const WRONG_SECOND_FACTOR = 'The code is not correct';
/** The 403 of a password change whose current password is wrong. */
export const WRONG_CURRENT_PASSWORD = 'The current password is not correct';

/** A right password: the session, or (with a second factor) the challenge that leads to one. */
export type PasswordOutcome =
  | { token: string; admin: RequestAdmin; mustChangePassword: boolean }
  | { mfaToken: string; admin: RequestAdmin; methods: MfaMethod[] };

/** What a right code of a challenge gave: the session, and the factor that was used. */
export interface SecondFactorOutcome {
  token: string;
  admin: RequestAdmin;
  factor: CheckedFactor;
}

/** A wrong code or passkey of a challenge: who it was for, for the audit log (a 401 follows). */
export class WrongSecondFactor extends ApiError {
  constructor(
    readonly admin: RequestAdmin,
    readonly method: 'code' | 'passkey',
    /** A right TOTP code used before: the message says to wait for the next one. */
    used = false,
  ) {
    super(
      HttpStatus.UNAUTHORIZED,
      method === 'passkey' ? PASSKEY_NOT_ACCEPTED : used ? USED_CODE : WRONG_SECOND_FACTOR,
    );
  }
}

@Injectable()
export class AuthService {
  constructor(
    private readonly admins: AdminService,
    private readonly tokens: TokenService,
    private readonly throttle: LoginThrottleService,
    private readonly mfa: MfaService,
    private readonly challenges: MfaChallenges,
    private readonly passkeys: PasskeysService,
  ) {}

  /** The session's token, or an `mfaToken` for the second step; a 401 or 429 ApiError otherwise. */
  async login(rawEmail: string, password: string, origin: SessionOrigin): Promise<PasswordOutcome> {
    const email = normaliseEmail(rawEmail);
    const ip = origin.ip ?? 'unknown';
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
    const who = { id: String(admin._id), email };
    const methods = methodsOf(admin);
    // The throttle's failures stay until the second factor is right too: a known password must
    // not buy fresh attempts at the codes.
    if (methods.length > 0)
      return { mfaToken: await this.challenges.issue(admin), admin: who, methods };
    await this.throttle.recordSuccess(email, ip);
    return {
      token: await this.tokens.issue(admin, origin),
      admin: who,
      mustChangePassword: admin.mustChangePassword,
    };
  }

  /**
   * The second step of a sign-in: the session for a right code. A 401 for a dead challenge, a
   * WrongSecondFactor (401) for a wrong code, a 429 when the throttle says so.
   */
  async verifySecondFactor(
    answer: MfaVerifyRequest,
    origin: SessionOrigin,
  ): Promise<SecondFactorOutcome> {
    const ip = origin.ip ?? 'unknown';
    const { challenge, admin } = await this.liveChallenge(answer.mfaToken, ip);
    const who = { id: String(admin._id), email: admin.email };
    const checked = answer.passkey
      ? await this.checkPasskey(admin, challenge, answer.passkey)
      : await this.mfa.check(admin, answer.code ?? '');
    if (checked === null || typeof checked === 'string') {
      await Promise.all([
        this.challenges.fail(challenge),
        this.throttle.recordFailure(challenge.email, ip),
      ]);
      throw new WrongSecondFactor(who, answer.passkey ? 'passkey' : 'code', checked === 'used');
    }
    const factor = checked;
    if (!(await this.challenges.consume(challenge)))
      throw new ApiError(HttpStatus.UNAUTHORIZED, MFA_CHALLENGE_GONE);
    await this.throttle.recordSuccess(challenge.email, ip);
    return { token: await this.tokens.issue(admin, origin), admin: who, factor };
  }

  /** Options for `navigator.credentials.get()` to finish the sign-in of `mfaToken` with. */
  async passkeyOptions(mfaToken: string, ip: string): Promise<Record<string, unknown>> {
    const { challenge, admin } = await this.liveChallenge(mfaToken, ip);
    return this.passkeys.authenticationOptions(admin, challengeKey.signIn(challenge._id));
  }

  /** The challenge of an `mfaToken` and its admin, as it was: a 401 otherwise, 429 throttled. */
  private async liveChallenge(
    mfaToken: string,
    ip: string,
  ): Promise<{ challenge: MfaChallenge; admin: AdminDocument }> {
    const challenge = await this.challenges.find(mfaToken);
    if (!challenge) throw new ApiError(HttpStatus.UNAUTHORIZED, MFA_CHALLENGE_GONE);
    await this.throttle.admit(challenge.email, ip);
    const admin = await this.admins.findById(challenge.adminId);
    if (!admin || admin.sessionVersion !== challenge.sv)
      throw new ApiError(HttpStatus.UNAUTHORIZED, MFA_CHALLENGE_GONE);
    return { challenge, admin };
  }

  private async checkPasskey(
    admin: AdminDocument,
    challenge: MfaChallenge,
    answer: PasskeyAuthenticationJson,
  ): Promise<CheckedFactor | null> {
    const used = await this.passkeys.check(admin, challengeKey.signIn(challenge._id), answer);
    return used ? { method: 'passkey', passkeyId: used._id } : null;
  }

  /** Null for a token that opens no session; else what its admin must do before anything else. */
  async checkToken(
    token: string,
  ): Promise<{ mustChangePassword: boolean; admin: AdminDocument } | 'idle' | null> {
    const session = await this.tokens.verify(token);
    if (session === null || session === 'idle') return session;
    return { mustChangePassword: session.admin.mustChangePassword, admin: session.admin };
  }

  /**
   * The signed-in admin's new password, after checking the current one. Every session of theirs
   * ends; the answer is a fresh token for this one.
   */
  async changePassword(
    admin: AdminDocument,
    currentPassword: string,
    newPassword: string,
    origin: SessionOrigin,
  ): Promise<string> {
    // A refusal of who is asking, not of the request's form: 403, with the field it is about.
    if (!(await verifyPassword(admin.passwordHash, currentPassword)))
      throw new ApiError(HttpStatus.FORBIDDEN, WRONG_CURRENT_PASSWORD, {
        currentPassword: ['currentPassword is not correct'],
      });
    if (newPassword === currentPassword)
      throw new ApiError(
        HttpStatus.BAD_REQUEST,
        'The new password must differ from the current one',
        {
          newPassword: ['newPassword must differ from currentPassword'],
        },
      );
    return this.tokens.issue(await this.admins.changePassword(admin, newPassword), origin);
  }
}

/** The client a session starts from, as the API saw it. */
export function originOf(request: {
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
}): SessionOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent : null };
}
