// What a local user or a container neighbour can reach of DATA_DIR and the embedded database.
import { readFileSync } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readdir, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { MongoClient } from 'mongodb';

import {
  type EmbeddedDatabase,
  startEmbeddedDatabase,
} from '../../scripts/stack/embedded-database';

/** Every entry under `root` with its permission bits and kind. */
async function modes(root: string): Promise<{ path: string; kind: string; mode: string }[]> {
  const out: { path: string; kind: string; mode: string }[] = [];
  const pending = [root];
  while (pending.length) {
    const dir = pending.pop() as string;
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const kind = entry.isDirectory() ? 'dir' : entry.isSocket() ? 'socket' : 'file';
      if (kind === 'dir') pending.push(path);
      out.push({ path, kind, mode: ((await lstat(path)).mode & 0o777).toString(8) });
    }
  }
  return out;
}

/** The TCP ports a process listens on, from its socket descriptors and the kernel's tables. */
async function tcpListenPorts(pid: number): Promise<number[]> {
  const inodes = new Set<string>();
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const match = /^socket:\[(\d+)\]$/.exec(target);
    if (match?.[1]) inodes.add(match[1]);
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is field 1 (hex ip:port), st field 3 (0A = LISTEN), inode field 9.
      if (fields[3] === '0A' && inodes.has(fields[9] ?? ''))
        ports.push(parseInt(fields[1]?.split(':')[1] ?? '0', 16));
    }
  }
  return ports;
}

describe('DATA_DIR and the embedded database', () => {
  let dataDir: string;
  let db: EmbeddedDatabase | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ops-private-'));
    // What an older version left: readable by every user.
    await chmod(dataDir, 0o755);
    await mkdir(join(dataDir, 'db', 'sqlite'), { recursive: true, mode: 0o755 });
    await writeFile(join(dataDir, 'jwt-secret'), 'old-secret', { mode: 0o644 });
    await chmod(join(dataDir, 'jwt-secret'), 0o644);
  });
  afterAll(async () => {
    await db?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps files 0600 and directories 0700, and serves FerretDB on a Unix socket only', async () => {
    db = await startEmbeddedDatabase({ dataDir, log: () => undefined });
    expect(db.engine).toBe('ferretdb');
    expect(db.uri).toBe(`mongodb://${encodeURIComponent(join(dataDir, 'db', 'ferretdb.sock'))}/`);
    expect(await tcpListenPorts(db.pid)).toEqual([]);

    const client = await new MongoClient(db.uri).connect();
    try {
      await client.db('private_check').collection('leads').insertOne({ email: 'a@example.com' });
    } finally {
      await client.close();
    }

    const entries = await modes(dataDir);
    expect(entries.some((e) => e.path.endsWith('.sqlite'))).toBe(true);
    expect(((await lstat(dataDir)).mode & 0o777).toString(8)).toBe('700');
    for (const entry of entries)
      expect(entry).toEqual({
        ...entry,
        mode: entry.kind === 'dir' ? '700' : entry.kind === 'socket' ? entry.mode : '600',
      });
  }, 60_000);
});
