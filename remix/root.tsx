import catamaran400 from '@fontsource/catamaran/files/catamaran-latin-400-normal.woff2?url';
import { type LinksFunction } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
} from '@remix-run/react';
import { type ReactNode } from 'react';

import publicStylesheet from '../styles/public.scss?url';

import { useNonce } from './utils/nonce-provider';
import { loadsRemixScripts } from './utils/page-scripts';

export const links: LinksFunction = () => [
  // Every page's styles: what the landing and the error pages use (the admin routes add theirs).
  { rel: 'stylesheet', href: publicStylesheet },
  // The body font is needed for the first paint; fetching it early avoids a late swap.
  { rel: 'preload', href: catamaran400, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'icon', href: '/images/favicon.svg', type: 'image/svg+xml' },
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const remixScripts = loadsRemixScripts(useMatches());
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#081446" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {remixScripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Spec section 8: unknown routes and rendering failures show one generic fallback. */
export function ErrorBoundary() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText || (error.status === 404 ? 'Not Found' : 'Error')}`
    : // Production builds replace server error messages with a generic one, never a stack.
      error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <main className="app-error">
      <title>Unexpected Application Error!</title>
      <h1>Unexpected Application Error!</h1>
      <p className="lead">{detail}</p>
      <p>
        <a href="/">Back to the home page</a>
      </p>
    </main>
  );
}
