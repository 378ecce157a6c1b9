import { startOfDay, ZonedDays } from './insights-calendar';

describe('days in a time zone', () => {
  it('starts a day at the zone’s midnight, either side of a clock change', () => {
    expect(startOfDay('2025-11-02', 'Europe/Berlin').toISOString()).toBe(
      '2025-11-01T23:00:00.000Z',
    );
    expect(startOfDay('2025-07-02', 'Europe/Berlin').toISOString()).toBe(
      '2025-07-01T22:00:00.000Z',
    );
    // Berlin turned its clocks back at 03:00 on 26 October 2025: that day has 25 hours.
    const days = new ZonedDays('2025-10-26', '2025-10-26', 'Europe/Berlin');
    expect(days.end.getTime() - days.start.getTime()).toBe(25 * 3_600_000);
    expect(startOfDay('2025-11-02', 'Asia/Kathmandu').toISOString()).toBe(
      '2025-11-01T18:15:00.000Z',
    );
    expect(startOfDay('2025-11-02', 'UTC').toISOString()).toBe('2025-11-02T00:00:00.000Z');
  });

  it('covers the calendar’s ends (years before 100, the last day of 9999)', () => {
    const early = new ZonedDays('0050-01-01', '0050-01-02', 'UTC');
    expect(early.start.getUTCFullYear()).toBe(50);
    expect(early.end.getTime() - early.start.getTime()).toBe(2 * 86_400_000);
    const last = new ZonedDays('9999-12-31', '9999-12-31', 'Europe/Berlin');
    expect(last.end.getTime() - last.start.getTime()).toBe(86_400_000);
  });

  it('finds the day of an instant, and nothing outside the range', () => {
    const days = new ZonedDays('2025-11-02', '2025-11-04', 'Europe/Berlin');
    expect(days.indexOf(new Date('2025-11-01T22:59:59.999Z'))).toBe(-1);
    expect(days.indexOf(new Date('2025-11-01T23:00:00Z'))).toBe(0);
    expect(days.indexOf(new Date('2025-11-02T23:30:00Z'))).toBe(1);
    expect(days.indexOf(new Date('2025-11-04T22:59:59Z'))).toBe(2);
    expect(days.indexOf(new Date('2025-11-04T23:00:00Z'))).toBe(-1);
  });

  it('groups the days in weeks from Monday, the first from the range’s start', () => {
    const weeks = new ZonedDays('2025-11-01', '2025-11-11', 'UTC').weekStarts();
    expect(weeks).toEqual([
      { start: '2025-11-01', days: [0, 1] },
      { start: '2025-11-03', days: [2, 3, 4, 5, 6, 7, 8] },
      { start: '2025-11-10', days: [9, 10] },
    ]);
  });
});
