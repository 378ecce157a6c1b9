/**
 * Where the landing island lives, for its build (vite.landing-island.config.ts), the server that
 * serves it (remix/server/index.ts) and the page that names it (island-src.server.ts): one source.
 */
/** The entry, as the island build's manifest names it. */
export const LANDING_ISLAND_ENTRY = 'remix/islands/landing.ts';
/** The island build's directory name inside build/web (its files are in `assets/`). */
export const ISLANDS_DIR = 'islands';
/** The URL path the island build is served under. */
export const ISLANDS_BASE = `/${ISLANDS_DIR}/`;
