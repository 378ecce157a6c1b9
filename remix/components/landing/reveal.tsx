import { type ReactNode } from 'react';

/**
 * A block that fades and slides in once when it scrolls into view (remix/islands/reveal.ts). The
 * server's HTML is visible as it is; the script only hides what is off screen, when motion is
 * allowed.
 */
export function Reveal({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={`reveal${className ? ` ${className}` : ''}`}>{children}</div>;
}
