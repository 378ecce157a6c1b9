import { type Db } from 'mongodb';

import {
  dateIn,
  emailKey,
  INSIGHTS_PATH,
  type InsightsResponse,
  type Lead,
  LEAD_KINDS,
  type LeadPage,
  leadPaths,
} from '../../nest/src/contract';
import { KeptDaysChecker } from '../../nest/src/leads/core/kept-days/kept-days.checker';
import { KEPT_STAMPS_COLLECTION } from '../../nest/src/leads/core/kept-days/kept-days.store';
import { LeadEmailCountsStart } from '../../nest/src/leads/core/lead-email-counts-start';
import { LeadTotalsChecker } from '../../nest/src/leads/core/list-view/lead-totals.checker';
import { seedBulk, type SeededLead } from '../../scripts/seed/bulk-seed';
import { leadDocs } from '../support/lead-docs';
import { request, signedInTestApp, type TestApp } from '../support/test-app';

const kind = LEAD_KINDS.contactUs;
const paths = leadPaths(kind);
const REPEAT = 'repeat.buyer@example.com';

/** `npm run seed -- --bulk` writes past the API: what the API answers after it (issue 36). */
describe('a bulk seed, straight into the database', () => {
  let t: TestApp;
  let token: string;
  const get = async <T>(path: string) =>
    (await request(t.http).get(path).set('Authorization', `Bearer ${token}`).expect(200)).body as T;
  /** Every active lead, page by page. */
  const activeLeads = async () => {
    const leads: Lead[] = [];
    let cursor: string | null = null;
    do {
      const page: LeadPage = await get(`${paths.active}${cursor ? `?cursor=${cursor}` : ''}`);
      leads.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor);
    return leads;
  };
  const insights = () => {
    const tz = 'UTC';
    const from = dateIn(tz, new Date(Date.now() - 40 * 86_400_000));
    return get<InsightsResponse>(`${INSIGHTS_PATH}?from=${from}&to=${dateIn(tz)}&tz=${tz}`);
  };
  /**
   * `count` leads of the last 30 days, every tenth of them (the first three) from the same person,
   * made one at a time as the seeder asks for them.
   */
  const maker = (count: number, tag: string) => {
    const docs = leadDocs(kind, count, { tag, stepMs: 30 * 60_000 });
    let made = 0;
    return (): SeededLead => {
      const lead = docs[made] as SeededLead;
      return made++ % 10 === 0 && made <= 30
        ? { ...lead, email: REPEAT, emailKey: emailKey(REPEAT) }
        : lead;
    };
  };
  // Mongoose's driver and the seeder's differ in version (the same wire protocol).
  const db = () => t.connection.db as unknown as Db;

  beforeAll(async () => {
    ({ t, token } = await signedInTestApp());
  });
  afterAll(() => t.close());

  it('counts its leads at once: list totals, email counts and insights days', async () => {
    const indexNames = async () =>
      (await db().collection(kind.collection).indexes()).map((index) => index.name).sort();
    const indexes = await indexNames();
    expect(indexes.length).toBeGreaterThan(5);
    // Into an empty inbox: the indexes are built after the leads, and are all there again.
    await seedBulk(db(), kind, 60, maker(60, 'first'));
    expect(await indexNames()).toEqual(indexes);
    const leads = await activeLeads();
    expect(leads).toHaveLength(60);
    expect((await get<LeadPage>(paths.active)).total).toBe(60);
    const repeats = leads.filter((lead) => lead.email === REPEAT);
    expect(repeats).toHaveLength(3);
    expect(repeats.map((lead) => lead.otherRequests)).toEqual([2, 2, 2]);
    const stamps = await db()
      .collection(KEPT_STAMPS_COLLECTION)
      .findOne({ _id: kind.key as never });
    expect(stamps?.built).toBe(true);
    expect((await insights()).total.leads).toBe(60);
  });

  it('with --counts at-start, leaves them to the start-up checks, answering right meanwhile', async () => {
    await seedBulk(db(), kind, 30, maker(30, 'second'), { counts: 'at-start' });
    const stamps = db().collection(KEPT_STAMPS_COLLECTION);
    expect((await stamps.findOne({ _id: kind.key as never }))?.built).toBe(false);
    // Until the days are counted again, insights count the leads.
    expect((await insights()).total.leads).toBe(90);
    // What the API's next start runs: the email counts taken, the totals and the days checked.
    await t.app.get(LeadEmailCountsStart).onApplicationBootstrap();
    await t.app.get(LeadTotalsChecker).settle(kind.key);
    await t.app.get(KeptDaysChecker).settle(kind.key);
    expect((await stamps.findOne({ _id: kind.key as never }))?.built).toBe(true);
    expect((await get<LeadPage>(paths.active)).total).toBe(90);
    const repeats = (await activeLeads()).filter((lead) => lead.email === REPEAT);
    expect(repeats.map((lead) => lead.otherRequests)).toEqual([5, 5, 5, 5, 5, 5]);
    expect((await insights()).total.leads).toBe(90);
  });
});
