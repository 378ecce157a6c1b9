/**
 * The overdue part of the leads that wait on us past `new` (they wrote after our reply, issue 33):
 * when each began to wait, read once per version of the kept totals (any change of the kind's
 * leads bumps it), then only compared with the clock as time passes, so no request counts.
 */
export class WaitingOverdue {
  private kept?: { version: number; reading: Promise<number[]> };

  /** How many of the waiting leads have waited longer than the target at `now`. */
  async count(
    version: number,
    waiting: number,
    { targetMinutes, now }: { targetMinutes: number; now: Date },
    read: () => Promise<Date[]>,
  ): Promise<number> {
    // None waits: nothing overdue, and nothing to read.
    if (waiting === 0) return 0;
    if (this.kept?.version !== version) {
      const reading = read().then((dates) => dates.map((date) => date.getTime()));
      this.kept = { version, reading };
      reading.catch(() => {
        if (this.kept?.reading === reading) this.kept = undefined;
      });
    }
    const since = now.getTime() - targetMinutes * 60_000;
    return (await this.kept.reading).filter((start) => start < since).length;
  }

  forget(): void {
    this.kept = undefined;
  }
}
