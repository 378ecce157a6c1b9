/**
 * Runs tasks one after another in this process. FerretDB 1.24 applies a conditional update as a
 * read followed by a write, without isolation, so two moves of one lead at once would both "match":
 * a kind's moves are queued here (decision 0005). MongoDB needs none of this, and loses little to it.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
