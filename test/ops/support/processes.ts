import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * The machine's process table as Linux shows it in /proc: how the operations suite finds the
 * processes a supervisor started (by ancestry and command line, whatever the supervisor prints)
 * and checks that none of them outlives it.
 */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  /** Start time in clock ticks since boot: orders two processes' starts. */
  startTicks: number;
  argv: string[];
}

export function processTable(): Map<number, ProcessInfo> {
  const table = new Map<number, ProcessInfo>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = readProcess(Number(entry));
    if (info) table.set(info.pid, info);
  }
  return table;
}

function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (2nd field) is in parentheses and may contain spaces: split after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') return undefined; // exited, not yet reaped
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return {
      pid,
      ppid: Number(fields[1]),
      pgid: Number(fields[2]),
      startTicks: Number(fields[19]),
      argv,
    };
  } catch {
    return undefined; // gone meanwhile
  }
}

/** True while the process exists and has not exited (a zombie counts as gone). */
export function isRunning(pid: number): boolean {
  return readProcess(pid) !== undefined;
}

/** Every live process whose parent chain leads to `root` (root excluded). */
export function descendants(root: number, table = processTable()): ProcessInfo[] {
  const children = new Map<number, ProcessInfo[]>();
  for (const info of table.values()) {
    const list = children.get(info.ppid) ?? [];
    list.push(info);
    children.set(info.ppid, list);
  }
  const found: ProcessInfo[] = [];
  const queue = [root];
  while (queue.length) {
    for (const child of children.get(queue.shift() as number) ?? []) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

/** Live processes in any of these process groups. */
export function membersOfGroups(pgids: Iterable<number>): ProcessInfo[] {
  const wanted = new Set(pgids);
  return [...processTable().values()].filter((info) => wanted.has(info.pgid));
}

export type Role = 'supervisor' | 'db' | 'api' | 'web';

/** Which part of the product a command line is. */
export function roleOf(argv: string[]): Role | undefined {
  const program = basename(argv[0] ?? '');
  if (program === 'ferretdb' || program === 'mongod') return 'db';
  if (argv.some((arg) => arg.endsWith('scripts/stack/run-app.ts'))) return 'supervisor';
  // `nest start` runs `node dist/main`; everything else names the file.
  if (argv.some((arg) => /(^|\/)dist\/main(\.js)?$/.test(arg))) return 'api';
  if (
    argv.some(
      (arg) => arg.endsWith('build/web/server.mjs') || arg.endsWith('remix/server/index.ts'),
    )
  )
    return 'web';
  return undefined;
}

/**
 * The process playing each role under `root`. When wrappers (npx, sh, a tsx launcher) share a role
 * with the real program, the deepest one is the program itself.
 */
export function rolesUnder(
  root: number,
  table = processTable(),
): Partial<Record<Role, ProcessInfo>> {
  const found: Partial<Record<Role, ProcessInfo>> = {};
  for (const info of descendants(root, table)) {
    const role = roleOf(info.argv);
    // descendants() walks breadth first, so a later match is at least as deep.
    if (role) found[role] = info;
  }
  return found;
}
