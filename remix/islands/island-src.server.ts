import { readFileSync } from 'node:fs';

import { ISLANDS_BASE, ISLANDS_DIR, LANDING_ISLAND_ENTRY } from './island-paths';

export interface IslandScripts {
  /** The module to run. */
  src: string;
  /** The modules it imports on demand (the contact modal), to fetch ahead of the first click. */
  prefetch: string[];
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

let cached: IslandScripts | undefined;

/**
 * The landing page's script. In a production build: its fingerprinted file and the chunks it loads
 * on demand, read once per process from the island build's manifest (a build without it fails at
 * the first page rather than serving a page whose script is missing). In development: the source,
 * which Vite's dev server serves as a module.
 */
export function landingIslandScripts(): IslandScripts {
  if (import.meta.env.DEV) return { src: `/${LANDING_ISLAND_ENTRY}`, prefetch: [] };
  if (cached) return cached;
  // The server bundle is build/web/server/index.mjs; the island build is build/web/islands.
  const manifestUrl = new URL(`../${ISLANDS_DIR}/.vite/manifest.json`, import.meta.url);
  const manifest = JSON.parse(readFileSync(manifestUrl, 'utf8')) as Record<
    string,
    ManifestChunk | undefined
  >;
  const entry = manifest[LANDING_ISLAND_ENTRY];
  if (!entry) throw new Error(`${LANDING_ISLAND_ENTRY} is missing from ${manifestUrl.pathname}`);
  const onDemand = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || onDemand.has(chunk.file) || chunk.file === entry.file) return;
    onDemand.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  entry.dynamicImports?.forEach(visit);
  cached = {
    src: `${ISLANDS_BASE}${entry.file}`,
    prefetch: [...onDemand].map((file) => `${ISLANDS_BASE}${file}`),
  };
  return cached;
}
