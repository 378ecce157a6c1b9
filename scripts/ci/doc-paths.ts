/**
 * Do the docs name only what is there? Every repository path named in README.md and docs/**\/*.md
 * must exist, and every relative Markdown link must resolve (with its `#anchor`, when it points into
 * a Markdown file). Code moves; docs that name the old place are caught here rather than by a reader.
 *
 * What is checked (fenced code blocks are skipped: they hold commands and examples, not references):
 *
 * 1. **Rooted paths.** Each whitespace-separated word of an inline code span whose first segment is
 *    a top-level entry of the repository (`nest/…`, `remix/…`, `docs/…`, `.ci/run`, `package.json`,
 *    …) must be a file or folder of the repository. A trailing `/` says "folder"; a `:12` line suffix
 *    is dropped. The top-level entries are those of the files git tracks or would track (ignored
 *    output such as `dist/`, `build/`, `test-results/` or `.data/` is not the repository's, so it is
 *    never checked).
 * 2. **Source file names.** A word that is not rooted but is a file name or a partial path ending in
 *    an extension we write (`.ts`, `.tsx`, `.scss`, `.md`, `.png`, `.svg`: `lead-action-plan.ts`,
 *    `lead-actions/fields.ts`) must end the path of some file of the repository, at a folder
 *    boundary. Other extensions are not read this way: built output (`server.mjs`), data files
 *    (`DATA_DIR/db/server.json`, a download's `requests-<date>.json`) and other projects' files
 *    (FerretDB's `collection.go`) are named in prose without being ours. A word with a `:` in it is
 *    a git object (`e971b9a:docs/architecture.md`) or a script name, not a path. The few names a
 *    doc mentions because they are absent on purpose are listed in `ABSENT_ON_PURPOSE` below.
 * 3. **Links.** Every `[text](target)`, `![alt](target)` and `[label]: target` whose target is not a
 *    URL (no `scheme:`) resolves from the Markdown file's folder to a file or folder inside the
 *    repository; a `#anchor` into a Markdown file (or alone, into the same file) must name one of
 *    its headings by GitHub's slug rules (or an explicit `<a id>`/`<a name>`).
 *
 * Patterns are allowed where a doc plainly means "each of these": `*` (within a folder), `**` (any
 * depth), `{a,b}` (either) and a `<placeholder>` (one segment, e.g. `nest/src/leads/<kind>/`). A
 * pattern must match at least one existing path, so it cannot name nothing. Nothing else is special:
 * `[`, `]`, `$` and `.` are literal, as in the route file `super-secret-admin.insights[.]csv.ts`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';

export interface DocReport {
  offenders: Offender[];
  /** How many paths and links were read: a check that reads none would pass for any docs. */
  checked: number;
}

export interface Offender {
  file: string;
  line: number;
  path: string;
  reason: string;
}

/** The repository as a fresh clone has it: its files, its folders and its top-level entries. */
export interface Repo {
  files: ReadonlySet<string>;
  folders: ReadonlySet<string>;
  roots: ReadonlySet<string>;
}

const SOURCE_NAME = /\.(?:ts|tsx|mts|cts|scss|md|png|svg)$/;
/** Names a doc mentions to say they do not exist, with the doc that says so. */
const ABSENT_ON_PURPOSE: Record<string, string> = {
  'playwright.config.ts':
    'docs/decisions/0003: the browser suite is a Jest project, so there is none',
};
const PATTERN = /[*{}<>]/;

/** Build a `Repo` from a list of file paths (POSIX, relative to the repository's root). */
export function repoOf(paths: Iterable<string>): Repo {
  const files = new Set<string>();
  const folders = new Set<string>();
  const roots = new Set<string>();
  for (const path of paths) {
    files.add(path);
    const segments = path.split('/');
    roots.add(segments[0]!);
    for (let i = 1; i < segments.length; i++) folders.add(segments.slice(0, i).join('/'));
  }
  return { files, folders, roots };
}

/** The files git tracks or would track (not ignored) that exist in the work tree. */
export function repoAt(root: string): Repo {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
    .split('\0')
    .filter((path) => path !== '' && existsSync(posix.join(root, path)));
  return repoOf(listed);
}

/** The Markdown files the check reads: README.md and everything under docs/. */
export function docFiles(repo: Repo): string[] {
  return [...repo.files]
    .filter((path) => path === 'README.md' || (path.startsWith('docs/') && path.endsWith('.md')))
    .sort();
}

/** GitHub's heading anchor: the rendered text, lower-cased, punctuation dropped, spaces as `-`. */
export function githubSlug(heading: string): string {
  let text = heading
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '');
  // Emphasis markers are not rendered text; an underscore inside a word is.
  for (let before = ''; before !== text;) {
    before = text;
    text = text.replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1(?![\p{L}\p{N}])/gu, '$2');
  }
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Blank out fenced code blocks, keeping line breaks so that offsets still give line numbers. */
function withoutFences(markdown: string): string {
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const opener = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === null) {
        if (opener === undefined) return line;
        fence = opener;
        return '';
      }
      if (opener !== undefined && opener[0] === fence[0] && opener.length >= fence.length) {
        fence = null;
      }
      return '';
    })
    .join('\n');
}

/** Every anchor a Markdown file offers: its headings' slugs (repeats numbered) and `<a id>`s. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(markdown).split('\n')) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const slug = githubSlug(heading);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const match of line.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  }
  return anchors;
}

/** A doc's pattern as a regular expression over repository paths. */
function patternRegExp(pattern: string): RegExp {
  let source = '';
  let braces = 0;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (pattern.startsWith('**/', i)) {
      source += '(?:.*/)?';
      i += 2;
    } else if (pattern.startsWith('**', i)) {
      source += '.*';
      i += 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '{') {
      braces++;
      source += '(?:';
    } else if (char === '}' && braces > 0) {
      braces--;
      source += ')';
    } else if (char === ',' && braces > 0) source += '|';
    else if (char === '<' && pattern.includes('>', i)) {
      source += '[^/]+';
      i = pattern.indexOf('>', i);
    } else source += char.replace(/[.+?^$(){}|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Is `path` (maybe a pattern, maybe ending in `/` for a folder) in the repository? */
function inRepo(repo: Repo, path: string): boolean {
  const folderOnly = path.endsWith('/');
  const bare = path.replace(/\/+$/, '');
  if (!PATTERN.test(bare)) {
    return repo.folders.has(bare) || (!folderOnly && repo.files.has(bare));
  }
  const re = patternRegExp(bare);
  const candidates = folderOnly ? [...repo.folders] : [...repo.files, ...repo.folders];
  return candidates.some((candidate) => re.test(candidate));
}

/** Does some file of the repository end with `tail` at a folder boundary? */
function endsSomeFile(repo: Repo, tail: string): boolean {
  const re = patternRegExp(`**/${tail}`);
  for (const file of repo.files) if (re.test(file)) return true;
  return false;
}

/**
 * What is wrong with a word of a code span: a reason, null when it names something of ours that is
 * there, undefined when it is no path of ours at all (a command, a URL, an identifier, `dist/…`).
 */
function wordProblem(repo: Repo, word: string): string | null | undefined {
  const path = word.replace(/^\.\//, '').replace(/:\d+(?:-\d+)?$/, '');
  if (path.includes(':') || path in ABSENT_ON_PURPOSE) return undefined;
  const root = path.split('/')[0]!;
  if (repo.roots.has(root)) {
    if (inRepo(repo, path)) return null;
    if (PATTERN.test(path)) return 'matches nothing';
    return path.endsWith('/') ? 'no such folder' : 'no such file or folder';
  }
  const looksLikeOurFile =
    SOURCE_NAME.test(path) && !path.includes('://') && /^[\w$@[\]{}*<>-]/.test(path);
  if (!looksLikeOurFile) return undefined;
  return endsSomeFile(repo, path) ? null : 'no file of that name';
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Strip what wraps a path in prose: brackets, quotes and trailing punctuation. */
function trimWord(word: string): { word: string; skipped: number } {
  const skipped = /^[("']*/.exec(word)![0].length;
  return { word: word.slice(skipped).replace(/[)"',.;:]+$/, ''), skipped };
}

/**
 * Check one Markdown file. `readDoc` gives another Markdown file of the repository (for anchors of
 * links into it), or undefined when there is none.
 */
export function checkDoc(
  repo: Repo,
  file: string,
  markdown: string,
  readDoc: (path: string) => string | undefined,
): DocReport {
  const offenders: Offender[] = [];
  let checked = 0;
  const text = withoutFences(markdown);
  const report = (offset: number, path: string, reason: string): void => {
    offenders.push({ file, line: lineAt(text, offset), path, reason });
  };

  // Code spans: each word is a possible path. Blank them afterwards, so links are read outside them.
  const codeSpan = /(?<!`)(`+)(?!`)([\s\S]+?)(?<!`)\1(?!`)/g;
  for (const span of text.matchAll(codeSpan)) {
    const start = span.index + span[1]!.length;
    for (const part of span[2]!.matchAll(/\S+/g)) {
      const { word, skipped } = trimWord(part[0]);
      const problem = wordProblem(repo, word);
      if (problem === undefined) continue;
      checked++;
      if (problem !== null) report(start + part.index + skipped, word, problem);
    }
  }
  const prose = text.replace(codeSpan, (span) => span.replace(/[^\n]/g, ' '));

  const links = [
    ...[...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => ({
      target: m[1]!,
      offset: m.index + 2,
    })),
    ...[...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => ({
      target: m[1]!,
      offset: m.index,
    })),
  ];
  const here = posix.dirname(file);
  for (const { target, offset } of links) {
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(target)) continue; // a URL, not ours to check
    checked++;
    const hash = target.indexOf('#');
    const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
    const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
    const resolved = pathPart === '' ? file : posix.normalize(posix.join(here, pathPart));
    if (resolved.startsWith('../') || posix.isAbsolute(resolved)) {
      report(offset, target, 'outside the repository');
      continue;
    }
    const bare = resolved.replace(/\/+$/, '');
    if (!repo.files.has(bare) && !repo.folders.has(bare) && bare !== '.') {
      report(offset, target, 'no such file or folder');
      continue;
    }
    if (anchor === null || !bare.endsWith('.md')) continue;
    const target_ = bare === file ? markdown : readDoc(bare);
    if (target_ === undefined || !anchorsOf(target_).has(anchor)) {
      report(offset, target, `no heading #${anchor} in ${bare}`);
    }
  }
  return { offenders: offenders.sort((a, b) => a.line - b.line), checked };
}

/** Check every doc of the repository at `root`. */
export function checkDocs(root: string): DocReport & { files: string[] } {
  const repo = repoAt(root);
  const read = (path: string): string | undefined =>
    repo.files.has(path) ? readFileSync(posix.join(root, path), 'utf8') : undefined;
  const files = docFiles(repo);
  const reports = files.map((file) => checkDoc(repo, file, read(file)!, read));
  return {
    files,
    offenders: reports.flatMap((report) => report.offenders),
    checked: reports.reduce((sum, report) => sum + report.checked, 0),
  };
}

/** `file:line: path (why)`, one offender a line: what an editor or a reader jumps to. */
export function formatOffender({ file, line, path, reason }: Offender): string {
  return `${file}:${line}: ${path} (${reason})`;
}
