import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';

import { webAliases } from './vite.aliases';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
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
