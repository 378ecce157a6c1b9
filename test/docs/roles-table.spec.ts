/**
 * docs/roles.md prints THE table of roles and permissions (ROLE_PERMISSIONS, with what API keys
 * may never do: API_KEY_FORBIDDEN) and the routes open
 * without a token (PUBLIC_ROUTES). Its tables are read back cell by cell (Prettier aligns them)
 * and held to the code's, so the page cannot drift from what the guard does.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import {
  ADMIN_ROLES,
  API_KEY_FORBIDDEN,
  PERMISSION_NAMES,
  PERMISSIONS,
  PUBLIC_ROUTES,
  roleAllows,
} from '../../nest/src/contract';

const DOC = readFileSync(resolve(__dirname, '../../docs/roles.md'), 'utf8');

/** The rows of the markdown table right after `<!-- name -->`, each as its trimmed cells. */
function tableAfter(marker: string): string[][] {
  const start = DOC.indexOf(`<!-- ${marker} -->`);
  if (start < 0) throw new Error(`docs/roles.md has no <!-- ${marker} --> marker`);
  const lines = DOC.slice(start).split('\n').slice(1);
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  // Without the header's underline.
  return rows.filter((cells) => !cells.every((cell) => /^:?-+:?$/.test(cell)));
}

describe('docs/roles.md', () => {
  it('prints the table of roles and permissions the guard reads', () => {
    const expected = [
      ['permission', 'what it allows', ...ADMIN_ROLES, 'API key'],
      ...PERMISSION_NAMES.map((permission) => [
        `\`${permission}\``,
        PERMISSIONS[permission],
        ...ADMIN_ROLES.map((role) => (roleAllows(role, permission) ? 'yes' : '—')),
        // A key of a role with the permission may use it, unless no key may (API_KEY_FORBIDDEN).
        API_KEY_FORBIDDEN.includes(permission) ? 'never' : 'as its role',
      ]),
    ];
    expect(tableAfter('role-table')).toEqual(expected);
  });

  it('prints the routes anyone may call without a token', () => {
    expect(tableAfter('public-routes')).toEqual([
      ['route', 'why it is open'],
      ...PUBLIC_ROUTES.map(({ route, why }) => [`\`${route}\``, why]),
    ]);
  });
});
