import { readFileSync } from 'node:fs';

/** The landing island's source, as its Vite manifest names it (vite.landing-island.config.ts). */
export const LANDING_ISLAND_ENTRY = 'remix/islands/landing.tsx';
/** Where the server serves the island build (`build/web/islands/assets`, remix/server.ts). */
export const ISLANDS_BASE = '/islands/';

let cached: string | undefined;

/**
 * The URL of the landing page's script in a production build, or null in development, where Vite's
 * dev server hydrates the page with Remix's own scripts (hot reload needs them). Read once per
 * process from the island build's manifest; a build without it fails at the first page rather
 * than serving a page whose script is missing.
 */
export function landingIslandSrc(): string | null {
  if (import.meta.env.DEV) return null;
  if (cached) return cached;
  // The server bundle is build/web/server/index.mjs; the island build is build/web/islands.
  const manifestUrl = new URL('../islands/.vite/manifest.json', import.meta.url);
  const manifest = JSON.parse(readFileSync(manifestUrl, 'utf8')) as Record<
    string,
    { file: string } | undefined
  >;
  const entry = manifest[LANDING_ISLAND_ENTRY];
  if (!entry) throw new Error(`${LANDING_ISLAND_ENTRY} is missing from ${manifestUrl.pathname}`);
  cached = `${ISLANDS_BASE}${entry.file}`;
  return cached;
}
