import { AsyncLocalStorage } from 'node:async_hooks';

interface Scope {
  reads: Map<string, Promise<unknown>>;
  /** Work it started that outlives it (a timer, a fill for later requests) reads on its own. */
  over: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();

/**
 * Runs a read-only `work` whose parts may share reads (`sharedRead`): the queue reads four kinds
 * side by side, and each asked for the same kept totals and email-count version on its own, eight
 * round trips for two documents. Every shared read starts inside `work`, so it sees every change
 * answered before `work` began. Never around a write: a read shared before it would be answered
 * after it.
 */
export async function sharingReads<T>(work: () => Promise<T>): Promise<T> {
  const scope: Scope = { reads: new Map(), over: false };
  try {
    return await scopes.run(scope, work);
  } finally {
    scope.over = true;
  }
}

/**
 * Within the `sharingReads` under way, the first answer of `read` for `key` (a failed read is
 * shared as well: the parts fail together, as the request does); outside one, undefined: the
 * caller reads as it would alone (one document by `_id` rather than all of them).
 */
export function sharedRead<T>(key: string, read: () => Promise<T>): Promise<T> | undefined {
  const scope = scopes.getStore();
  if (!scope || scope.over) return undefined;
  const { reads } = scope;
  let shared = reads.get(key) as Promise<T> | undefined;
  if (!shared) {
    shared = read();
    reads.set(key, shared);
  }
  return shared;
}
