import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';

import { webAliases } from './vite.aliases';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  // A cache of its own (a test's fresh one, say); Vite's default is node_modules/.vite.
  ...(process.env.VITE_CACHE_DIR ? { cacheDir: process.env.VITE_CACHE_DIR } : {}),
  resolve: { alias: webAliases },
  css: {
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3's own sources trip current Dart Sass deprecations; silence them for
        // dependencies. `import` is also ours: styles/bootstrap-theme imports Bootstrap's partials
        // (they share their variables only that way).
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions'],
      },
    },
  },
  build: { assetsInlineLimit: 0 },
  // Every dependency the browser loads, optimized when the dev server starts: one found later
  // makes Vite reload the page under the visitor (issue 32: an empty SEND, the sign-in and Insights
  // each broke a first visit). Found by visiting every page on a fresh cache until Vite no longer
  // prints "new dependencies optimized"; test/ops/dev-first-visit.test.ts checks it.
  optimizeDeps: {
    include: [
      'react',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'react-dom',
      'react-dom/client',
      '@remix-run/react',
      // Route modules import it for their loaders and actions, which the client build removes.
      '@remix-run/node',
      'react-bootstrap',
      'zod',
      '@conform-to/zod',
      'altcha-lib',
      'altcha-lib/algorithms/web/sha',
      '@simplewebauthn/browser',
      '@visx/axis',
      '@visx/group',
      '@visx/scale',
      '@visx/shape',
    ],
  },
  plugins: [
    remix({
      appDirectory: 'remix',
      buildDirectory: 'build/web',
      // The repository's package.json is CommonJS (for Nest); the server bundle is ESM, so name it .mjs.
      serverModuleFormat: 'esm',
      serverBuildFile: 'index.mjs',
      ignoredRouteFiles: ['**/*.spec.*', '**/*.test.*'],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
      },
    }),
  ],
});
