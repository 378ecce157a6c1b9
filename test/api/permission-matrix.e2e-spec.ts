import { METHODS } from 'node:http';

import { type RouteRule, RouteAccess } from '../../nest/src/auth/route-access';
import {
  ADMIN_ROLES,
  ADMINS_PATH,
  type AdminRole,
  API_KEY_FORBIDDEN,
  API_KEYS_PATH,
  apiKeyRefusal,
  AUTH_PATHS,
  type Permission,
  PERMISSION_NAMES,
  permissionRefusal,
  PUBLIC_ROUTES,
  roleAllows,
} from '../../nest/src/contract';
import { as } from '../support/account';
import { createAdmin, createTestApp, loginToken, request, type TestApp } from '../support/test-app';

/** A layer of Express's router, as much of it as this test reads. */
interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Whether `route` ("GET /docs-json") is the row's (a `*` ends a prefix). */
function matches(row: string, route: string): boolean {
  return row.endsWith('*') ? route.startsWith(row.slice(0, -1)) : row === route;
}
const listedPublic = (route: string) => PUBLIC_ROUTES.some((row) => matches(row.route, route));

/** A value for each path parameter: its form does not matter, the guard answers before pipes. */
function callablePath(path: string): string {
  return path
    .replace(':kind', 'contactUs')
    .replace(':n', '1')
    .replace(/:\w+/g, '6650b2f1c2a4e3b1f0a1b2c3');
}

/**
 * Signing out ends the session it is called with (everywhere: all of them): those two go last,
 * each with a session of its own.
 */
const ENDS_SESSION = new Set([`POST ${AUTH_PATHS.logout}`, `POST ${AUTH_PATHS.logoutAll}`]);

/**
 * Every route of the running application, called as every role: each answers 403 naming the
 * permission exactly when THE table (ROLE_PERMISSIONS) does not give the role the permission the
 * route names, and anything else (a 400 or 404 for the dummy request) when it does. The routes
 * come from Express's router, not from a list here: a route added tomorrow is called tomorrow.
 */
describe('the permission matrix', () => {
  let t: TestApp;
  const tokens = {} as Record<AdminRole, string>;
  /** An API key of each role (issue 34), made by the owner. */
  const keys = {} as Record<AdminRole, string>;
  let endpoints: (RouteRule & { route: string })[];

  beforeAll(async () => {
    // Each key calls every route once: its rate is not what this test is about.
    t = await createTestApp({ LOGIN_DELAY_MAX_MS: '0', API_KEY_RATE_LIMIT: '100000' });
    await createAdmin(t, 'owner@example.com');
    tokens.owner = await loginToken(t, 'owner@example.com');
    for (const role of ADMIN_ROLES.filter((r) => r !== 'owner')) {
      const email = `${role}@example.com`;
      const added = await as(t, tokens.owner)
        .post(ADMINS_PATH, { email, password: 'an initial password', role })
        .expect(201);
      expect(added.body.admin.role).toBe(role);
      // Past the initial password, so the gate of a change due does not answer first.
      await createAdmin(t, email);
      tokens[role] = await loginToken(t, email);
    }
    // The agent with `assigned` on one kind only (issue 34), the viewer with the new default
    // (`none` on every kind): what they may do is their role's, whatever leads they see.
    const agentId = String(
      (await t.connection.collection('admins').findOne({ email: 'agent@example.com' }))?._id,
    );
    await as(t, tokens.owner)
      .patch(`${ADMINS_PATH}/${agentId}`, { access: { kinds: { contactUs: 'assigned' } } })
      .expect(200);
    for (const role of ADMIN_ROLES) {
      const made = await as(t, tokens.owner)
        .post(API_KEYS_PATH, { name: `${role} key`, role })
        .expect(201);
      keys[role] = made.body.key;
    }
    endpoints = routeTable();
  });
  afterAll(() => t.close());

  /** Express's routes, each with the rule the application read from its decorators. */
  function routeTable(): (RouteRule & { route: string })[] {
    const express = t.app.getHttpAdapter().getInstance() as unknown as {
      router?: { stack: RouterLayer[] };
      _router?: { stack: RouterLayer[] };
    };
    const stack = (express.router ?? express._router)?.stack ?? [];
    const rules = t.app.get(RouteAccess).all();
    const found = new Map<string, RouteRule & { route: string }>();
    const unexplained: string[] = [];
    for (const { route } of stack) {
      if (!route) continue;
      const methods = Object.keys(route.methods).filter((m) => route.methods[m]);
      // Middleware Nest mounts on every path for every method (the request logger): no endpoint.
      if (methods.length === METHODS.length && route.path === '/{*path}') continue;
      for (const method of methods.map((m) => m.toUpperCase())) {
        const key = `${method} ${route.path}`;
        const rule = rules.find((r) => r.method === method && r.path === route.path);
        if (rule) found.set(key, { ...rule, route: key });
        else if (listedPublic(key))
          found.set(key, { method, path: route.path, access: 'public', route: key });
        else unexplained.push(key);
      }
    }
    expect(unexplained).toEqual([]);
    return [...found.values()];
  }

  it('reads every route the application serves, each with a rule', () => {
    expect(endpoints.length).toBeGreaterThan(100);
    // Every private route names a permission the table knows (else start-up would have failed).
    const known: readonly string[] = ['public', ...PERMISSION_NAMES];
    for (const { route, access } of endpoints)
      expect({ route, access, known: known.includes(access) }).toEqual({
        route,
        access,
        known: true,
      });
  });

  it('lists in PUBLIC_ROUTES exactly the routes open without a token', () => {
    const open = endpoints.filter((e) => e.access === 'public').map((e) => e.route);
    for (const route of open)
      expect({ route, listed: listedPublic(route) }).toEqual({ route, listed: true });
    // And no row is left over from a route that went away.
    for (const { route } of PUBLIC_ROUTES)
      expect({ route, served: open.some((r) => matches(route, r)) }).toEqual({
        route,
        served: true,
      });
  });

  it('answers public routes without a token, never 401 or 403', async () => {
    for (const endpoint of endpoints.filter((e) => e.access === 'public')) {
      const call = request(t.http)[endpoint.method.toLowerCase() as 'get'](
        callablePath(endpoint.path),
      );
      const res = endpoint.method === 'GET' ? await call : await call.send({});
      expect({ route: endpoint.route, refused: [401, 403].includes(res.status) }).toEqual({
        route: endpoint.route,
        refused: false,
      });
    }
  });

  it('refuses every private route without a token (401)', async () => {
    for (const endpoint of endpoints.filter((e) => e.access !== 'public')) {
      const res = await request(t.http)[endpoint.method.toLowerCase() as 'get'](
        callablePath(endpoint.path),
      );
      expect({ route: endpoint.route, status: res.status }).toEqual({
        route: endpoint.route,
        status: 401,
      });
    }
  });

  it.each(ADMIN_ROLES)('lets a %s call exactly what the table gives the role', async (role) => {
    const permitted = endpoints
      .filter((e) => e.access !== 'public')
      .sort((a, b) => Number(ENDS_SESSION.has(a.route)) - Number(ENDS_SESSION.has(b.route)));
    const outcomes: { route: string; expected: string; got: string }[] = [];
    for (const endpoint of permitted) {
      const permission = endpoint.access as Exclude<RouteRule['access'], 'public'>;
      const allowed = roleAllows(role, permission);
      const call = request(t.http)
        [endpoint.method.toLowerCase() as 'post'](callablePath(endpoint.path))
        .set(
          'Authorization',
          `Bearer ${ENDS_SESSION.has(endpoint.route) ? await loginToken(t, `${role}@example.com`) : tokens[role]}`,
        );
      const res = endpoint.method === 'GET' ? await call : await call.send({});
      const refused =
        res.status === 403 && res.body.message === permissionRefusal(role, permission);
      outcomes.push({
        route: endpoint.route,
        expected: allowed ? 'allowed' : `403 (${permission})`,
        got: refused
          ? `403 (${permission})`
          : res.status === 401 || res.status === 403 || res.status >= 500
            ? `${res.status}: ${String(res.body.message)}`
            : 'allowed',
      });
    }
    expect(outcomes.filter((o) => o.expected !== o.got)).toEqual([]);
  });

  it.each(ADMIN_ROLES)(
    'lets an API key of role %s call what the table gives the role, save what no key may',
    async (role) => {
      const outcomes: { route: string; expected: string; got: string }[] = [];
      for (const endpoint of endpoints.filter((e) => e.access !== 'public')) {
        const permission = endpoint.access as Permission;
        const expected = API_KEY_FORBIDDEN.includes(permission)
          ? `403 no key (${permission})`
          : roleAllows(role, permission)
            ? 'allowed'
            : `403 (${permission})`;
        const call = request(t.http)
          [endpoint.method.toLowerCase() as 'post'](callablePath(endpoint.path))
          .set('Authorization', `Bearer ${keys[role]}`);
        const res = endpoint.method === 'GET' ? await call : await call.send({});
        const message = String(res.body.message);
        outcomes.push({
          route: endpoint.route,
          expected,
          got:
            res.status === 403 && message === apiKeyRefusal(permission)
              ? `403 no key (${permission})`
              : res.status === 403 && message === permissionRefusal(role, permission)
                ? `403 (${permission})`
                : res.status === 401 ||
                    res.status === 403 ||
                    res.status === 429 ||
                    res.status >= 500
                  ? `${res.status}: ${message}`
                  : 'allowed',
        });
      }
      expect(outcomes.filter((o) => o.expected !== o.got)).toEqual([]);
      // The key-forbidden permissions are routes of the application, each refused to a key.
      for (const permission of API_KEY_FORBIDDEN)
        expect({
          permission,
          refused: outcomes.some((o) => o.expected === `403 no key (${permission})`),
        }).toEqual({ permission, refused: true });
    },
  );
});
