import { INSIGHTS_RANGE, type InsightsFigures, type InsightsResponse } from '@contract';

import { funnelSteps, leadsOverTime, rangeOf } from './insights';

const params = (query: string) => new URLSearchParams(query);
// 23:30 UTC on 24 November: already the 25th in Berlin.
const now = new Date('2026-11-24T23:30:00Z');

describe('the Insights page’s range and tables', () => {
  it('counts the last days up to today in the zone asked for, 30 by default', () => {
    expect(rangeOf(params(''), now)).toEqual({
      period: '30',
      from: '2026-10-26',
      to: '2026-11-24',
      tz: 'UTC',
    });
    expect(rangeOf(params('period=7&tz=Europe/Berlin'), now)).toEqual({
      period: '7',
      from: '2026-11-19',
      to: '2026-11-25',
      tz: 'Europe/Berlin',
    });
    // An unknown zone is the API's to refuse: the days are counted in UTC meanwhile.
    expect(rangeOf(params('period=90&tz=Mars/Olympus'), now)).toMatchObject({
      from: '2026-08-27',
      to: '2026-11-24',
      tz: 'Mars/Olympus',
    });
  });

  it('passes custom dates on as typed (the API checks them)', () => {
    expect(rangeOf(params('period=custom&from=2026-01-01&to=nope'), now)).toEqual({
      period: 'custom',
      from: '2026-01-01',
      to: 'nope',
      tz: INSIGHTS_RANGE.defaultTz,
    });
  });

  const figures = (over: Partial<InsightsFigures>): InsightsFigures => ({
    leads: 0,
    days: [],
    weeks: null,
    sources: [],
    stages: { new: 0, contacted: 0, qualified: 0, won: 0, lost: 0 },
    wonRate: null,
    response: {
      targetMinutes: null,
      answered: 0,
      withinTarget: 0,
      medianMinutes: null,
      p90Minutes: null,
      business: null,
    },
    overdue: 0,
    ...over,
  });

  it('tabulates leads per week for long ranges, per day otherwise', () => {
    const weekly = (count: number) =>
      figures({
        days: [{ date: '2026-11-02', count }],
        weeks: [{ start: '2026-10-27', count }],
      });
    const data: InsightsResponse = {
      success: true,
      from: '2026-08-01',
      to: '2026-11-02',
      tz: 'UTC',
      kinds: {
        contactUs: weekly(2),
        keDemo: weekly(1),
        brokerDemo: weekly(0),
        consultation: weekly(0),
      },
      total: weekly(3),
    };
    expect(leadsOverTime(data)).toEqual({
      columns: ['Week from', 'Contact Us', 'KE Demo', 'Broker Demo', 'Consultation', 'All'],
      rows: [['2026-10-27', 2, 1, 0, 0, 3]],
    });
  });

  it('counts the funnel as how far leads got (a lost lead got past new)', () => {
    const stages = { new: 4, contacted: 3, qualified: 2, won: 1, lost: 5 };
    expect(funnelSteps(figures({ leads: 15, stages })).map((s) => s.count)).toEqual([15, 11, 3, 1]);
  });
});
