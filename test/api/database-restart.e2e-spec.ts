import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { LEAD_KINDS, leadPaths } from '../../nest/src/contract';
import {
  type EmbeddedDatabase,
  freePort,
  startEmbeddedDatabase,
} from '../../scripts/stack/embedded-database';
import {
  createAdmin,
  createTestApp,
  insertLeads,
  loginToken,
  request,
  type TestApp,
} from '../support/test-app';

/**
 * The only file with a database server of its own: it stops and restarts it under a running API.
 * (With MONGODB_URI given, this file still starts its own embedded server, as it must control it.)
 */
describe('database outage', () => {
  const kind = LEAD_KINDS.brokerDemo;
  let db: EmbeddedDatabase;
  let dataDir: string;
  let port: number;
  let t: TestApp;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'leads-restart-'));
    port = await freePort();
    db = await startEmbeddedDatabase({ dataDir, port, log: () => undefined });
    t = await createTestApp({ MONGODB_URI: db.uri });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await db.stop();
  });

  async function waitForHealth(status: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await request(t.http).get('/health');
      if (res.status === status) return;
      if (Date.now() > deadline) throw new Error(`/health stayed ${res.status}, wanted ${status}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it('answers 503 while the database is down, recovers by itself, and loses nothing', async () => {
    await createAdmin(t);
    const token = await loginToken(t);
    const ids = await insertLeads(t, kind, 25);
    await request(t.http).get('/health').expect(200);

    await db.stop();
    await waitForHealth(503, 10_000);
    const down = await request(t.http).get('/health').expect(503);
    expect(down.body).toEqual(expect.objectContaining({ success: false, database: 'down' }));
    const list = await request(t.http)
      .get(leadPaths(kind).active)
      .set('Authorization', `Bearer ${token}`);
    expect(list.status).toBe(503);
    expect(list.body).toEqual(
      expect.objectContaining({ success: false, message: expect.any(String) }),
    );

    db = await startEmbeddedDatabase({ dataDir, port, log: () => undefined });
    await waitForHealth(200, 30_000);
    const after = await request(t.http)
      .get(`${leadPaths(kind).active}?limit=200`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(after.body.total).toBe(25);
    expect(after.body.data.map((l: { _id: string }) => l._id).sort()).toEqual([...ids].sort());
  }, 90_000);
});
