import { ZonedDays } from './insights-calendar';
import { rangeFigures } from './insights-figures';

const MINUTE = 60_000;
const days = new ZonedDays('2026-11-02', '2026-11-03', 'UTC');
const at = new Date('2026-11-02T12:00:00Z');
const replied = (minutes: number) => ({
  createdAt: at,
  firstResponseAt: new Date(at.getTime() + minutes * MINUTE),
});

describe('the figures of a range', () => {
  it('takes percentiles by nearest rank and counts a reply at the target as within it', () => {
    const facts = [replied(10), replied(20), replied(30), replied(40)];
    const { response } = rangeFigures([{ facts, targetMinutes: 30 }], days, 30);
    expect(response).toEqual({
      targetMinutes: 30,
      answered: 4,
      withinTarget: 3,
      medianMinutes: 20,
      p90Minutes: 40,
      business: null,
    });
  });

  it('counts the same replies in business hours as a second figure, with a calendar', () => {
    // 2026-11-02 is a Monday; open 12:00-12:15 and 13:00-17:00 UTC on weekdays.
    const spans = [
      { from: '12:00', to: '12:15' },
      { from: '13:00', to: '17:00' },
    ];
    const calendar = { timeZone: 'UTC', weekly: { mon: spans, tue: spans }, holidays: [] };
    const facts = [replied(10), replied(20), replied(90), replied(24 * 60 + 5)];
    const { response } = rangeFigures([{ facts, targetMinutes: 30 }], days, 30, calendar);
    expect(response).toEqual({
      targetMinutes: 30,
      answered: 4,
      withinTarget: 2,
      medianMinutes: 20,
      p90Minutes: 1445,
      // 10, 15 (the lunch gap does not count), 45, and 4 h 15 of Monday plus 5 min of Tuesday.
      business: { withinTarget: 2, medianMinutes: 15, p90Minutes: 260 },
    });
  });

  it('names a source by utm_source, else by referrer host, else direct; ties by name', () => {
    const facts = [
      { createdAt: at, source: { utm_source: 'zeta' } },
      { createdAt: at, source: { referrer: 'WWW.Example.org' } },
      { createdAt: at, source: { utm_source: '  ', referrer: 'alpha.example' } },
      { createdAt: at },
      { createdAt: at, source: { utm_source: 'zeta' } },
    ];
    expect(rangeFigures([{ facts, targetMinutes: 60 }], days, 60).sources).toEqual([
      { name: 'zeta', via: 'utm_source', count: 2 },
      { name: 'alpha.example', via: 'referrer', count: 1 },
      { name: 'direct', via: 'direct', count: 1 },
      { name: 'www.example.org', via: 'referrer', count: 1 },
    ]);
  });

  it('leaves out leads outside the range and counts a lead with no stage as new', () => {
    const facts = [
      { createdAt: new Date('2026-11-01T23:59:59Z'), stage: 'won' as const },
      { createdAt: at },
      { createdAt: new Date('2026-11-03T23:59:59Z'), stage: 'won' as const },
    ];
    const figures = rangeFigures([{ facts, targetMinutes: 60 }], days, 60);
    expect(figures).toMatchObject({
      leads: 2,
      days: [
        { date: '2026-11-02', count: 1 },
        { date: '2026-11-03', count: 1 },
      ],
      stages: { new: 1, won: 1 },
      wonRate: 0.5,
    });
  });
});
