import { type Express } from 'express';

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
  match(path: string): boolean;
}

/**
 * The methods the app's routes take at `path` (HEAD wherever GET is), read from Express's router:
 * what a 405 names in `Allow`. Empty when no route has that path at all (a 404 then). With
 * `literalOnly`, only routes spelled out in full: `POST …/archive` is that path's route even though
 * `GET …/:id` would also take it.
 */
export function allowedMethods(
  app: Express,
  path: string,
  { literalOnly = false }: { literalOnly?: boolean } = {},
): string[] {
  // Express 5 (Nest's) keeps its router at `router`; Express 4 at `_router`.
  const { router, _router } = app as unknown as Record<string, { stack: RouteLayer[] } | undefined>;
  const stack = (router ?? _router)?.stack ?? [];
  const methods = new Set<string>();
  for (const layer of stack) {
    // Wildcard "routes" are middleware mounted for every path and method (request logging), not
    // something a client can call.
    if (!layer.route || layer.route.path.includes('*') || !layer.match(path)) continue;
    if (literalOnly && layer.route.path.includes(':')) continue;
    for (const [method, on] of Object.entries(layer.route.methods))
      if (on && method !== '_all') methods.add(method.toUpperCase());
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}
