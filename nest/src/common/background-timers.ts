/**
 * The timers of a background job (a check at start, on an interval, soon after a request): none
 * holds the process open, and none fires after `stop()` (the application's shutdown).
 */
export class BackgroundTimers {
  private readonly pending = new Set<NodeJS.Timeout>();
  private stoppedAt = false;

  get stopped(): boolean {
    return this.stoppedAt;
  }

  /** Runs `work` after `delayMs`, unless stopped first. */
  after(delayMs: number, work: () => void): void {
    if (this.stoppedAt) return;
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      work();
    }, delayMs);
    timer.unref();
    this.pending.add(timer);
  }

  /** Runs `work` every `intervalMs` until stopped. */
  every(intervalMs: number, work: () => void): void {
    if (this.stoppedAt) return;
    const timer = setInterval(work, intervalMs);
    timer.unref();
    this.pending.add(timer);
  }

  stop(): void {
    this.stoppedAt = true;
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }
}
