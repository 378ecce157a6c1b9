import { createHash, timingSafeEqual } from 'node:crypto';

import { HttpStatus, Injectable } from '@nestjs/common';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { type Request } from 'express';

import { ApiError } from '../../common/api-error';
import { AppConfig } from '../../config/app-config';
import {
  INTAKE_CHALLENGE_PATH,
  INTAKE_KEY_HEADER,
  INTAKE_PROOF_FIELD,
  type IntakeChallenge,
  type IntakeProofPayload,
} from '../../contract';

import { type ProofVerdict } from './proof-verdict';
import { UsedProofs } from './used-proofs.store';

/**
 * The work a challenge asks: SHA-256 chained `cost` times per try, and the answer somewhere in
 * [min, max) tries from 0. About 100,000 digests: a second or two in a browser's worker while the
 * visitor types, nothing for one honest sender, and a real cost for thousands of forged ones.
 */
export const PROOF_WORK = { algorithm: 'SHA-256', cost: 10, min: 5_000, max: 15_000 } as const;
/** How long a challenge may be solved and sent: long enough to fill the form in. */
export const CHALLENGE_TTL_MS = 30 * 60_000;

/**
 * The intake's proof of work (ALTCHA, self-hosted): hands out HMAC-signed challenges, and says of
 * each submission what its proof is worth (a ProofVerdict, which the spam score reads). A solution
 * counts once across every API process: the first intake to store its challenge's hash wins.
 */
@Injectable()
export class IntakeProof {
  private readonly hmacKey: string;
  private readonly intakeKeys: readonly Buffer[];

  constructor(
    private readonly config: AppConfig,
    private readonly used: UsedProofs,
  ) {
    this.hmacKey = config.intakeProof.hmacKey;
    this.intakeKeys = config.intakeProof.keys.map(digest);
  }

  /** A new challenge, signed, expiring CHALLENGE_TTL_MS from now. */
  async challenge(now = new Date()): Promise<IntakeChallenge> {
    const challenge = await createChallenge({
      algorithm: PROOF_WORK.algorithm,
      cost: PROOF_WORK.cost,
      counter: randomInt(PROOF_WORK.min, PROOF_WORK.max),
      deriveKey,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      hmacSignatureSecret: this.hmacKey,
    });
    const { parameters, signature } = challenge;
    if (!signature || parameters.expiresAt === undefined)
      throw new Error('altcha-lib answered an unsigned challenge');
    return { parameters: { ...parameters, expiresAt: parameters.expiresAt }, signature };
  }

  /**
   * What a submission's proof is worth. A wrong `X-Intake-Key` is a 401 (a sender's mistake to
   * fix, never a reason to score); with INTAKE_PROOF=required, anything but a trusted sender or a
   * valid first use is a 400 that says what to send.
   */
  async verdict(request: Request, body: object): Promise<ProofVerdict> {
    const key = request.header(INTAKE_KEY_HEADER);
    if (key !== undefined) {
      if (this.trusted(key)) return { status: 'trusted' };
      throw new ApiError(HttpStatus.UNAUTHORIZED, `The ${INTAKE_KEY_HEADER} header is not valid`);
    }
    const { mode } = this.config.intakeProof;
    if (mode === 'off') return { status: 'unchecked' };
    const proof: unknown = Reflect.get(body, INTAKE_PROOF_FIELD);
    const verdict = typeof proof === 'string' && proof ? await this.check(proof) : MISSING;
    if (mode === 'required' && verdict.status !== 'valid')
      throw new ApiError(
        HttpStatus.BAD_REQUEST,
        `A proof of work is required: send \`${INTAKE_PROOF_FIELD}\`, a challenge from GET ${INTAKE_CHALLENGE_PATH} solved once (${verdict.status === 'missing' ? 'none was sent' : `the one sent is ${verdict.status}`}), or a trusted sender's ${INTAKE_KEY_HEADER} header`,
      );
    return verdict;
  }

  /** Compared in constant time, against each configured key whatever the first ones said. */
  private trusted(key: string): boolean {
    const sent = digest(key);
    return this.intakeKeys.reduce((found, known) => timingSafeEqual(sent, known) || found, false);
  }

  private async check(proof: string): Promise<ProofVerdict> {
    const payload = decodePayload(proof);
    if (!payload) return INVALID;
    const { challenge, solution } = payload;
    try {
      // The key is derived again from the counter sent (`cost` rounds: cheap), so both must hold.
      const result = await verifySolution({
        challenge,
        solution,
        deriveKey,
        hmacSignatureSecret: this.hmacKey,
      });
      if (!result.verified) return INVALID;
    } catch {
      // altcha-lib throws on parameters it cannot work with (a forged algorithm, a bad prefix).
      return INVALID;
    }
    const issuedAt = new Date(challenge.parameters.expiresAt * 1000 - CHALLENGE_TTL_MS);
    const first = await this.used.firstUse(
      challenge.signature,
      new Date(challenge.parameters.expiresAt * 1000),
    );
    return first ? { status: 'valid', issuedAt } : { status: 'reused' };
  }
}

const MISSING: ProofVerdict = { status: 'missing' };
const INVALID: ProofVerdict = { status: 'invalid' };

/** Equal-length digests, so that timingSafeEqual compares keys of any length. */
const digest = (key: string): Buffer => createHash('sha256').update(key).digest();

/** The ALTCHA payload (base64 JSON) if it has the shape of one, else null. */
function decodePayload(proof: string): IntakeProofPayload | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(proof, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  const challenge: unknown = isObject(value) ? value.challenge : undefined;
  const solution: unknown = isObject(value) ? value.solution : undefined;
  if (!isObject(challenge) || !isObject(solution)) return null;
  const { parameters, signature } = challenge;
  if (!isObject(parameters) || typeof signature !== 'string') return null;
  if (typeof parameters.expiresAt !== 'number') return null;
  if (typeof solution.counter !== 'number' || typeof solution.derivedKey !== 'string') return null;
  // Shape checked above; altcha-lib checks the rest (signature, expiry, key).
  return value as unknown as IntakeProofPayload;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
