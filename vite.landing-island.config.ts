import { defineConfig } from 'vite';

import { webAliases } from './vite.aliases';

/**
 * The landing page's script (remix/islands/landing.tsx): React and the landing's components, one
 * fingerprinted file in build/web/islands/assets, served under /islands/. Its manifest tells the
 * server the file's name (remix/islands/island-src.server.ts). Built after the Remix build, beside
 * it. See docs/decisions/0009-landing-island.md.
 */
export default defineConfig({
  resolve: { alias: webAliases },
  base: '/islands/',
  // public/ is the Remix build's to copy, once.
  publicDir: false,
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: 'build/web/islands',
    emptyOutDir: true,
    manifest: true,
    assetsInlineLimit: 0,
    rollupOptions: {
      input: 'remix/islands/landing.tsx',
      onwarn(warning, warn) {
        // react-bootstrap marks its modules "use client" for React Server Components; meaningless here.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
