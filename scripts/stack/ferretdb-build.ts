import { execFile } from 'node:child_process';
import { cp, chmod, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const FERRETDB_VERSION = 'v1.24.2';
const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';

/** A change to FerretDB's source: `from` must occur exactly once in `file`, or the build stops. */
interface SourcePatch {
  name: string;
  file: string;
  from: string;
  to: string;
}

/** A line of an edit: kept on both sides, or only removed, or only added. */
type EditLine = string | { removed: string } | { added: string };

/**
 * An edit written like a unified diff: the context once, the removed and the added lines marked,
 * so a reader sees what changes without comparing two copies of the same lines.
 */
function lineEdit(lines: readonly EditLine[]): Pick<SourcePatch, 'from' | 'to'> {
  const from: string[] = [];
  const to: string[] = [];
  for (const line of lines) {
    if (typeof line === 'string') {
      from.push(line);
      to.push(line);
    } else if ('removed' in line) from.push(line.removed);
    else to.push(line.added);
  }
  return { from: from.join('\n'), to: to.join('\n') };
}

/**
 * Our changes to FerretDB's source, named in the cache path so a binary built without one of them
 * is never reused.
 * - `id-index`: the SQLite handler creates each collection's `_id_` index on
 *   `_ferretdb_sjson->"_id"` but looks `_id` up by `_ferretdb_sjson->'$._id'`: the same value, yet
 *   another expression, so SQLite never uses the index (EXPLAIN QUERY PLAN says SCAN) and every
 *   find, update and delete by `_id` reads the table until it meets the row, slower the later the
 *   row was written (FerretDB issue #4646 is the same mismatch on PostgreSQL). Written the index's
 *   way, the lookup is an index search (decision 0035).
 * - `update-close`: the `update` command defers closing each statement's query until the whole
 *   command ends, and each open query holds one of the SQLite pool's 100 connections. An `update`
 *   of about 100 statements (a bulkWrite of 100 `updateOne`) then waits for a connection that never
 *   comes back, and holds the pool: every later call to that database hangs. Closed after its own
 *   statement, each query gives its connection back (decision 0040).
 */
export const FERRETDB_PATCHES: readonly SourcePatch[] = [
  {
    name: 'id-index',
    file: join('internal', 'backends', 'sqlite', 'metadata', 'metadata.go'),
    from: `IDColumn = DefaultColumn + "->'$._id'"`,
    to: 'IDColumn = DefaultColumn + `->"_id"`',
  },
  {
    name: 'update-close',
    file: join('internal', 'handler', 'msg_update.go'),
    ...lineEdit([
      '\t\tcloser := iterator.NewMultiCloser()',
      { removed: '\t\tdefer closer.Close()' },
      '',
      '\t\tcloser.Add(res.Iter)',
      '',
      '\t\titer := common.FilterIterator(res.Iter, closer, u.Filter)',
      '',
      '\t\tif !u.Multi {',
      '\t\t\titer = common.LimitIterator(iter, closer, 1)',
      '\t\t}',
      '',
      '\t\tresult, err := common.UpdateDocument(ctx, c, "update", iter, &u)',
      { added: '\t\tcloser.Close()' },
      '',
    ]),
  },
];
const BUILD_NAME = `ferretdb-${FERRETDB_VERSION}-${FERRETDB_PATCHES.map((p) => p.name).join('-')}`;

/** Where the built binary is cached: outside the repository, shared by every checkout. */
export function ferretDbBinaryPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FERRETDB_BIN) return env.FERRETDB_BIN;
  const cacheRoot = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(cacheRoot, 'boat-market-data', BUILD_NAME, 'ferretdb');
}

export async function hasGoToolchain(): Promise<boolean> {
  try {
    await run('go', ['version']);
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds FerretDB from the Go module proxy. A plain `go install …@v1.24.2` produces a binary that
 * panics at start: `build/version/version.txt` is generated upstream and not part of the module
 * (FerretDB issue #2982). So we copy the module, write that file, apply FERRETDB_PATCHES, and
 * build the copy.
 */
export async function buildFerretDb(output: string, signal?: AbortSignal): Promise<void> {
  const { stdout } = await run(
    'go',
    ['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`],
    { maxBuffer: 1 << 20, signal },
  );
  const moduleDir = (JSON.parse(stdout) as { Dir?: string }).Dir;
  if (!moduleDir) throw new Error('go mod download reported no module directory');

  const work = await mkdtemp(join(tmpdir(), 'ferretdb-build-'));
  try {
    const src = join(work, 'src');
    await cp(moduleDir, src, { recursive: true });
    // The module cache is read-only; the copy must be writable for the version file and go.sum.
    await run('chmod', ['-R', 'u+w', src]);
    await writeFile(join(src, 'build', 'version', 'version.txt'), FERRETDB_VERSION);
    for (const patch of FERRETDB_PATCHES) await applyPatch(src, patch);
    const built = join(work, 'ferretdb');
    await run('go', ['build', '-trimpath', '-o', built, './cmd/ferretdb'], {
      cwd: src,
      env: { ...process.env, CGO_ENABLED: '0', GOFLAGS: '-mod=mod' },
      maxBuffer: 16 << 20,
      signal,
    });
    await mkdir(dirname(output), { recursive: true });
    // Rename into place so a concurrent start never runs a half-written binary.
    const staged = `${output}.${process.pid}.tmp`;
    await cp(built, staged);
    await chmod(staged, 0o755);
    await rename(staged, output);
  } finally {
    await run('chmod', ['-R', 'u+w', work]).catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  }
}

/** Applies one patch; a source that is not exactly what it expects stops the build. */
async function applyPatch(src: string, { name, file, from, to }: SourcePatch): Promise<void> {
  const path = join(src, file);
  const source = await readFile(path, 'utf8');
  if (source.split(from).length !== 2)
    throw new Error(
      `FerretDB's ${file} does not hold the text patch ${name} changes once: it no longer fits`,
    );
  await writeFile(path, source.replace(from, to));
}
