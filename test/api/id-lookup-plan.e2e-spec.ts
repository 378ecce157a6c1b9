import { ObjectId } from 'mongodb';

import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Every read of a conversation, a receipt or a lead by id is a lookup by `_id`: the one shape the
 * embedded engine pushes down to SQLite. Its build is patched so that lookup searches the `_id_`
 * index instead of reading the table up to the row (decision 0035); this holds the engine to it.
 */
describe('a lookup by _id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['a string', (n: number) => `conversation:${String(n).padStart(7, '0')}`],
    ['an ObjectId', () => new ObjectId()],
  ])('by %s searches the index, never the whole collection', async (_, idOf) => {
    const docs = Array.from({ length: 50 }, (_, n) => ({ _id: idOf(n), n }));
    const collection = t.connection.collection<{ _id: string | ObjectId; n: number }>(
      'id_lookup_plan',
    );
    await collection.deleteMany({});
    await collection.insertMany(docs);
    const plan = JSON.stringify(await collection.find({ _id: docs[40]!._id }).explain());
    const sqlite = /"Plan":\[(.*?)\]/.exec(plan)?.[1];
    if (sqlite !== undefined) {
      // FerretDB on SQLite answers SQLite's EXPLAIN QUERY PLAN.
      expect(sqlite).toMatch(/SEARCH \S+ USING INDEX \S+__id_ /);
      expect(sqlite).not.toMatch(/detail=SCAN/);
    } else {
      // MongoDB (or another engine speaking its explain): any stage but a collection scan.
      expect(plan).not.toContain('COLLSCAN');
    }
    expect(await collection.findOne({ _id: docs[40]!._id })).toMatchObject({ n: 40 });
  });
});
