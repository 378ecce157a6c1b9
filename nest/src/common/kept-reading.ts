/**
 * A small shared value read from the database (a settings document), kept for `keepMs`: several
 * API processes share the document, so a change made through another one shows here within that
 * time, while every use in between costs no read. Concurrent readers share one read, and a
 * process's own write replaces what it keeps at once.
 */
export class KeptReading<T> {
  private kept?: { value: T; until: number };
  private reading?: Promise<T>;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly keepMs: number,
  ) {}

  async get(): Promise<T> {
    if (this.kept && this.kept.until > Date.now()) return this.kept.value;
    this.reading ??= this.read()
      .then((value) => this.keep(value))
      .finally(() => (this.reading = undefined));
    return this.reading;
  }

  keep(value: T): T {
    this.kept = { value, until: Date.now() + this.keepMs };
    return value;
  }
}
