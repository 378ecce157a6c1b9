// The intake's proof of work (issue 22): what `GET /intake/challenge` answers and how a form sends
// the solution back. The rules (signing, checking, one use per solution) are the API's.

export const INTAKE_CHALLENGE_PATH = '/intake/challenge';

/** The intake body's field that carries a solved challenge (the ALTCHA payload: base64 JSON). */
export const INTAKE_PROOF_FIELD = 'altcha';

/** The longest proof an intake takes: a payload is about 600 characters. */
export const INTAKE_PROOF_MAX_LENGTH = 2_000;

/** `INTAKE_PROOF`: a missing proof counts against a submission (`score`), is refused, or nobody looks. */
export const INTAKE_PROOF_MODES = ['score', 'required', 'off'] as const;
export type IntakeProofMode = (typeof INTAKE_PROOF_MODES)[number];

/** An ALTCHA v2 challenge's parameters, as altcha-lib signs them. */
export interface IntakeChallengeParameters {
  algorithm: string;
  nonce: string;
  salt: string;
  cost: number;
  keyLength: number;
  keyPrefix: string;
  keySignature?: string;
  /** Unix seconds after which a solution is refused. */
  expiresAt: number;
}

/** `GET /intake/challenge`: an HMAC-signed ALTCHA v2 challenge, to solve once. */
export interface IntakeChallenge {
  parameters: IntakeChallengeParameters;
  signature: string;
}

/** What a solver found: the counter and the key it derives. */
export interface IntakeProofSolution {
  counter: number;
  derivedKey: string;
  time?: number;
}

/** The proof a form sends in `altcha`: base64 of this as JSON (the ALTCHA v2 payload). */
export interface IntakeProofPayload {
  challenge: IntakeChallenge;
  solution: IntakeProofSolution;
}

/** The `altcha` field's value for a solved challenge (browser and Node alike). */
export function encodeIntakeProof(payload: IntakeProofPayload): string {
  const json = JSON.stringify(payload);
  return btoa(String.fromCharCode(...new TextEncoder().encode(json)));
}
