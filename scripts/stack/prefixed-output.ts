import { prettyFactory } from 'pino-pretty';

const COLOURS: Record<string, string> = {
  run: '\x1b[1m',
  db: '\x1b[33m',
  api: '\x1b[36m',
  web: '\x1b[35m',
  tsc: '\x1b[34m',
};
const WIDTH = 3;

/** Prints a line of a service's output (or the supervisor's own, as `run`) under its name. */
export function printLine(name: string, line: string): void {
  const label = name.padEnd(WIDTH);
  const prefix = process.stdout.isTTY ? `${COLOURS[name] ?? ''}${label}\x1b[0m │ ` : `${label} │ `;
  process.stdout.write(`${prefix}${line}\n`);
}

/**
 * Development only: the API's pino JSON lines as one readable line each (level, Nest context,
 * message, then the other fields). Lines that are not JSON pass through unchanged.
 */
export function prettyLogLine(): (line: string) => string {
  const pretty = prettyFactory({
    colorize: Boolean(process.stdout.isTTY),
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,context',
    messageFormat: '{if context}{context}: {end}{msg}',
  });
  return (line) => pretty(line).replace(/\r?\n$/, '');
}
