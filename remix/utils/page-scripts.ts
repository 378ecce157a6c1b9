import { type UIMatch } from '@remix-run/react';

/**
 * A route's say in which scripts its page loads. `island`: the page renders its own script (a
 * small bundle that hydrates it with React alone), so the document leaves Remix's router and route
 * modules out. Only in production builds: Vite's dev server needs Remix's scripts for hot reload.
 */
export interface PageScriptsHandle {
  scripts?: 'island';
}

export function loadsRemixScripts(matches: UIMatch[]): boolean {
  if (!import.meta.env.PROD) return true;
  return !matches.some((match) => (match.handle as PageScriptsHandle | undefined)?.scripts);
}
