/**
 * The web server: Express serving the Remix app (Vite middleware in development, the built bundle in
 * production) behind compression and a nonce-based Content-Security-Policy. Run by `npm run dev`
 * (through tsx) and `npm start` (bundled to build/web/server.mjs by `npm run build:web`).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { createRequestHandler } from '@remix-run/express';
import { type AppLoadContext, type ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express, { type Response } from 'express';
import helmet from 'helmet';

import './load-context';
import { getWebEnv, WebConfigError } from '../config/env.server';
import { ISLANDS_BASE, ISLANDS_DIR } from '../islands/island-paths';

import { adminPaths } from './admin-path';
import { landingCache } from './landing-cache';
import { formBodies, sameOriginPosts } from './request-guards';

const BUILD_DIR = path.resolve('build/web');

async function main(): Promise<void> {
  const env = getWebEnv();
  const development = env.NODE_ENV === 'development';
  // Only a site served over HTTPS may ask browsers to upgrade requests and remember HTTPS.
  const https = env.SITE_URL.startsWith('https:');

  const vite = development
    ? await import('vite').then(({ createServer }) =>
        createServer({ server: { middlewareMode: true } }),
      )
    : undefined;

  const app = express();
  app.disable('x-powered-by');
  // The visitor's address is what the API throttles on; believe X-Forwarded-For only from the
  // proxies named here (same syntax and default as the API).
  app.set('trust proxy', process.env.TRUST_PROXY || 'loopback');
  app.use(compression());
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  });
  app.use(
    helmet({
      // Vite's development client injects inline scripts and a websocket; enforce in production.
      contentSecurityPolicy: development
        ? false
        : {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
              styleSrc: ["'self'"],
              // react-bootstrap positions the modal with style attributes.
              styleSrcAttr: ["'unsafe-inline'"],
              imgSrc: ["'self'", 'data:'],
              fontSrc: ["'self'"],
              connectSrc: ["'self'"],
              formAction: ["'self'"],
              frameAncestors: ["'none'"],
              baseUri: ["'none'"],
              objectSrc: ["'none'"],
              ...(https ? { upgradeInsecureRequests: [] } : {}),
            },
          },
      crossOriginEmbedderPolicy: false,
      // Not helmet's no-referrer: with it Chromium sends `Origin: null` on our own form posts, and
      // Remix rightly refuses an action whose origin doesn't match the host.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: https,
      // The same rule as CSP's frame-ancestors 'none', for browsers that only know this header.
      xFrameOptions: { action: 'deny' },
    }),
  );
  app.use(adminPaths, sameOriginPosts, formBodies);

  if (vite) {
    app.use(vite.middlewares);
  } else {
    // Fingerprinted build output never changes under its name.
    app.use(
      '/assets',
      express.static(path.join(BUILD_DIR, 'client/assets'), { immutable: true, maxAge: '1y' }),
    );
    app.use(
      `${ISLANDS_BASE}assets`,
      express.static(path.join(BUILD_DIR, ISLANDS_DIR, 'assets'), {
        immutable: true,
        maxAge: '1y',
      }),
    );
    app.use(express.static(path.join(BUILD_DIR, 'client'), { maxAge: '1h' }));
  }

  const build = vite
    ? () => vite.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
    : ((await import(pathToFileURL(path.join(BUILD_DIR, 'server/index.mjs')).href)) as ServerBuild);

  if (typeof build !== 'function') app.use(landingCache(build, env.SITE_URL));
  app.all(
    '*',
    createRequestHandler({
      build,
      mode: env.NODE_ENV,
      getLoadContext: (req, res): AppLoadContext => ({
        clientIp: req.ip,
        cspNonce: (res as Response).locals.cspNonce as string,
      }),
    }),
  );

  const server = app.listen(env.WEB_PORT, env.WEB_HOST, () => {
    console.log(`Web on http://${env.WEB_HOST}:${env.WEB_PORT} (API at ${env.API_URL})`);
  });
  server.once('error', (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE'
        ? `Web server failed to start: ${env.WEB_HOST}:${env.WEB_PORT} is in use (set WEB_PORT)`
        : `Web server failed: ${error.message}`,
    );
    process.exit(1);
  });
  const stop = () => {
    server.close(() => process.exit(0));
    void vite?.close();
    // Keep-alive sockets would hold close() open; give in-flight requests a moment.
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(
    error instanceof WebConfigError
      ? `Configuration error: ${error.message}`
      : `Web server failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
