import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

import { encodeIntakeProof, type IntakeChallenge } from '../../nest/src/contract';

/** Solves a challenge of GET /intake/challenge as a browser would, and encodes it for `altcha`. */
export async function solveIntakeChallenge(challenge: IntakeChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge could not be solved');
  return encodeIntakeProof({ challenge, solution });
}

/** A proof's JSON, to forge variants of it. */
export function decodeIntakeProof(proof: string): {
  challenge: IntakeChallenge;
  solution: { counter: number; derivedKey: string };
} {
  return JSON.parse(Buffer.from(proof, 'base64').toString('utf8')) as ReturnType<
    typeof decodeIntakeProof
  >;
}
