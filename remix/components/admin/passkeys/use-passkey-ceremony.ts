import { useFetcher } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';

import { useFetcherResult } from '~/hooks/use-fetcher-result';

import { type CeremonyKind, ceremonyProblem, runCeremony } from './ceremony.client';

/** What an action answers to a request for a ceremony's options. */
export interface PasskeyOptionsResult {
  passkeyOptions?: Record<string, unknown>;
  message?: string;
}

/**
 * A passkey ceremony in two steps: `start` posts a form (to `action`, else the page's own route)
 * that answers the ceremony's options; the browser's ceremony runs with them; `onAnswer` gets the
 * authenticator's answer (JSON text) to post. `problem`: why it stopped, for the page to show.
 * `ready` turns true once the page runs JavaScript: without it there is no ceremony.
 */
export function usePasskeyCeremony<T extends PasskeyOptionsResult>(
  kind: CeremonyKind,
  onAnswer: (answer: string) => void,
) {
  const fetcher = useFetcher<T>();
  const [problem, setProblem] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  useFetcherResult(
    fetcher,
    useCallback(
      (data: T) => {
        if (!data.passkeyOptions) return setProblem(data.message ?? null);
        setRunning(true);
        runCeremony(kind, data.passkeyOptions)
          .then(onAnswer, (error: unknown) => setProblem(ceremonyProblem(error)))
          .finally(() => setRunning(false));
      },
      [kind, onAnswer],
    ),
  );

  const start = useCallback(
    (form: FormData, action?: string) => {
      setProblem(null);
      fetcher.submit(form, { method: 'post', ...(action ? { action } : {}) });
    },
    [fetcher],
  );

  return {
    start,
    problem,
    ready,
    busy: running || fetcher.state !== 'idle',
    /** The options request's own answer (a refused password, a reauthentication to ask). */
    answer: fetcher.data,
  };
}
