import { HttpStatus, Injectable } from '@nestjs/common';

import { ApiError } from '../../common/api-error';
import { SecretBox } from '../../common/secret-box';
import { AppConfig } from '../../config/app-config';
import { type MfaMethod, REAUTH_REQUIRED } from '../../contract';
import { AdminRepository } from '../admin.repository';
import { LoginThrottleService } from '../login-throttle.service';
import { verifyPassword } from '../password-hasher';
import { type Admin, type AdminDocument } from '../schemas/admin.schema';

import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { newTotpSecret, otpauthUrl, totpStep } from './totp';

/** A factor that was accepted: which kind, for a recovery code how many are left. */
export type CheckedFactor =
  | { method: 'totp' }
  | { method: 'recovery-code'; left: number }
  | { method: 'passkey'; passkeyId: string };

export const WRONG_CODE = 'The code is not correct';
/** A right TOTP code whose step was taken already (a code counts once): the next one will do. */
export const USED_CODE =
  'This code was already used. Wait for the next code in your authenticator app and enter that one';

/** How a code was refused: not a code of this admin's, or a TOTP code already used. */
export type CodeRefusal = 'wrong' | 'used';

type FactorsOf = Pick<Admin, 'totpSecret'> & { passkeyIds?: string[] };

/** Whether the admin has TOTP (a confirmed secret). */
export const hasTotp = (admin: FactorsOf): boolean =>
  admin.totpSecret !== null && admin.totpSecret !== undefined;

/** Whether the admin has a passkey (an admin saved before passkeys has no list at all). */
export const hasPasskey = (admin: FactorsOf): boolean => (admin.passkeyIds ?? []).length > 0;

/** Whether the admin has a second factor: TOTP or a passkey. */
export const hasSecondFactor = (admin: FactorsOf): boolean => hasTotp(admin) || hasPasskey(admin);

/** The methods a sign-in of this admin can finish with. */
export const methodsOf = (admin: Admin): MfaMethod[] => {
  if (!hasSecondFactor(admin)) return [];
  const methods: MfaMethod[] = [];
  if (hasTotp(admin)) methods.push('totp');
  if (hasPasskey(admin)) methods.push('passkey');
  if (admin.recoveryCodeHashes.length > 0) methods.push('recovery-code');
  return methods;
};

/** An admin's second factor: TOTP enrolment, removal, recovery codes, and checking a code. */
@Injectable()
export class MfaService {
  private readonly box: SecretBox;

  constructor(
    private readonly admins: AdminRepository,
    private readonly throttle: LoginThrottleService,
    private readonly config: AppConfig,
  ) {
    this.box = new SecretBox(config.jwt.secret, 'admin totp secret');
  }

  /**
   * A new pending TOTP secret, after the password. Replacing a confirmed one is a change of a
   * second factor: it needs a fresh factor (`fresh`) too.
   */
  async enrol(
    admin: AdminDocument,
    password: string,
    fresh: boolean,
    ip: string,
  ): Promise<{ secret: string; otpauthUrl: string }> {
    await this.checkPassword(admin, password, ip);
    if (hasSecondFactor(admin) && !fresh)
      throw new ApiError(
        HttpStatus.FORBIDDEN,
        REAUTH_REQUIRED,
        undefined,
        {},
        {
          reauthRequired: true,
        },
      );
    const secret = newTotpSecret();
    await this.admins.setPendingTotp(admin._id, this.box.seal(secret));
    return { secret, otpauthUrl: otpauthUrl(secret, admin.email) };
  }

  /** Makes the pending secret the admin's factor with a code from it; answers the recovery codes. */
  async confirm(admin: AdminDocument, code: string): Promise<string[]> {
    const pending = admin.totpPendingSecret && this.box.open(admin.totpPendingSecret);
    if (!pending)
      throw new ApiError(
        HttpStatus.CONFLICT,
        'No second factor is waiting for confirmation: start with POST /auth/mfa/totp',
      );
    const step = totpStep(pending, code.trim());
    if (step === null) throw codeRefused('wrong');
    const { codes, hashes } = newRecoveryCodes();
    // Conditional on the same pending secret: a second enrolment meanwhile wins, not this one.
    if (!(await this.admins.confirmTotp(admin._id, admin.totpPendingSecret, step, hashes)))
      throw new ApiError(HttpStatus.CONFLICT, 'The enrolment changed meanwhile: start again');
    return codes;
  }

  /**
   * Removes the TOTP factor after the password and a code; never the last factor while required.
   * The recovery codes stay while a passkey does.
   */
  async remove(admin: AdminDocument, password: string, code: string, ip: string): Promise<void> {
    if (!hasTotp(admin))
      throw new ApiError(HttpStatus.CONFLICT, 'There is no second factor to remove');
    if (this.config.adminMfa === 'required' && !hasPasskey(admin))
      throw new ApiError(
        HttpStatus.CONFLICT,
        'A second factor is required (ADMIN_MFA=required) and this is your only one: set up a new one instead (POST /auth/mfa/totp)',
      );
    await this.checkPassword(admin, password, ip);
    await this.checkCounted(admin, code, ip);
    await this.admins.removeTotp(admin._id, hasPasskey(admin));
  }

  /** A new set of recovery codes; the old ones stop working. */
  async renewRecoveryCodes(admin: AdminDocument): Promise<string[]> {
    if (!hasSecondFactor(admin))
      throw new ApiError(
        HttpStatus.CONFLICT,
        'Recovery codes come with a second factor: set one up first (POST /auth/mfa/totp)',
      );
    const { codes, hashes } = newRecoveryCodes();
    await this.admins.setRecoveryCodes(admin._id, hashes);
    return codes;
  }

  /**
   * Checks a TOTP code (its step not used before) or a recovery code (used up by this), each
   * atomically, so that two requests with one code cannot both pass. A used recovery code is
   * gone, so it is wrong; a right TOTP code of a step already taken (or older) was used.
   */
  async check(admin: AdminDocument, code: string): Promise<CheckedFactor | CodeRefusal> {
    const secret = admin.totpSecret && this.box.open(admin.totpSecret);
    const step = secret ? totpStep(secret, code.trim()) : null;
    if (step !== null) {
      return (await this.admins.useTotpStep(admin._id, step)) ? { method: 'totp' } : 'used';
    }
    const hash = hashRecoveryCode(code);
    if (!hash) return 'wrong';
    const left = await this.admins.useRecoveryCode(admin._id, hash);
    return left === null ? 'wrong' : { method: 'recovery-code', left };
  }

  /** A code of a signed-in admin, a wrong one counted in the sign-in throttle: a 400 when wrong. */
  async checkCounted(admin: AdminDocument, code: string, ip: string): Promise<CheckedFactor> {
    const factor = await this.check(admin, code);
    if (typeof factor === 'object') return factor;
    await this.throttle.recordFailure(admin.email, ip);
    throw codeRefused(factor);
  }

  /** The password of a signed-in admin, counted in the sign-in throttle: a 400 when wrong. */
  async checkPassword(admin: AdminDocument, password: string, ip: string): Promise<void> {
    await this.throttle.admit(admin.email, ip);
    if (await verifyPassword(admin.passwordHash, password)) return;
    await this.throttle.recordFailure(admin.email, ip);
    throw new ApiError(HttpStatus.BAD_REQUEST, 'The password is not correct', {
      password: ['password is not correct'],
    });
  }
}

/** A code refused (400), in words that say what to do next. */
function codeRefused(refusal: CodeRefusal): ApiError {
  return refusal === 'used'
    ? new ApiError(HttpStatus.BAD_REQUEST, USED_CODE, {
        code: ['code was already used: enter the next one'],
      })
    : new ApiError(HttpStatus.BAD_REQUEST, WRONG_CODE, { code: ['code is not correct'] });
}
