import {
  encodeIntakeProof,
  INTAKE_CHALLENGE_PATH,
  type IntakeChallenge,
  type IntakeProofSolution,
} from '@contract';

/** The longest a SEND waits for a proof still being solved; after it the form goes without one. */
export const PROOF_WAIT_MS = 4_000;

/**
 * Solves one proof-of-work challenge for the contact form: fetched from the web server (no cookies),
 * solved in a worker while the visitor types. Resolves with the `altcha` value, or undefined when
 * anything is missing on the way (no worker, no Web Crypto, the server refused): the form is then
 * sent without a proof, as it is without JavaScript.
 */
export async function solveIntakeProof(): Promise<string | undefined> {
  try {
    const response = await fetch(INTAKE_CHALLENGE_PATH, {
      headers: { Accept: 'application/json' },
      credentials: 'omit',
    });
    const challenge: unknown = response.ok ? await response.json() : undefined;
    return isChallenge(challenge) ? await solveInWorker(challenge) : undefined;
  } catch {
    return undefined;
  }
}

/** The proof if it is ready within `ms`, else undefined. */
export function proofWithin(
  proof: Promise<string | undefined>,
  ms: number,
): Promise<string | undefined> {
  return Promise.race([proof, new Promise<undefined>((resolve) => setTimeout(resolve, ms))]);
}

function solveInWorker(challenge: IntakeChallenge): Promise<string | undefined> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./proof-worker.ts', import.meta.url), { type: 'module' });
    const done = (solution: IntakeProofSolution | null) => {
      worker.terminate();
      resolve(solution ? encodeIntakeProof({ challenge, solution }) : undefined);
    };
    worker.onmessage = (event: MessageEvent<IntakeProofSolution | null>) => done(event.data);
    worker.onerror = () => done(null);
    worker.postMessage(challenge);
  });
}

function isChallenge(value: unknown): value is IntakeChallenge {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { signature?: unknown }).signature === 'string' &&
    typeof (value as { parameters?: unknown }).parameters === 'object'
  );
}
