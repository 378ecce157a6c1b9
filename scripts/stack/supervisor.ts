/**
 * Keeps a few local processes running, for `npm run dev` and `npm start` (see decision 0006):
 * starts them in dependency order, restarts one that dies with a growing delay (waiting for what it
 * depends on to be back first), gives up on a crash loop with a non-zero exit, and on SIGINT, SIGTERM
 * or SIGHUP (however many) stops everything, dependents before what they depend on, then exits 0.
 */

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One started instance of a service. */
export interface Running {
  readonly pid: number;
  /** Settles when the process has exited. */
  readonly exited: Promise<Exit>;
  /** Ends it (gracefully, then by force) and settles once it is gone. */
  stop(): Promise<void>;
}

export interface ServiceDefinition {
  readonly name: string;
  /** Services that must be running before this one starts (or restarts). */
  readonly after?: readonly string[];
  /** Starts an instance and settles once dependents may rely on it. Must honour `signal`. */
  start(signal: AbortSignal): Promise<Running>;
}

export interface RestartPolicy {
  /** Delay before the first restart; doubled for each further exit in a row. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** An exit sooner than this after starting counts towards a crash loop; later ones reset it. */
  stableAfterMs: number;
  /** Consecutive early exits that end the supervisor. */
  giveUpAfter: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  firstDelayMs: 500,
  maxDelayMs: 8_000,
  stableAfterMs: 10_000,
  giveUpAfter: 5,
};

interface ServiceState {
  readonly def: ServiceDefinition;
  running?: Running;
  startedAt: number;
  earlyExits: number;
  timer?: NodeJS.Timeout;
  /** Starts, stops and restarts of one service run one after another. */
  queue: Promise<void>;
  waiters: (() => void)[];
}

export class Supervisor {
  private readonly services = new Map<string, ServiceState>();
  private readonly abort = new AbortController();
  private stopping?: Promise<never>;

  constructor(
    definitions: readonly ServiceDefinition[],
    private readonly log: (message: string) => void,
    private readonly policy: RestartPolicy = DEFAULT_RESTART_POLICY,
  ) {
    for (const def of definitions) {
      for (const dependency of def.after ?? [])
        if (!definitions.some((d) => d.name === dependency))
          throw new Error(`${def.name} depends on unknown service ${dependency}`);
      this.services.set(def.name, {
        def,
        startedAt: 0,
        earlyExits: 0,
        queue: Promise.resolve(),
        waiters: [],
      });
    }
  }

  /** Starts every service (each once its dependencies run) and stops on the usual signals. */
  start(): void {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      // A handler for the whole life of the process: a second signal (Ctrl-C twice, or the same
      // signal from the terminal and from npm) must not fall back to Node's default and kill us
      // halfway through stopping, which would orphan the children.
      process.on(signal, () => void this.shutdown(0, `${signal} received`));
    }
    for (const state of this.services.values()) this.enqueue(state, () => this.launch(state, true));
  }

  /** True once shutdown has begun. */
  isStopping(): boolean {
    return this.stopping !== undefined;
  }

  /** A planned restart (e.g. new code): no backoff, and the crash-loop count starts afresh. */
  restart(name: string): void {
    const state = this.state(name);
    if (this.abort.signal.aborted) return;
    clearTimeout(state.timer);
    state.earlyExits = 0;
    this.enqueue(state, async () => {
      const old = state.running;
      state.running = undefined; // so its exit is not taken for a crash
      await old?.stop();
      await this.launch(state, false);
    });
  }

  /** Stops everything, dependents first, and exits with `code`. Later calls wait for the first. */
  shutdown(code: number, reason: string): Promise<never> {
    if (this.stopping) {
      this.log(`${reason}; already stopping`);
      return this.stopping;
    }
    this.log(`${reason}; stopping everything`);
    this.abort.abort();
    return (this.stopping = this.stopAll().then(
      () => {
        this.log(`everything stopped; exit code ${code}`);
        process.exit(code);
      },
      (error: unknown) => {
        this.log(`could not stop cleanly: ${String(error)}`);
        process.exit(code || 1);
      },
    ));
  }

  private async stopAll(): Promise<void> {
    const left = new Set(this.services.values());
    for (const state of left) clearTimeout(state.timer);
    while (left.size) {
      // Whatever nothing still running depends on goes first: the API closes its database
      // connections before the database stops.
      const layer = [...left].filter(
        (state) => ![...left].some((other) => other.def.after?.includes(state.def.name)),
      );
      await Promise.all(
        layer.map(async (state) => {
          left.delete(state);
          await state.queue; // a start in progress sees the abort and cleans up after itself
          const running = state.running;
          state.running = undefined;
          await running?.stop();
        }),
      );
    }
  }

  private enqueue(state: ServiceState, task: () => Promise<void>): void {
    state.queue = state.queue.then(task).catch((error: unknown) => {
      this.log(`${state.def.name}: ${String(error)}`);
    });
  }

  private async launch(state: ServiceState, first: boolean): Promise<void> {
    const { name } = state.def;
    // A restart queued behind other work may come due after the stop began.
    if (this.abort.signal.aborted) return;
    let running: Running;
    try {
      for (const dependency of state.def.after ?? []) await this.whenRunning(dependency);
      state.startedAt = Date.now();
      running = await state.def.start(this.abort.signal);
    } catch (error) {
      if (this.abort.signal.aborted) return;
      const message = error instanceof Error ? error.message : String(error);
      if (first) {
        // Not a crash but a start that cannot work (no database engine, a missing build…).
        this.log(`${name} could not start: ${message}`);
        void this.shutdown(1, `${name} failed`);
      } else {
        this.exited(state, undefined, `could not start: ${message}`);
      }
      return;
    }
    if (this.abort.signal.aborted) {
      await running.stop();
      return;
    }
    state.running = running;
    this.log(`${name} started (pid ${running.pid})`);
    for (const wake of state.waiters.splice(0)) wake();
    void running.exited.then((exit) => this.exited(state, running, describeExit(exit)));
  }

  private exited(state: ServiceState, instance: Running | undefined, how: string): void {
    if (this.abort.signal.aborted || state.running !== instance) return; // stopped on purpose
    state.running = undefined;
    const { name } = state.def;
    const { firstDelayMs, maxDelayMs, stableAfterMs, giveUpAfter } = this.policy;
    const upMs = Date.now() - state.startedAt;
    state.earlyExits = upMs < stableAfterMs ? state.earlyExits + 1 : 1;
    if (state.earlyExits >= giveUpAfter) {
      this.log(
        `${name} ended ${state.earlyExits} times in a row within ${stableAfterMs / 1000} s of starting (last: ${how}); giving up`,
      );
      void this.shutdown(1, `${name} keeps crashing`);
      return;
    }
    const delay = Math.min(firstDelayMs * 2 ** (state.earlyExits - 1), maxDelayMs);
    this.log(`${name} ended (${how}) after ${seconds(upMs)}; restarting in ${seconds(delay)}`);
    state.timer = setTimeout(() => this.enqueue(state, () => this.launch(state, false)), delay);
  }

  private whenRunning(name: string): Promise<void> {
    const state = this.state(name);
    if (state.running) return Promise.resolve();
    const signal = this.abort.signal;
    if (signal.aborted) return Promise.reject(new Error('stopping'));
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(new Error('stopping'));
      signal.addEventListener('abort', onAbort, { once: true });
      state.waiters.push(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      });
    });
  }

  private state(name: string): ServiceState {
    const state = this.services.get(name);
    if (!state) throw new Error(`no service ${name}`);
    return state;
  }
}

export function describeExit({ code, signal }: Exit): string {
  return signal ?? `exit code ${code}`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}
