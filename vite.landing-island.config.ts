import { defineConfig } from 'vite';

import { ISLANDS_BASE, ISLANDS_DIR, LANDING_ISLAND_ENTRY } from './remix/islands/island-paths';
import { webAliases } from './vite.aliases';

/**
 * The landing page's script (remix/islands/landing.ts, no React) and the contact modal it loads on
 * demand (React and the form): fingerprinted files in build/web/islands/assets, served under
 * /islands/. The manifest tells the server their names (remix/islands/island-src.server.ts). Built
 * after the Remix build, beside it. See docs/decisions/0009-landing-island.md.
 */
export default defineConfig({
  resolve: { alias: webAliases },
  base: ISLANDS_BASE,
  // public/ is the Remix build's to copy, once.
  publicDir: false,
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: `build/web/${ISLANDS_DIR}`,
    emptyOutDir: true,
    manifest: true,
    // Browsers this page supports all know modulepreload; no polyfill in the page's script.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: {
      input: LANDING_ISLAND_ENTRY,
      onwarn(warning, warn) {
        // react-bootstrap marks its modules "use client" for React Server Components; meaningless here.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
