import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

import { build } from 'esbuild';

/**
 * The packages built output imports when it runs, read by esbuild's parser (CommonJS requires,
 * static and dynamic imports alike), with the entries' own relative imports followed.
 */
export async function runtimePackages(
  entryPoints: string[],
): Promise<Map<string, { kinds: Set<string> }>> {
  const { metafile } = await build({
    entryPoints,
    bundle: true,
    platform: 'node',
    packages: 'external',
    format: 'esm',
    metafile: true,
    write: false,
    outdir: 'runtime-imports', // nothing is written
    logLevel: 'silent',
  });
  const builtins = new Set(builtinModules);
  const packages = new Map<string, { kinds: Set<string> }>();
  const add = (path: string, kind: string) => {
    // `<runtime>` is esbuild's own helper module (its `__require`), not a package.
    if (path.startsWith('<') || path.startsWith('node:') || builtins.has(path.split('/')[0]!))
      return;
    const name = packageName(path);
    const entry = packages.get(name) ?? { kinds: new Set<string>() };
    entry.kinds.add(kind);
    packages.set(name, entry);
  };
  for (const [file, input] of Object.entries(metafile.inputs)) {
    for (const { path, kind, external } of input.imports) if (external) add(path, kind);
    // esbuild records no import for `require.resolve('x')` (a path handed to a worker thread),
    // yet production must have `x` installed.
    for (const [, path] of readFileSync(file, 'utf8').matchAll(REQUIRE_RESOLVE))
      add(path!, 'require-resolve');
  }
  return packages;
}

const REQUIRE_RESOLVE = /\brequire\.resolve\(\s*['"]([^'"./][^'"]*)['"]\s*\)/g;

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
}

/**
 * `packages` and, transitively, the peer dependencies (optional ones too: `@nestjs/core` loads
 * `@nestjs/platform-express` by name) that `declared` lists: everything production needs installed.
 */
export function withPeers(
  packages: Iterable<string>,
  declared: Set<string>,
  root = process.cwd(),
): Set<string> {
  const needed = new Set(packages);
  const queue = [...needed];
  while (queue.length) {
    const name = queue.shift() as string;
    let manifest: { peerDependencies?: Record<string, string> };
    try {
      manifest = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'));
    } catch {
      continue; // not installed: reported by the caller
    }
    for (const peer of Object.keys(manifest.peerDependencies ?? {})) {
      if (declared.has(peer) && !needed.has(peer)) {
        needed.add(peer);
        queue.push(peer);
      }
    }
  }
  return needed;
}
