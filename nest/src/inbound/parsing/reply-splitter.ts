import { Worker } from 'node:worker_threads';

import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';

/** What a person wrote, and what they quoted or signed under it. */
export interface SplitReply {
  text: string;
  quoted: string;
}

/** The longest a split may take: the parser's patterns can backtrack for minutes on crafted text. */
const SPLIT_TIMEOUT_MS = 2_000;
/** Longer text is not split at all (kept whole as what was written). */
const SPLIT_MAX_CHARACTERS = 200_000;

/**
 * The worker's code, plain CommonJS: `email-reply-parser` (Crisp's maintained port of GitHub's
 * parser) finds the quoted history ("On … wrote:", "From: … Sent: …", `>` lines) and the signature
 * (`-- `, "Sent from my iPhone", sign-offs). Its fragments come back as visible or hidden.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const EmailReplyParser = require(workerData.parser).default;
parentPort.on('message', ({ id, text }) => {
  const email = new EmailReplyParser().read(text);
  const fragments = email.getFragments();
  const visible = fragments.filter((f) => !f.isHidden()).map((f) => f.getContent());
  const hidden = fragments.filter((f) => f.isHidden()).map((f) => f.getContent());
  parentPort.postMessage({ id, text: visible.join('\\n'), quoted: hidden.join('\\n') });
});`;

/**
 * Separates a reply from its quoted history and signature, in a worker thread with a time limit:
 * the parser's regular expressions run on text anyone can send, and some inputs make them
 * backtrack for a minute (measured: 54 s on 200 kB). Past the limit the worker is ended and the
 * text kept whole, so one crafted message never holds up the messages behind it.
 */
@Injectable()
export class ReplySplitter implements OnModuleDestroy {
  private readonly logger = new Logger('Inbound');
  private worker?: Worker;
  private next = 0;
  private readonly waiting = new Map<number, (split: SplitReply | null) => void>();
  /** One split at a time: a timed-out split ends the worker, which must not take others with it. */
  private queue: Promise<unknown> = Promise.resolve();

  split(text: string): Promise<SplitReply> {
    const whole = { text: text.trim(), quoted: '' };
    if (text.length > SPLIT_MAX_CHARACTERS || !text.trim()) return Promise.resolve(whole);
    const run = this.queue.then(() => this.inWorker(text));
    this.queue = run.catch(() => undefined);
    return run.then((split) => split ?? whole).catch(() => whole);
  }

  onModuleDestroy(): void {
    void this.worker?.terminate();
    this.worker = undefined;
  }

  private inWorker(text: string): Promise<SplitReply | null> {
    const worker = this.started();
    const id = this.next++;
    return new Promise<SplitReply | null>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        this.logger.warn('a reply took too long to split: kept whole');
        this.stop(worker);
        resolve(null);
      }, SPLIT_TIMEOUT_MS);
      this.waiting.set(id, (split) => {
        clearTimeout(timer);
        resolve(split);
      });
      worker.postMessage({ id, text });
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // Resolved here: the worker's own `require` starts from wherever the process was started.
      workerData: { parser: require.resolve('email-reply-parser') },
    });
    worker.unref();
    worker.on('message', (reply: SplitReply & { id: number }) => {
      const resolve = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      resolve?.({ text: reply.text.trim(), quoted: reply.quoted.trim() });
    });
    worker.on('error', (error) => {
      this.logger.warn({ err: error }, 'the reply splitter failed: replies are kept whole');
      this.stop(worker);
    });
    this.worker = worker;
    return worker;
  }

  /** Ends a worker; whatever waited on it is kept whole. */
  private stop(worker: Worker): void {
    if (this.worker === worker) this.worker = undefined;
    void worker.terminate();
    for (const [id, resolve] of this.waiting) {
      this.waiting.delete(id);
      resolve(null);
    }
  }
}
