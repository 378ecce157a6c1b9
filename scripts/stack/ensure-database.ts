/**
 * Builds the embedded database (FerretDB) into its cache unless it is there or a `mongod` is on PATH.
 * Run by .ci/run after `npm ci` so the first test run doesn't pay for the build; apps also build it
 * lazily on first start.
 */
import { existsSync } from 'node:fs';

import { buildFerretDb, ferretDbBinaryPath, FERRETDB_VERSION } from './ferretdb-build';

async function main(): Promise<void> {
  const binary = ferretDbBinaryPath();
  if (existsSync(binary)) {
    console.log(`FerretDB ${FERRETDB_VERSION} already built: ${binary}`);
    return;
  }
  console.log(`Building FerretDB ${FERRETDB_VERSION} into ${binary} …`);
  const started = Date.now();
  await buildFerretDb(binary);
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s`);
}

main().catch((error: unknown) => {
  console.error(`FerretDB build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
