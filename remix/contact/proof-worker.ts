/**
 * The contact modal's proof of work, off the page's main thread: solves the ALTCHA challenge it is
 * sent (altcha-lib's solver, the browser's SHA-256) and answers the solution, or null.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

import { type IntakeChallenge, type IntakeProofSolution } from '@contract';

/** The part of a dedicated worker's global scope this uses (the web build types the page's). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<IntakeChallenge>) => void) | null;
  postMessage(message: IntakeProofSolution | null): void;
}

const scope = globalThis as unknown as WorkerScope;

scope.onmessage = (event) => {
  solveChallenge({ challenge: event.data, deriveKey, timeout: 60_000 })
    .then((solution) => scope.postMessage(solution))
    .catch(() => scope.postMessage(null));
};
