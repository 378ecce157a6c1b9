import {
  AUDIT_PATH,
  INSIGHTS_PATH,
  type InsightsResponse,
  LEAD_KINDS,
  type LeadKindDescriptor,
  type LeadStage,
} from '../../nest/src/contract';
import { DatabaseEngine } from '../../nest/src/database/database-engine';
import { recountLeadTotals } from '../../nest/src/leads/core/repository/lead-counts.repository';
import {
  ARRIVAL_FIELDS,
  arrivalsFilter,
} from '../../nest/src/leads/core/repository/lead-queries.repository';
import { planSteps } from '../../scripts/bench/plan-steps';
import { leadDocs } from '../support/lead-docs';
import { leadPaths, request, signedInTestApp, type TestApp } from '../support/test-app';

const MINUTE = 60_000;

/** A lead as stored, with what insights read of it. */
interface Made {
  at: string;
  stage?: LeadStage;
  /** Minutes from arrival to the first reply. */
  reply?: number;
  source?: { utm_source?: string; referrer?: string; landingPath?: string };
  spam?: boolean;
  archived?: boolean;
}

/**
 * Europe/Berlin is UTC+1 in November: 23:30 UTC is 00:30 the next day there, so the same leads
 * fall on different days (and in or out of the range) by the zone asked for.
 */
const CONTACT_US: Made[] = [
  // 23:30 on 1 November in Berlin: before the range there, and before it in UTC.
  { at: '2025-11-01T22:30:00Z', stage: 'won', reply: 10 },
  // 00:30 on 2 November in Berlin (still 1 November in UTC).
  { at: '2025-11-01T23:30:00Z', stage: 'won', reply: 60, source: { utm_source: 'newsletter' } },
  {
    at: '2025-11-02T10:00:00Z',
    stage: 'contacted',
    reply: 30,
    source: { referrer: 'www.google.com' },
  },
  // 00:30 on 3 November in Berlin, 2 November in UTC; the UTM names the source, not the referrer.
  {
    at: '2025-11-02T23:30:00Z',
    stage: 'lost',
    reply: 25 * 60,
    source: { utm_source: 'newsletter', referrer: 'x.com', landingPath: '/' },
  },
  // 23:30 on 4 November in Berlin: the last day; stored before stages (no field), no source.
  { at: '2025-11-04T22:30:00Z' },
  // 00:30 on 5 November in Berlin: after the range there, inside it in UTC.
  { at: '2025-11-04T23:30:00Z', stage: 'qualified' },
  // Spam never counts.
  { at: '2025-11-03T12:00:00Z', stage: 'won', reply: 5, spam: true, archived: true },
];
const KE_DEMO: Made[] = [
  { at: '2025-11-03T09:00:00Z', stage: 'won', reply: 120, source: { utm_source: 'linkedin' } },
  {
    at: '2025-11-03T09:30:00Z',
    stage: 'contacted',
    reply: 300,
    source: { referrer: 'LinkedIn.com' },
  },
];

async function make(t: TestApp, kind: LeadKindDescriptor, leads: Made[]): Promise<void> {
  const docs = leadDocs(kind, leads.length).map((doc, i) => {
    const lead = leads[i] as Made;
    const createdAt = new Date(lead.at);
    const { stage: _stage, ...rest } = doc as typeof doc & { stage?: LeadStage };
    return {
      ...rest,
      ...(lead.stage ? { stage: lead.stage } : {}),
      createdAt,
      updatedAt: createdAt,
      firstResponseAt: lead.reply ? new Date(createdAt.getTime() + lead.reply * MINUTE) : null,
      archivedAt: lead.archived ? createdAt : null,
      ...(lead.source ? { source: lead.source } : {}),
      ...(lead.spam ? { spamAt: createdAt } : {}),
    };
  });
  await t.connection.collection(kind.collection).insertMany(docs);
  if (!t.connection.db) throw new Error('not connected');
  await recountLeadTotals(t.connection.db, [kind]);
}

const noStages = { new: 0, contacted: 0, qualified: 0, won: 0, lost: 0 };

describe('GET /insights', () => {
  let t: TestApp;
  let token: string;
  const get = (query: string) =>
    request(t.http).get(`${INSIGHTS_PATH}${query}`).set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    ({ t, token } = await signedInTestApp());
    await make(t, LEAD_KINDS.contactUs, CONTACT_US);
    await make(t, LEAD_KINDS.keDemo, KE_DEMO);
  });
  afterAll(() => t.close());

  it('counts each kind and the total on Berlin’s days, with sources, stages and reply times', async () => {
    const res = await get('?from=2025-11-02&to=2025-11-04&tz=Europe/Berlin').expect(200);
    const body = res.body as InsightsResponse;
    expect(body).toMatchObject({
      success: true,
      from: '2025-11-02',
      to: '2025-11-04',
      tz: 'Europe/Berlin',
    });
    expect(body.kinds.contactUs).toEqual({
      leads: 4,
      days: [
        { date: '2025-11-02', count: 2 },
        { date: '2025-11-03', count: 1 },
        { date: '2025-11-04', count: 1 },
      ],
      weeks: null,
      sources: [
        { name: 'newsletter', via: 'utm_source', count: 2 },
        { name: 'direct', via: 'direct', count: 1 },
        { name: 'www.google.com', via: 'referrer', count: 1 },
      ],
      stages: { new: 1, contacted: 1, qualified: 0, won: 1, lost: 1 },
      wonRate: 0.25,
      response: {
        targetMinutes: 24 * 60,
        answered: 3,
        withinTarget: 2,
        medianMinutes: 60,
        p90Minutes: 1500,
        business: null,
      },
      // The lead still new from 4 November is past its 24 hours now.
      overdue: 1,
    });
    expect(body.kinds.keDemo).toEqual({
      leads: 2,
      days: [
        { date: '2025-11-02', count: 0 },
        { date: '2025-11-03', count: 2 },
        { date: '2025-11-04', count: 0 },
      ],
      weeks: null,
      sources: [
        { name: 'linkedin', via: 'utm_source', count: 1 },
        { name: 'linkedin.com', via: 'referrer', count: 1 },
      ],
      stages: { ...noStages, contacted: 1, won: 1 },
      wonRate: 0.5,
      response: {
        targetMinutes: 240,
        answered: 2,
        withinTarget: 1,
        medianMinutes: 120,
        p90Minutes: 300,
        business: null,
      },
      overdue: 0,
    });
    expect(body.kinds.brokerDemo).toMatchObject({
      leads: 0,
      sources: [],
      stages: noStages,
      wonRate: null,
      response: {
        targetMinutes: 240,
        answered: 0,
        withinTarget: 0,
        medianMinutes: null,
        p90Minutes: null,
        business: null,
      },
      overdue: 0,
    });
    expect(body.total).toEqual({
      leads: 6,
      days: [
        { date: '2025-11-02', count: 2 },
        { date: '2025-11-03', count: 3 },
        { date: '2025-11-04', count: 1 },
      ],
      weeks: null,
      sources: [
        { name: 'newsletter', via: 'utm_source', count: 2 },
        { name: 'direct', via: 'direct', count: 1 },
        { name: 'linkedin', via: 'utm_source', count: 1 },
        { name: 'linkedin.com', via: 'referrer', count: 1 },
        { name: 'www.google.com', via: 'referrer', count: 1 },
      ],
      stages: { new: 1, contacted: 2, qualified: 0, won: 2, lost: 1 },
      wonRate: 2 / 6,
      // Each reply against its own kind's target: 30 and 60 (of 24 h), 120 (of 4 h).
      response: {
        targetMinutes: null,
        answered: 5,
        withinTarget: 3,
        medianMinutes: 120,
        p90Minutes: 1500,
        business: null,
      },
      overdue: 1,
    });
  });

  it('follows UTC when no zone is given', async () => {
    const body = (await get('?from=2025-11-02&to=2025-11-04').expect(200)).body as InsightsResponse;
    expect(body.tz).toBe('UTC');
    expect(body.kinds.contactUs.days).toEqual([
      { date: '2025-11-02', count: 2 },
      { date: '2025-11-03', count: 0 },
      { date: '2025-11-04', count: 2 },
    ]);
    expect(body.kinds.contactUs.stages).toEqual({
      new: 1,
      contacted: 1,
      qualified: 1,
      won: 0,
      lost: 1,
    });
    expect(body.total.leads).toBe(6);
  });

  it('adds weeks (Monday first) to a range over 60 days', async () => {
    const body = (await get('?from=2025-09-01&to=2025-11-30&tz=Europe/Berlin').expect(200))
      .body as InsightsResponse;
    expect(body.total.days).toHaveLength(91);
    expect(body.total.weeks).toHaveLength(13);
    expect(body.total.weeks?.[0]).toEqual({ start: '2025-09-01', count: 0 });
    // 2 November is a Sunday: its week began on 27 October, and the next on 3 November.
    expect(body.total.weeks?.find((w) => w.start === '2025-10-27')).toEqual({
      start: '2025-10-27',
      count: 3,
    });
    expect(body.total.weeks?.find((w) => w.start === '2025-11-03')).toEqual({
      start: '2025-11-03',
      count: 5,
    });
    expect(body.total.leads).toBe(8);
  });

  it('names the ten most frequent sources and sums the rest as other', async () => {
    const leads: Made[] = Array.from({ length: 13 }, (_, i) => ({
      at: `2025-10-10T12:${String(i).padStart(2, '0')}:00Z`,
      source: { utm_source: i < 2 ? 'ads' : `site-${String(i).padStart(2, '0')}` },
    }));
    await make(t, LEAD_KINDS.brokerDemo, leads);
    const body = (await get('?from=2025-10-10&to=2025-10-10').expect(200)).body as InsightsResponse;
    const sources = body.kinds.brokerDemo.sources;
    expect(sources).toHaveLength(11);
    expect(sources[0]).toEqual({ name: 'ads', via: 'utm_source', count: 2 });
    expect(sources[9]).toEqual({ name: 'site-10', via: 'utm_source', count: 1 });
    expect(sources[10]).toEqual({ name: 'other', via: 'other', count: 2 });
    expect(body.kinds.brokerDemo.stages.new).toBe(13);
  });

  it('is written to the audit log without any lead’s data', async () => {
    await get('?from=2025-11-02&to=2025-11-04&tz=Europe/Berlin').expect(200);
    const audit = await request(t.http)
      .get(AUDIT_PATH)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(audit.body.entries[0]).toMatchObject({
      action: 'insights',
      detail: { from: '2025-11-02', to: '2025-11-04', tz: 'Europe/Berlin' },
    });
  });

  it('refuses bad dates, ranges and zones with errors per field', async () => {
    for (const [query, field] of [
      ['', 'from'],
      ['?from=2025-11-02', 'to'],
      ['?from=2025-02-30&to=2025-03-01', 'from'],
      ['?from=2025-11-2&to=2025-11-04', 'from'],
      ['?from=2025-11-02&to=tomorrow', 'to'],
      ['?from=2025-11-04&to=2025-11-02', 'to'],
      ['?from=2024-11-01&to=2025-11-02', 'to'],
      ['?from=2025-11-02&to=2025-11-04&tz=Mars/Olympus', 'tz'],
      ['?from=2025-11-02&to=2025-11-04&tz=../../etc', 'tz'],
      ['?from=2025-11-02&to=2025-11-04&tz=', 'tz'],
      ['?from=2025-11-02&from=2025-11-03&to=2025-11-04', 'from'],
      ['?from=2025-11-02&to=2025-11-04&kind=x', 'kind'],
    ] as const) {
      const res = await get(query).expect(400);
      expect(res.body).toMatchObject({ success: false, errors: { [field]: expect.any(Array) } });
    }
    await get('?from=0000-12-01&to=0001-01-01').expect(400);
    // 366 days is the most; the calendar's ends are dates like any other.
    await get('?from=2024-11-02&to=2025-11-02').expect(200);
    await get('?from=0001-01-01&to=0001-01-31&tz=Europe/Berlin').expect(200);
    const last = await get('?from=9999-12-01&to=9999-12-31&tz=Pacific/Kiritimati').expect(200);
    expect((last.body as InsightsResponse).total.days.at(-1)).toEqual({
      date: '9999-12-31',
      count: 0,
    });
  });

  it('answers a change at once (kept figures go with the kind’s totals version)', async () => {
    const query = '?from=2025-11-02&to=2025-11-04&tz=Europe/Berlin';
    expect(
      ((await get(query).expect(200)).body as InsightsResponse).kinds.contactUs.stages.won,
    ).toBe(1);
    const lead = await t.connection
      .collection(LEAD_KINDS.contactUs.collection)
      .findOne({ createdAt: new Date('2025-11-04T22:30:00Z') });
    const { stage } = leadPaths(LEAD_KINDS.contactUs);
    await request(t.http)
      .post(stage)
      .set('Authorization', `Bearer ${token}`)
      .send({ ids: [lead?._id.toHexString()], stage: 'won' })
      .expect(200);
    const after = (await get(query).expect(200)).body as InsightsResponse;
    expect(after.kinds.contactUs.stages).toEqual({
      new: 0,
      contacted: 1,
      qualified: 0,
      won: 2,
      lost: 1,
    });
    expect(after.kinds.contactUs.wonRate).toBe(0.5);
    expect(after.kinds.contactUs.overdue).toBe(0);
  });

  it('reads the range through the {spamAt, createdAt} index where the engine uses indexes', async () => {
    // FerretDB 1.x reads whole collections (decision 0018); MongoDB must not.
    if (await t.app.get(DatabaseEngine).wholeCollectionEngine()) return;
    const plan = await t.connection
      .collection(LEAD_KINDS.contactUs.collection)
      .find(arrivalsFilter(new Date('2025-11-01T23:00:00Z'), new Date('2025-11-04T23:00:00Z')), {
        projection: ARRIVAL_FIELDS,
      })
      .explain('queryPlanner');
    // MongoDB's stages or PostgreSQL's nodes under DocumentDB (FerretDB 2), read alike.
    const steps = planSteps(plan);
    expect(steps).toMatch(/(IXSCAN|Index Scan) \(spamAt_1_createdAt_1\)/);
    expect(steps).not.toMatch(/COLLSCAN|Seq Scan/);
  });

  it('needs a token', async () => {
    await request(t.http).get(`${INSIGHTS_PATH}?from=2025-11-02&to=2025-11-04`).expect(401);
  });
});
