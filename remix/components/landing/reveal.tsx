import { type ReactNode, useRef } from 'react';

import { useInView } from '~/hooks/use-in-view';

/**
 * Fades and slides its content in once when it scrolls into view. Server HTML is visible as it is:
 * only after hydration, and only when the content is off screen and motion is allowed, does it
 * take its start state (opacity and transform only, so nothing shifts).
 */
export function Reveal({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const phase = useInView(ref, { threshold: 0.15, minVisiblePx: 120 });
  const state = phase === 'waiting' ? ' is-hidden' : phase === 'entered' ? ' is-shown' : '';
  return (
    <div ref={ref} className={`reveal${state}${className ? ` ${className}` : ''}`}>
      {children}
    </div>
  );
}
