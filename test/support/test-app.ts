import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

import { getConnectionToken } from '@nestjs/mongoose';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { type Connection } from 'mongoose';
import request from 'supertest';

import { AppModule } from '../../nest/src/app.module';
import { AdminService } from '../../nest/src/auth/admin.service';
import { type EnvOverrides } from '../../nest/src/config/app-config.module';
import { configureApp } from '../../nest/src/configure-app';
import { type LeadKindDescriptor, leadPaths } from '../../nest/src/contract';
import { keyDeltas } from '../../nest/src/leads/core/lead-email-counts';
import { LeadEmailCounts } from '../../nest/src/leads/core/lead-email-counts.store';
import { recountLeadTotals } from '../../nest/src/leads/core/repository/lead-counts.repository';

import { leadDocs } from './lead-docs';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestApp {
  app: NestExpressApplication;
  http: ReturnType<NestExpressApplication['getHttpServer']>;
  connection: Connection;
  dbName: string;
  close(): Promise<void>;
}

/**
 * The real AppModule, configured exactly as main.ts does (configureApp), on a database of its own
 * (named after the test file) on the suite's server.
 */
export async function createTestApp(
  overrides: EnvOverrides = {},
  file = expect.getState().testPath ?? 'test',
): Promise<TestApp> {
  const uri = process.env.TEST_MONGODB_URI;
  if (!uri)
    throw new Error('TEST_MONGODB_URI is not set: run through the api Jest project (global setup)');
  const dbName = `t_${basename(file).replace(/\W+/g, '_').slice(0, 30)}_${randomBytes(3).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'leads-api-data-'));
  const moduleRef = await Test.createTestingModule({
    imports: [
      AppModule.forRoot({
        NODE_ENV: 'test',
        MONGODB_URI: uri,
        MONGODB_DB: dbName,
        JWT_SECRET: TEST_JWT_SECRET,
        // Only unexpected server errors print: a failing test then shows its cause.
        LOG_LEVEL: 'error',
        DATA_DIR: dataDir,
        ...overrides,
      }),
    ],
  }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({
    bodyParser: false,
    logger: false,
  });
  configureApp(app);
  await app.init();
  const connection = app.get<Connection>(getConnectionToken());
  return {
    app,
    http: app.getHttpServer(),
    connection,
    dbName,
    async close() {
      await connection.dropDatabase().catch(() => undefined);
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createAdmin(
  t: TestApp,
  email = 'admin@example.com',
  password = 'correct horse battery',
): Promise<{ email: string; password: string }> {
  await t.app.get(AdminService).setPassword(email, password);
  return { email, password };
}

export async function loginToken(
  t: TestApp,
  email = 'admin@example.com',
  password = 'correct horse battery',
): Promise<string> {
  const res = await request(t.http).post('/auth/login').send({ email, password }).expect(200);
  return (res.body as { token: string }).token;
}

/** A test app with an admin, signed in: the token every admin call sends. */
export async function signedInTestApp(
  overrides: EnvOverrides = {},
): Promise<{ t: TestApp; token: string }> {
  const t = await createTestApp(overrides);
  await createAdmin(t);
  return { t, token: await loginToken(t) };
}

/**
 * One kind's admin API for a describe block: a signed-in app opened before its tests and closed
 * after them, the kind's leads cleared before each test, and `get`/`post` that send the token.
 * Read `t` and `token` inside tests and hooks (they are set in beforeAll).
 */
export function useSignedInKind(kind: LeadKindDescriptor, overrides: EnvOverrides = {}) {
  const api = {
    t: undefined as unknown as TestApp,
    token: '',
    paths: leadPaths(kind),
    get: (path: string) =>
      request(api.t.http).get(path).set('Authorization', `Bearer ${api.token}`),
    post: (path: string, body: object) =>
      request(api.t.http).post(path).set('Authorization', `Bearer ${api.token}`).send(body),
  };
  beforeAll(async () => {
    ({ t: api.t, token: api.token } = await signedInTestApp(overrides));
  });
  afterAll(() => api.t?.close());
  beforeEach(() => clearLeads(api.t, kind));
  return api;
}

/** Puts leads straight into the kind's collection, oldest first, as the intake would have stored them. */
export async function insertLeads(
  t: TestApp,
  kind: LeadKindDescriptor,
  count: number,
  archived = false,
  start = Date.now() - count * 1000,
): Promise<string[]> {
  return insertLeadDocs(t, kind, leadDocs(kind, count, { archived, start }));
}

/** Stores lead documents (leadDocs) straight into the database, then recounts the kind's totals. */
export async function insertLeadDocs(
  t: TestApp,
  kind: LeadKindDescriptor,
  docs: ReturnType<typeof leadDocs>,
): Promise<string[]> {
  const result = await t.connection.collection(kind.collection).insertMany(docs);
  await recountLeadTotals(database(t), [kind]);
  return Object.values(result.insertedIds).map((id) => id.toHexString());
}

/** Removes every lead of a kind, straight from the database (totals recounted). */
export async function clearLeads(t: TestApp, kind: LeadKindDescriptor): Promise<void> {
  const leads = t.connection.collection(kind.collection);
  const gone = await leads.find({}, { projection: { email: 1, assigneeId: 1 } }).toArray();
  await leads.deleteMany({});
  await recountLeadTotals(database(t), [kind]);
  // The addresses' kept counts (otherRequests) lose these leads, as the API's own deletes do.
  const deltas = keyDeltas(kind.key, gone as unknown as { email: string }[], -1);
  if (deltas.size > 0) await t.app.get(LeadEmailCounts).change(deltas);
}

function database(t: TestApp) {
  if (!t.connection.db) throw new Error('not connected');
  return t.connection.db;
}

export { leadPaths, request };
