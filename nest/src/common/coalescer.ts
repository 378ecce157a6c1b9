/**
 * Runs `flush` for whatever was pushed while the previous flush was under way, one flush at a time:
 * many callers, one write each round. Each caller's promise settles with the result of the flush
 * that carried its item.
 */
export class Coalescer<T, R> {
  private waiting: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private running = false;

  constructor(private readonly flush: (items: T[]) => Promise<R>) {}

  push(item: T): Promise<R> {
    const settled = new Promise<R>((resolve, reject) =>
      this.waiting.push({ item, resolve, reject }),
    );
    if (!this.running) void this.drain();
    return settled;
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        const result = await this.flush(batch.map((w) => w.item));
        for (const w of batch) w.resolve(result);
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    this.running = false;
  }
}
