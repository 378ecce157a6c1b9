import { canonicalAdminPath } from './admin-path';

describe('canonicalAdminPath', () => {
  it.each([
    ['/SUPER-SECRET-ADMIN', '', '/super-secret-admin'],
    ['/Super-secret-admin/activity', '', '/super-secret-admin/activity'],
    ['/%73uper-secret-admin.data', '?_routes=x', '/super-secret-admin.data?_routes=x'],
    ['//super-secret-admin/export', '?kind=contactUs', '/super-secret-admin/export?kind=contactUs'],
    ['/x/../SUPER-SECRET-ADMIN/privacy', '', '/super-secret-admin/privacy'],
    ['/x/%2e%2e/super-secret-admin', '', '/super-secret-admin'],
    ['/\\super-secret-admin', '', '/super-secret-admin'],
    // Whatever follows stays a path on this site: no header, no other host.
    ['/SUPER-SECRET-ADMIN%0d%0aSet-Cookie:%20x', '', '/super-secret-admin%0D%0ASet-Cookie:%20x'],
    ['/SUPER-SECRET-ADMIN//evil.example', '', '/super-secret-admin/evil.example'],
  ])('%s%s -> %s', (path, query, expected) =>
    expect(canonicalAdminPath(path, query)).toBe(expected),
  );

  it.each([
    ['/super-secret-admin'],
    ['/super-secret-admin/ACTIVITY'],
    ['/'],
    ['/%E0%A4%A'],
    ['/admin'],
  ])('leaves %s alone', (path) => expect(canonicalAdminPath(path)).toBeNull());
});
