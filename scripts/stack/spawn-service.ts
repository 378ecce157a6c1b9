import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

import { type Exit, type Running } from './supervisor';

export interface SpawnServiceOptions {
  env: NodeJS.ProcessEnv;
  /** Each line the process writes, as it writes it. */
  onLine(line: string, stream: 'stdout' | 'stderr'): void;
  /** How long SIGTERM may take before SIGKILL. */
  graceMs: number;
}

/**
 * Runs a program as a supervised service. It leads a process group of its own, so a Ctrl-C in our
 * terminal reaches only the supervisor (which stops the services in order), and stopping it reaches
 * whatever it started in turn (Vite's esbuild, a watcher's child).
 */
export async function spawnService(
  command: string,
  args: readonly string[],
  options: SpawnServiceOptions,
): Promise<Running> {
  const child = spawn(command, args, {
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  await once(child, 'spawn'); // rejects with the spawn error (ENOENT…)
  const pid = child.pid as number;
  for (const stream of ['stdout', 'stderr'] as const) {
    createInterface({ input: child[stream], crlfDelay: Infinity }).on('line', (line) =>
      options.onLine(line, stream),
    );
  }
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      // Nothing it started may outlive it.
      signalGroup(pid, 'SIGKILL');
      resolve({ code, signal });
    }),
  );
  let stopping: Promise<void> | undefined;
  return {
    pid,
    exited,
    stop: () =>
      (stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        signalGroup(pid, 'SIGTERM');
        const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), options.graceMs);
        await exited;
        clearTimeout(timer);
      })()),
  };
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is empty already
  }
}
