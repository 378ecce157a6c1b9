import { type ReactNode, useEffect, useState } from 'react';

/**
 * What the page says where a passkey would need JavaScript: rendered by the server and gone once
 * the page runs its script, so only a browser without JavaScript keeps showing it. (Not a
 * <noscript>: React leaves its content out of the server's page.)
 */
export function NeedsJavaScript({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? null : children;
}
