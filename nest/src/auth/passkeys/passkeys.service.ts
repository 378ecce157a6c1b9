import { HttpStatus, Injectable } from '@nestjs/common';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';

import { ApiError } from '../../common/api-error';
import { AppConfig } from '../../config/app-config';
import {
  type PasskeyAuthenticationJson,
  type PasskeyRegistrationJson,
  type PasskeySummary,
} from '../../contract';
import { AdminRepository } from '../admin.repository';
import { LoginThrottleService } from '../login-throttle.service';
import { newRecoveryCodes } from '../mfa/recovery-codes';
import { type Admin, type AdminDocument } from '../schemas/admin.schema';

import { PasskeyChallenges } from './passkey-challenges.store';
import { PasskeyRepository } from './passkey.repository';
import { type PasskeyRecord } from './passkey.schema';

/** How long the browser lets the person answer (the challenge itself lives 5 minutes). */
const CEREMONY_TIMEOUT_MS = 120_000;

export const PASSKEY_NOT_ACCEPTED = 'The passkey was not accepted';

/** What a challenge is kept under: a registration, a sign-in's mfaToken, or a session's reauth. */
export const challengeKey = {
  register: (adminId: string) => `register:${adminId}`,
  signIn: (mfaChallengeId: string) => `sign-in:${mfaChallengeId}`,
  reauth: (sessionId: string) => `reauth:${sessionId}`,
};

export const summaryOf = (record: PasskeyRecord): PasskeySummary => ({
  id: record._id,
  name: record.name,
  createdAt: record.createdAt.toISOString(),
  lastUsedAt: record.lastUsedAt ? record.lastUsedAt.toISOString() : null,
});

/**
 * An admin's passkeys (WebAuthn credentials) through @simplewebauthn/server: the ceremonies'
 * options, registration, naming and removal, and checking an answer. Each challenge is kept
 * server-side (PasskeyChallenges) and used once; user verification is required, so a passkey
 * proves possession and the person's PIN or biometric at once.
 */
@Injectable()
export class PasskeysService {
  constructor(
    private readonly passkeys: PasskeyRepository,
    private readonly admins: AdminRepository,
    private readonly challenges: PasskeyChallenges,
    private readonly throttle: LoginThrottleService,
    private readonly config: AppConfig,
  ) {}

  /** The admin's passkeys, oldest first. */
  async listOf(adminId: string): Promise<PasskeyRecord[]> {
    const all = await this.passkeys.listOf(adminId);
    return all.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  /** Where passkeys live; a 409 saying what to set when the web app has no domain name. */
  private relyingParty(): NonNullable<AppConfig['webauthn']> {
    if (this.config.webauthn) return this.config.webauthn;
    throw new ApiError(
      HttpStatus.CONFLICT,
      'Passkeys need the web app on a domain name: WEB_URL is an IP address (set WEB_URL, or WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN)',
    );
  }

  /** Options for `navigator.credentials.create()`; its challenge is kept for the admin. */
  async registrationOptions(admin: AdminDocument): Promise<Record<string, unknown>> {
    const adminId = String(admin._id);
    const existing = await this.listOf(adminId);
    const options = await generateRegistrationOptions({
      rpName: this.relyingParty().rpName,
      rpID: this.relyingParty().rpId,
      userName: admin.email,
      userID: new TextEncoder().encode(adminId),
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      // The same authenticator twice would be one factor counted as two.
      excludeCredentials: existing.map((p) => ({ id: p._id, transports: p.transports })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    });
    await this.challenges.keep(challengeKey.register(adminId), options.challenge);
    return { ...options };
  }

  /**
   * Registers the authenticator's answer to the admin's kept challenge: a 400 when it does not
   * verify. With the admin's first second factor and no recovery codes, answers 10 new ones.
   */
  async register(
    admin: AdminDocument,
    name: string,
    response: PasskeyRegistrationJson,
  ): Promise<{ record: PasskeyRecord; recoveryCodes?: string[] }> {
    const adminId = String(admin._id);
    const challenge = await this.challenges.take(challengeKey.register(adminId));
    if (!challenge)
      throw notAccepted('response', 'no registration is pending: ask for new options');
    const verified = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: this.relyingParty().origin,
      expectedRPID: this.relyingParty().rpId,
      requireUserVerification: true,
    }).catch((error: unknown) => {
      throw notAccepted('response', reason(error));
    });
    if (!verified.verified) throw notAccepted('response', 'it did not verify');
    const { credential } = verified.registrationInfo;
    if (await this.passkeys.exists(credential.id))
      throw new ApiError(HttpStatus.CONFLICT, 'This passkey is registered already');
    const record: PasskeyRecord = {
      _id: credential.id,
      adminId,
      name: name.trim(),
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      createdAt: new Date(),
      lastUsedAt: null,
    };
    await this.passkeys.create(record);
    const firstFactor = !admin.totpSecret && admin.passkeyIds.length === 0;
    const codes =
      firstFactor && admin.recoveryCodeHashes.length === 0 ? newRecoveryCodes() : undefined;
    await this.admins.addPasskey(admin._id, record._id, codes?.hashes);
    return { record, ...(codes ? { recoveryCodes: codes.codes } : {}) };
  }

  async rename(admin: AdminDocument, id: string, name: string): Promise<PasskeyRecord> {
    const record = await this.ownPasskey(admin, id);
    await this.passkeys.rename(record._id, name.trim());
    return { ...record, name: name.trim() };
  }

  /**
   * Removes one of the admin's passkeys: never their last factor while ADMIN_MFA=required. With
   * their last factor go the recovery codes (they recover a second factor, and none is left).
   */
  async remove(admin: AdminDocument, id: string): Promise<void> {
    const record = await this.ownPasskey(admin, id);
    const others = admin.passkeyIds.filter((other) => other !== record._id).length;
    const last = others === 0 && !admin.totpSecret;
    if (last && this.config.adminMfa === 'required')
      throw new ApiError(
        HttpStatus.CONFLICT,
        'A second factor is required (ADMIN_MFA=required) and this passkey is your only one: add another first',
      );
    await this.admins.removePasskey(admin._id, record._id, last);
    await this.passkeys.delete(record._id);
  }

  /** Every passkey of the admin goes (the operator's reset). */
  async removeAllOf(adminId: string): Promise<void> {
    await this.passkeys.deleteAllOf(adminId);
  }

  /** Options for `navigator.credentials.get()`, its challenge kept under `key`. */
  async authenticationOptions(
    admin: Pick<Admin, 'passkeyIds'> & { _id: unknown },
    key: string,
  ): Promise<Record<string, unknown>> {
    const mine = await this.listOf(String(admin._id));
    if (mine.length === 0)
      throw new ApiError(HttpStatus.CONFLICT, 'You have no passkey: use a code instead');
    const options = await generateAuthenticationOptions({
      rpID: this.relyingParty().rpId,
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: 'required',
      allowCredentials: mine.map((p) => ({ id: p._id, transports: p.transports })),
    });
    await this.challenges.keep(key, options.challenge);
    return { ...options };
  }

  /**
   * Checks an answer to the challenge kept under `key` (used up by this, right or wrong) with one
   * of the admin's passkeys; its signature counter must have moved on (a clone's would not).
   * The passkey used, or null when the answer is not accepted.
   */
  async check(
    admin: AdminDocument,
    key: string,
    answer: PasskeyAuthenticationJson,
  ): Promise<PasskeyRecord | null> {
    const challenge = await this.challenges.take(key);
    if (!challenge) return null;
    const record = await this.passkeys.findById(answer.id);
    if (!record || record.adminId !== String(admin._id)) return null;
    const verified = await verifyAuthenticationResponse({
      response: answer as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: this.relyingParty().origin,
      expectedRPID: this.relyingParty().rpId,
      requireUserVerification: true,
      credential: {
        id: record._id,
        publicKey: Buffer.from(record.publicKey, 'base64url'),
        counter: record.counter,
        transports: record.transports,
      },
    }).catch(() => null);
    if (!verified?.verified) return null;
    const { newCounter } = verified.authenticationInfo;
    const now = new Date();
    // Conditional on the counter read: of two answers racing with one count, one wins.
    const used = await this.passkeys.use(record._id, newCounter, now);
    return used ? { ...record, counter: newCounter, lastUsedAt: now } : null;
  }

  /**
   * A signed-in admin's answer (reauthentication), counted in the sign-in throttle like a wrong
   * code when it is not accepted: a 400 then.
   */
  async checkCounted(
    admin: AdminDocument,
    key: string,
    answer: PasskeyAuthenticationJson,
    ip: string,
  ): Promise<PasskeyRecord> {
    await this.throttle.admit(admin.email, ip);
    const used = await this.check(admin, key, answer);
    if (used) return used;
    await this.throttle.recordFailure(admin.email, ip);
    throw new ApiError(HttpStatus.BAD_REQUEST, PASSKEY_NOT_ACCEPTED, {
      passkey: ['passkey was not accepted'],
    });
  }

  private async ownPasskey(admin: AdminDocument, id: string): Promise<PasskeyRecord> {
    const record = await this.passkeys.findById(id);
    if (!record || record.adminId !== String(admin._id))
      throw new ApiError(HttpStatus.NOT_FOUND, 'You have no passkey with this id');
    return record;
  }
}

function notAccepted(field: string, why: string): ApiError {
  return new ApiError(HttpStatus.BAD_REQUEST, `${PASSKEY_NOT_ACCEPTED}: ${why}`, {
    [field]: [`${field} was not accepted: ${why}`],
  });
}

const reason = (error: unknown): string =>
  error instanceof Error ? error.message : 'it did not verify';
