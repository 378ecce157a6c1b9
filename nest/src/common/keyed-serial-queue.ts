/**
 * Runs tasks of one key one after another in this process, tasks of different keys side by side.
 * A key is forgotten as soon as its last task settles, so the map holds only keys at work now.
 */
export class KeyedSerialQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** How many keys have tasks queued or running (for tests: it must come back to 0). */
  get size(): number {
    return this.tails.size;
  }
}
