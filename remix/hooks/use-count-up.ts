import { useEffect, useState } from 'react';

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/**
 * Counts from 0 to `target` over `durationMs` with requestAnimationFrame once `running` turns
 * true, and stays at `target` afterwards. Before that it returns `idleValue`.
 */
export function useCountUp(
  target: number,
  running: boolean,
  { durationMs, idleValue }: { durationMs: number; idleValue: number },
): number {
  const [value, setValue] = useState<number | null>(null);

  useEffect(() => {
    if (!running) return;
    let frame = 0;
    let start: number | undefined;
    const step = (now: number) => {
      start ??= now;
      const t = Math.min(1, (now - start) / durationMs);
      setValue(t >= 1 ? target : Math.round(target * easeOutCubic(t)));
      if (t < 1) frame = requestAnimationFrame(step);
    };
    setValue(0);
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [running, target, durationMs]);

  return running ? (value ?? 0) : idleValue;
}
