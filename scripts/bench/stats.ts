/** Latency of one measured operation, in milliseconds. */
export interface Latency {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Nearest-rank percentiles (no interpolation: every figure is a measured request). */
export function latencyOf(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return {
    n: sorted.length,
    p50: round(rank(50)),
    p95: round(rank(95)),
    p99: round(rank(99)),
    mean: round(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length)),
    max: round(sorted[sorted.length - 1] ?? 0),
  };
}

/**
 * Runs `operation` n times one after another and times each run; `prepare` runs before each one,
 * untimed (to put the system into the state the measurement is about).
 */
export async function timeEach(
  n: number,
  operation: (i: number) => Promise<void>,
  prepare?: (i: number) => Promise<void>,
): Promise<Latency> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    await prepare?.(i);
    const started = performance.now();
    await operation(i);
    samples.push(performance.now() - started);
  }
  return latencyOf(samples);
}
