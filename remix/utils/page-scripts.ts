import { type UIMatch } from '@remix-run/react';

/**
 * A route's say in which scripts its page loads. `island`: the page renders its own script (see
 * remix/islands/), so the document leaves Remix's router and route modules out, in development
 * too (a page both hydrated by Remix and changed by its own script would fight over the DOM).
 */
export interface PageScriptsHandle {
  scripts?: 'island';
}

export function loadsRemixScripts(matches: UIMatch[]): boolean {
  return !matches.some((match) => (match.handle as PageScriptsHandle | undefined)?.scripts);
}
