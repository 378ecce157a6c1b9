import { ConfigError } from '../config/env.schema';

/** Runs a command-line task: one clear line and exit code 1 on failure, never a stack trace. */
export function runCli(task: () => Promise<void>): void {
  task().catch((error: unknown) => {
    console.error(
      error instanceof ConfigError
        ? `Configuration error: ${error.message}`
        : `Failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  });
}
