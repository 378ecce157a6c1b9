import { type Model } from 'mongoose';

import { LEAD_KINDS } from '../../nest/src/contract';
import { sortValues } from '../../nest/src/leads/core/lead-order';
import { type LeadRecord } from '../../nest/src/leads/core/lead-record';
import { windowPage } from '../../nest/src/leads/core/repository/window-page.repository';
import { leadDocs } from '../support/lead-docs';
import { createTestApp, insertLeadDocs, type TestApp } from '../support/test-app';

/**
 * The newest window's read after a cursor (decision 0021, amended), run on whichever engine the
 * suite has: the API uses it on DocumentDB only, so here it is called directly, on the kind's own
 * model, and compared with the list's order from every cursor.
 */
describe('a newest window read after a cursor', () => {
  const kind = LEAD_KINDS.contactUs;
  let t: TestApp;
  let model: Model<LeadRecord>;
  let order: LeadRecord[];

  beforeAll(async () => {
    t = await createTestApp();
    const found = Object.values(t.connection.models).find(
      (m) => m.collection.collectionName === kind.collection,
    );
    if (!found) throw new Error(`no model for ${kind.collection}`);
    model = found as unknown as Model<LeadRecord>;
    // Runs of one to nine leads sharing an instant, so cursors fall first, inside and last in one,
    // and more share an instant than the first read expects.
    const start = Date.now() - 3_600_000;
    let at = start;
    const docs = leadDocs(kind, 120, { tag: 'tied', start }).map((lead, i) => {
      if (i % 9 === 0 || i % 13 === 0) at += 1_000;
      return { ...lead, createdAt: new Date(at), updatedAt: new Date(at) };
    });
    const archived = leadDocs(kind, 5, { archived: true, start });
    await insertLeadDocs(t, kind, [...docs, ...archived]);
    order = await model
      .find({ spamAt: null, archivedAt: null })
      .sort({ createdAt: -1, _id: -1 })
      .lean<LeadRecord[]>()
      .exec();
  });
  afterAll(() => t.close());

  it('gives the page after every cursor exactly as the list orders it, and whether more follow', async () => {
    expect(order).toHaveLength(120);
    const since = new Date(0);
    for (const limit of [1, 5]) {
      for (let i = 0; i < order.length; i++) {
        const after = sortValues('active', order[i] as LeadRecord);
        const page = await windowPage(model, 'active', { since, after }, limit);
        const expected = order.slice(i + 1, i + 1 + limit);
        expect(page.records.map((r) => r.name)).toEqual(expected.map((r) => r.name));
        expect(page.hasMore).toBe(i + 1 + limit < order.length);
      }
    }
  });

  it('leaves out what the window does not reach', async () => {
    const middle = order[60] as LeadRecord;
    const since = middle.createdAt;
    const after = sortValues('active', order[10] as LeadRecord);
    const page = await windowPage(model, 'active', { since, after }, 200);
    const expected = order.slice(11).filter((r) => r.createdAt >= since);
    expect(page.records.map((r) => r.name)).toEqual(expected.map((r) => r.name));
    expect(page.hasMore).toBe(false);
  });
});
