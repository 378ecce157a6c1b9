/**
 * The docs name only what is in the repository: see scripts/ci/doc-paths.ts for the exact rule
 * (rooted paths in code spans, source file names, relative links and their #anchors; `*`, `**`,
 * `{a,b}` and `<placeholder>` allowed where a doc means "each of these", but each must match
 * something). When code moves, this fails with one `file:line: path (why)` line per stale mention.
 */
import { resolve } from 'node:path';

import {
  anchorsOf,
  checkDoc,
  checkDocs,
  formatOffender,
  githubSlug,
  repoOf,
} from '../../scripts/ci/doc-paths';

const ROOT = resolve(__dirname, '../..');

describe('README.md and docs/**/*.md', () => {
  it('name only paths that exist, and every relative link resolves', () => {
    const { files, offenders, checked } = checkDocs(ROOT);

    // A check that found no docs or read no path would pass whatever the docs say.
    expect(files).toContain('README.md');
    expect(files).toContain('docs/architecture.md');
    expect(checked).toBeGreaterThan(100);

    if (offenders.length > 0) {
      throw new Error(
        `${offenders.length} stale path(s) or link(s) in the docs (file:line: path (why)):\n` +
          offenders.map(formatOffender).join('\n') +
          '\n\nFix the doc (or the code, if it moved by mistake). Rules: scripts/ci/doc-paths.ts.',
      );
    }
  });
});

describe('the docs check itself', () => {
  const repo = repoOf([
    'README.md',
    'package.json',
    '.ci/run',
    'docs/api.md',
    'docs/decisions/0001-stack.md',
    'nest/src/leads/core/lead.service.ts',
    'nest/src/leads/contact-us-request/contact-us.module.ts',
    'remix/api-client/leads.server.ts',
    'remix/api-client/http.server.ts',
    'remix/routes/super-secret-admin.insights[.]csv.ts',
    'reports/bench/inbox.md',
    'reports/bench/inbox.json',
  ]);
  const docs: Record<string, string> = {
    'docs/api.md': '# The API\n\n## `GET /health`: is it up?\n\n## Lists\n\n## Lists\n',
  };
  const check = (markdown: string, file = 'README.md'): string[] =>
    checkDoc(repo, file, markdown, (path) => docs[path]).offenders.map(formatOffender);

  it('accepts paths, folders, line suffixes and patterns that name something', () => {
    const markdown = [
      'See `nest/src/leads/core/lead.service.ts`, `nest/src/leads/core/` and `package.json`,',
      '`.ci/run`, `./remix/api-client/leads.server.ts:12`, `remix/api-client/*.server.ts`,',
      '`nest/src/leads/<kind>/`, `reports/bench/inbox.{md,json}`, `nest/**/lead.service.ts`,',
      'the route `remix/routes/super-secret-admin.insights[.]csv.ts`, the file `lead.service.ts`',
      'and `core/lead.service.ts`, (`remix/api-client/http.server.ts`).',
    ].join('\n');
    expect(check(markdown)).toEqual([]);
  });

  it('names each stale path with its file and line', () => {
    const markdown = [
      'Fine: `package.json`.',
      'Moved: `remix/request-guards.ts` and',
      'a span over two lines `POST',
      'remix/utils/env.server.ts`.',
      'Not a folder: `package.json/`; no match: `remix/api-client/*.client.ts`, `nest/src/<x>/y.ts`.',
      'Gone everywhere: `lead-list.service.ts`, `core/lead.services.ts`.',
    ].join('\n');
    expect(check(markdown)).toEqual([
      'README.md:2: remix/request-guards.ts (no such file or folder)',
      'README.md:4: remix/utils/env.server.ts (no such file or folder)',
      'README.md:5: package.json/ (no such folder)',
      'README.md:5: remix/api-client/*.client.ts (matches nothing)',
      'README.md:5: nest/src/<x>/y.ts (matches nothing)',
      'README.md:6: lead-list.service.ts (no file of that name)',
      'README.md:6: core/lead.services.ts (no file of that name)',
    ]);
  });

  it('reads no fenced block, no generated output and no other project', () => {
    const markdown = [
      '```sh',
      'node remix/gone.ts',
      '```',
      '`dist/main.js`, `build/web/server.mjs`, `test-results/x/`, `.data/db`, `/super-secret-admin`,',
      "FerretDB's `internal/backends/sqlite/collection.go` and `10-preload.sh`, `npm run test:unit`,",
      '`DATA_DIR/db/server.json`, `e971b9a:docs/gone.md`, no `playwright.config.ts` on purpose.',
    ].join('\n');
    expect(checkDoc(repo, 'README.md', markdown, () => undefined)).toEqual({
      offenders: [],
      checked: 0,
    });
  });

  it('resolves relative links from the doc, with their anchors', () => {
    const markdown = [
      '[api](docs/api.md), [health](docs/api.md#get-health-is-it-up), [lists](docs/api.md#lists-1),',
      '[folder](docs/decisions), [up](#the-readme), [web](https://example.com/x), [mail](mailto:a@b)',
      '[gone](docs/web.md), [anchor](docs/api.md#list), [here](#nowhere), [out](../shared/x.md)',
      '',
      '# The README',
      '',
      '[ref]: docs/decisions/0002-gone.md',
    ].join('\n');
    expect(check(markdown)).toEqual([
      'README.md:3: docs/web.md (no such file or folder)',
      'README.md:3: docs/api.md#list (no heading #list in docs/api.md)',
      'README.md:3: #nowhere (no heading #nowhere in README.md)',
      'README.md:3: ../shared/x.md (outside the repository)',
      'README.md:7: docs/decisions/0002-gone.md (no such file or folder)',
    ]);
    expect(
      check('[readme](../README.md#top) [adr](decisions/0001-stack.md)', 'docs/api.md'),
    ).toEqual(['docs/api.md:1: ../README.md#top (no heading #top in README.md)']);
  });

  it("computes GitHub's heading anchors", () => {
    expect(githubSlug('An indexed engine: FerretDB 2 with DocumentDB')).toBe(
      'an-indexed-engine-ferretdb-2-with-documentdb',
    );
    expect(githubSlug('Before and after the lead core in parts (issue 19)')).toBe(
      'before-and-after-the-lead-core-in-parts-issue-19',
    );
    expect(githubSlug('_Project layout_ and **`npm test`**')).toBe('project-layout-and-npm-test');
    expect(githubSlug('The [web app](docs/web.md), snake_case & co.')).toBe(
      'the-web-app-snake_case--co',
    );
    expect(githubSlug('Sécurité')).toBe('sécurité');
    expect([...anchorsOf('# A\n## A\n```\n# not a heading\n```\n<a id="kept"></a>\n')]).toEqual([
      'a',
      'a-1',
      'kept',
    ]);
  });
});
