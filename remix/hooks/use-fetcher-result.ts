import { useEffect, useRef } from 'react';

/**
 * Calls `onResult` once for each answer a fetcher brings back. A fetcher keeps its last `data`
 * across renders, so reacting to `data` alone would handle the same answer again.
 */
export function useFetcherResult<T>(
  fetcher: { state: string; data: T | undefined },
  onResult: (data: T) => void,
): void {
  const handled = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== 'idle' || fetcher.data === undefined || handled.current === fetcher.data)
      return;
    handled.current = fetcher.data;
    onResult(fetcher.data);
  }, [fetcher.state, fetcher.data, onResult]);
}
