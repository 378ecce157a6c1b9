// A real full disk: the database's files on a small tmpfs (mounting it needs root, as CI runs).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { LEAD_KINDS, leadPaths } from '../../nest/src/contract';
import {
  type EmbeddedDatabase,
  startEmbeddedDatabase,
} from '../../scripts/stack/embedded-database';
import { validSubmission } from '../support/submissions';
import { createTestApp, request, type TestApp } from '../support/test-app';

const kind = LEAD_KINDS.contactUs;
const paths = leadPaths(kind);

describe('when the database disk fills up', () => {
  const dir = mkdtempSync(join(tmpdir(), 'full-disk-'));
  const filler = join(dir, 'filler');
  let db: EmbeddedDatabase;
  let t: TestApp;

  beforeAll(async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=6m', 'tmpfs', dir]);
    // Room freed later, to see the API recover by itself.
    writeFileSync(filler, Buffer.alloc(1024 * 1024));
    db = await startEmbeddedDatabase({ dataDir: dir, log: () => undefined });
    // As `npm start` runs on the embedded database: limits in memory (RATE_LIMIT_STORE=memory).
    t = await createTestApp({
      MONGODB_URI: db.uri,
      INTAKE_RATE_LIMIT: '100000',
      RATE_LIMIT_STORE: 'memory',
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close().catch(() => undefined);
    await db?.stop();
    execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 (never 500), reports itself degraded, keeps every acknowledged lead, and recovers', async () => {
    const acknowledged: string[] = [];
    const big = { ...validSubmission(kind), message: 'x'.repeat(4_000) };
    let refused: request.Response | undefined;
    for (let i = 0; i < 5_000 && !refused; i++) {
      const res = await request(t.http).post(paths.create).send(big);
      if (res.status === 201) acknowledged.push(res.body.id as string);
      else refused = res;
    }
    expect(refused?.status).toBe(503);
    expect(refused?.body).toEqual({
      success: false,
      message: 'The database is out of space: nothing was saved. Try again later.',
      requestId: expect.any(String),
    });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(10);

    const degraded = await request(t.http).get('/health').expect(503);
    expect(degraded.body).toEqual(
      expect.objectContaining({ success: false, database: 'up', storage: 'full' }),
    );

    // Every lead that was answered 201 is there, readable.
    const stored = await t.connection
      .collection(kind.collection)
      .find({}, { projection: { _id: 1 } })
      .toArray();
    expect(new Set(stored.map((d) => String(d._id)))).toEqual(new Set(acknowledged));

    rmSync(filler);
    // Back by itself: SQLite may need a moment to reuse its write-ahead log once space is free
    // (seen up to about half a second alone, and once over 5 s in a fresh-clone run of the whole
    // suite; the probe's own failures are logged since), so health is asked as a monitor would,
    // twice a second, for at most 15 s.
    let health: request.Response | undefined;
    for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
      health = await request(t.http).get('/health');
      if (health.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // The body first: a failure shows what /health said, not only its status.
    expect(health?.body).toEqual({ success: true, database: 'up', storage: 'ok' });
    expect(health?.status).toBe(200);
    await request(t.http).post(paths.create).send(big).expect(201);
  }, 120_000);
});
