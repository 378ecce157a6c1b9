/** A 429's `Retry-After` as people read it: "1 minute", "15 minutes" (a minute when unknown). */
export function waitText(retryAfterSeconds: number | undefined): string {
  const minutes = Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
