import { DateTime } from 'luxon';

import { seeded } from '../common/seeded-random.fixture';
import { type BusinessHours, type BusinessSpan } from '../contract';

import {
  addBusinessMs,
  addBusinessTime,
  businessMsBetween,
  businessTimeBetween,
  earliestArrivalNotOverdue,
  earliestArrivalNotOverdueMs,
  isOpen,
  isOpenAt,
} from './business-time';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = 24 * HOUR;

const span = (from: string, to: string): BusinessSpan => ({ from, to });
const nineToFive = [span('09:00', '17:00')];

/** Mon-Fri 09:00-17:00 in a zone, with holidays. */
const officeHours = (timeZone: string, holidays: string[] = []): BusinessHours => ({
  timeZone,
  weekly: { mon: nineToFive, tue: nineToFive, wed: nineToFive, thu: nineToFive, fri: nineToFive },
  holidays,
});

const berlinOffice = officeHours('Europe/Berlin');
/** A wall-clock time in a zone, as an instant (for readable expectations). */
const at = (local: string, zone = 'Europe/Berlin') => {
  const time = DateTime.fromISO(local, { zone });
  if (!time.isValid) throw new Error(`bad time ${local}`);
  return time.toJSDate();
};
const iso = (date: Date) => date.toISOString();

describe('business time', () => {
  describe('without a calendar (the default): every hour counts, as before', () => {
    it.each([null, undefined])('%s is plain arithmetic on instants', (calendar) => {
      const start = new Date('2025-06-13T14:30:00Z');
      expect(iso(addBusinessTime(start, 4 * HOUR, calendar))).toBe('2025-06-13T18:30:00.000Z');
      expect(businessTimeBetween(start, new Date('2025-06-16T10:30:00Z'), calendar)).toBe(
        68 * HOUR,
      );
      expect(isOpen(new Date('2025-06-14T03:00:00Z'), calendar)).toBe(true);
      expect(iso(earliestArrivalNotOverdue(start, 4 * HOUR, calendar))).toBe(
        '2025-06-13T10:30:00.000Z',
      );
    });
  });

  describe('the issue’s example: Mon-Fri 09:00-17:00 Europe/Berlin, a 4 h target', () => {
    it('a lead at Friday 16:30 is due Monday 12:30', () => {
      // 16:30 CEST is 14:30Z; Monday 12:30 CEST is 10:30Z.
      const friday = new Date('2025-06-13T14:30:00Z');
      const due = addBusinessTime(friday, 4 * HOUR, berlinOffice);
      expect(iso(due)).toBe('2025-06-16T10:30:00.000Z');
      expect(businessTimeBetween(friday, due, berlinOffice)).toBe(4 * HOUR);
      // 68 hours pass on the clock, 4 of them business hours.
      expect(due.getTime() - friday.getTime()).toBe(68 * HOUR);
    });

    it('is not overdue at Monday 12:30, and is one millisecond later', () => {
      const friday = new Date('2025-06-13T14:30:00Z');
      const monday = new Date('2025-06-16T10:30:00Z');
      const since = earliestArrivalNotOverdue(monday, 4 * HOUR, berlinOffice);
      expect(iso(since)).toBe(iso(friday));
      const later = new Date(monday.getTime() + 1);
      expect(earliestArrivalNotOverdue(later, 4 * HOUR, berlinOffice).getTime()).toBe(
        friday.getTime() + 1,
      );
    });
  });

  describe('the earliest arrival not overdue, where a target is met exactly at an opening', () => {
    it('a weekend arrival shares Monday’s opening: due at 10:00, not overdue at 10:00', () => {
      const monday = at('2025-06-16T10:00');
      const since = earliestArrivalNotOverdue(monday, HOUR, berlinOffice);
      expect(iso(since)).toBe(iso(at('2025-06-13T17:00')));
      expect(addBusinessTime(at('2025-06-14T12:00'), HOUR, berlinOffice) < monday).toBe(false);
      expect(addBusinessTime(new Date(since.getTime() - 1), HOUR, berlinOffice) < monday).toBe(
        true,
      );
    });

    it('after hours, a lead whose target ended with the day is overdue from its opening on', () => {
      const evening = at('2025-06-16T18:00');
      const since = earliestArrivalNotOverdue(evening, 8 * HOUR, berlinOffice);
      expect(since.getTime()).toBe(at('2025-06-16T09:00').getTime() + 1);
      expect(iso(addBusinessTime(at('2025-06-16T09:00'), 8 * HOUR, berlinOffice))).toBe(
        iso(at('2025-06-16T17:00')),
      );
    });
  });

  describe('weekends and holidays', () => {
    it('skips a weekend', () => {
      expect(iso(addBusinessTime(at('2025-06-13T16:00'), 2 * HOUR, berlinOffice))).toBe(
        iso(at('2025-06-16T10:00')),
      );
      expect(
        businessTimeBetween(at('2025-06-13T17:00'), at('2025-06-16T09:00'), berlinOffice),
      ).toBe(0);
    });

    it('skips a holiday on Monday, then counts Tuesday', () => {
      const calendar = officeHours('Europe/Berlin', ['2025-06-09']); // Whit Monday
      expect(iso(addBusinessTime(at('2025-06-06T16:30'), 4 * HOUR, calendar))).toBe(
        iso(at('2025-06-10T12:30')),
      );
      expect(businessTimeBetween(at('2025-06-06T00:00'), at('2025-06-11T00:00'), calendar)).toBe(
        16 * HOUR,
      );
    });

    it('a lead arriving on a holiday waits for the next open day', () => {
      const calendar = officeHours('Europe/Berlin', ['2025-12-25', '2025-12-26']);
      expect(iso(addBusinessTime(at('2025-12-25T11:00'), HOUR, calendar))).toBe(
        iso(at('2025-12-29T10:00')),
      );
      expect(isOpen(at('2025-12-25T11:00'), calendar)).toBe(false);
      expect(isOpen(at('2025-12-24T11:00'), calendar)).toBe(true);
    });
  });

  describe('arrivals outside hours and at the exact boundaries', () => {
    it('a lead after closing or before opening starts counting at the next opening', () => {
      expect(iso(addBusinessTime(at('2025-06-10T20:00'), HOUR, berlinOffice))).toBe(
        iso(at('2025-06-11T10:00')),
      );
      expect(iso(addBusinessTime(at('2025-06-10T07:00'), HOUR, berlinOffice))).toBe(
        iso(at('2025-06-10T10:00')),
      );
    });

    it('a target that ends with the day is due at closing, not at the next opening', () => {
      expect(iso(addBusinessTime(at('2025-06-10T09:00'), 8 * HOUR, berlinOffice))).toBe(
        iso(at('2025-06-10T17:00')),
      );
      expect(iso(addBusinessTime(at('2025-06-10T16:59'), MINUTE, berlinOffice))).toBe(
        iso(at('2025-06-10T17:00')),
      );
      expect(iso(addBusinessTime(at('2025-06-10T17:00'), MINUTE, berlinOffice))).toBe(
        iso(at('2025-06-11T09:01')),
      );
    });

    it('is open from the first instant of a span to just before its end', () => {
      const opening = at('2025-06-10T09:00').getTime();
      const closing = at('2025-06-10T17:00').getTime();
      expect(isOpenAt(opening - 1, berlinOffice)).toBe(false);
      expect(isOpenAt(opening, berlinOffice)).toBe(true);
      expect(isOpenAt(closing - 1, berlinOffice)).toBe(true);
      expect(isOpenAt(closing, berlinOffice)).toBe(false);
    });

    it('a zero target is due on arrival, even after hours', () => {
      const evening = at('2025-06-10T20:00');
      expect(iso(addBusinessTime(evening, 0, berlinOffice))).toBe(iso(evening));
    });

    it('refuses a negative or NaN duration', () => {
      expect(() => addBusinessMs(0, -1, berlinOffice)).toThrow(RangeError);
      expect(() => addBusinessMs(0, Number.NaN, null)).toThrow(RangeError);
    });
  });

  describe('split shifts', () => {
    const split = [span('09:00', '12:00'), span('13:00', '17:00')];
    const calendar: BusinessHours = {
      timeZone: 'Europe/Berlin',
      weekly: { mon: split, tue: split, wed: split, thu: split, fri: split },
      holidays: [],
    };

    it('skips the break', () => {
      expect(iso(addBusinessTime(at('2025-06-10T11:00'), 2 * HOUR, calendar))).toBe(
        iso(at('2025-06-10T14:00')),
      );
      expect(iso(addBusinessTime(at('2025-06-10T12:30'), 30 * MINUTE, calendar))).toBe(
        iso(at('2025-06-10T13:30')),
      );
      expect(businessTimeBetween(at('2025-06-10T00:00'), at('2025-06-11T00:00'), calendar)).toBe(
        7 * HOUR,
      );
      expect(isOpen(at('2025-06-10T12:30'), calendar)).toBe(false);
    });

    it('an arrival during the break counts from the afternoon span', () => {
      expect(iso(addBusinessTime(at('2025-06-10T12:15'), HOUR, calendar))).toBe(
        iso(at('2025-06-10T14:00')),
      );
    });
  });

  describe('daylight saving time', () => {
    const everyDay = (timeZone: string, spans: BusinessSpan[]): BusinessHours => ({
      timeZone,
      weekly: {
        mon: spans,
        tue: spans,
        wed: spans,
        thu: spans,
        fri: spans,
        sat: spans,
        sun: spans,
      },
      holidays: [],
    });

    it('Europe/Berlin, last Sunday of March: a round-the-clock day lasts 23 hours', () => {
      const calendar = everyDay('Europe/Berlin', [span('00:00', '24:00')]);
      expect(
        businessTimeBetween(
          new Date('2025-03-29T23:00:00Z'), // Sunday 00:00 CET
          new Date('2025-03-30T22:00:00Z'), // Monday 00:00 CEST
          calendar,
        ),
      ).toBe(23 * HOUR);
      expect(isOpen(new Date('2025-03-30T01:30:00Z'), calendar)).toBe(true);
    });

    it('Europe/Berlin, last Sunday of October: a round-the-clock day lasts 25 hours', () => {
      const calendar = everyDay('Europe/Berlin', [span('00:00', '24:00')]);
      expect(
        businessTimeBetween(
          new Date('2025-10-25T22:00:00Z'), // Sunday 00:00 CEST
          new Date('2025-10-26T23:00:00Z'), // Monday 00:00 CET
          calendar,
        ),
      ).toBe(25 * HOUR);
    });

    it('Europe/Berlin: a target over the March change keeps wall-clock office hours', () => {
      // Friday 16:30 CET (15:30Z) to Monday 12:30 CEST (10:30Z): 67 hours on the clock.
      const friday = new Date('2025-03-28T15:30:00Z');
      const due = addBusinessTime(friday, 4 * HOUR, berlinOffice);
      expect(iso(due)).toBe('2025-03-31T10:30:00.000Z');
      expect(due.getTime() - friday.getTime()).toBe(67 * HOUR);
    });

    it('Europe/Berlin: the October change inside a 09:00-17:00 week changes nothing', () => {
      const friday = new Date('2025-10-24T14:30:00Z'); // 16:30 CEST
      expect(iso(addBusinessTime(friday, 4 * HOUR, berlinOffice))).toBe(
        '2025-10-27T11:30:00.000Z', // Monday 12:30 CET
      );
    });

    describe('America/New_York, a 01:00-03:00 span on Sundays (the clocks change inside it)', () => {
      const calendar: BusinessHours = {
        timeZone: 'America/New_York',
        weekly: { sun: [span('01:00', '03:00')] },
        holidays: [],
      };

      it('lasts one hour on the spring-forward night, three on the fall-back one, two otherwise', () => {
        const sunday = (date: string) =>
          businessMsBetween(
            Date.parse(`${date}T00:00:00Z`),
            Date.parse(`${date}T12:00:00Z`),
            calendar,
          );
        expect(sunday('2025-03-09')).toBe(HOUR); // 01:00 EST (06:00Z) to the jump at 07:00Z
        expect(sunday('2025-11-02')).toBe(3 * HOUR); // 01:00 EDT (05:00Z) to 03:00 EST (08:00Z)
        expect(sunday('2025-06-08')).toBe(2 * HOUR);
      });

      it('is open right up to the jump and closed after it', () => {
        expect(isOpen(new Date('2025-03-09T06:59:59.999Z'), calendar)).toBe(true);
        expect(isOpen(new Date('2025-03-09T07:00:00Z'), calendar)).toBe(false);
        // The repeated hour: both passes of 01:30 are open on the fall-back night.
        expect(isOpen(new Date('2025-11-02T05:30:00Z'), calendar)).toBe(true);
        expect(isOpen(new Date('2025-11-02T06:30:00Z'), calendar)).toBe(true);
      });

      it('carries what the short night leaves over to the next Sunday', () => {
        // 01:30 EST (06:30Z): half an hour that night, the other half from 01:00 EDT a week later.
        expect(iso(addBusinessTime(new Date('2025-03-09T06:30:00Z'), HOUR, calendar))).toBe(
          '2025-03-16T05:30:00.000Z',
        );
      });
    });

    it('America/New_York: a span that starts inside the gap opens when the clocks jump', () => {
      const calendar: BusinessHours = {
        timeZone: 'America/New_York',
        weekly: { sun: [span('02:30', '04:00')] },
        holidays: [],
      };
      expect(isOpen(new Date('2025-03-09T06:59:59.999Z'), calendar)).toBe(false);
      expect(isOpen(new Date('2025-03-09T07:00:00Z'), calendar)).toBe(true); // 03:00 EDT
      expect(
        businessMsBetween(
          Date.parse('2025-03-09T00:00Z'),
          Date.parse('2025-03-10T00:00Z'),
          calendar,
        ),
      ).toBe(HOUR);
    });

    it('America/New_York: a night shift over the spring-forward night', () => {
      // Saturday 22:00 EST to Sunday 06:00 EDT: eight hours on the wall clock, seven real ones.
      const calendar: BusinessHours = {
        timeZone: 'America/New_York',
        weekly: { sat: [span('22:00', '24:00')], sun: [span('00:00', '06:00')] },
        holidays: [],
      };
      const saturday = new Date('2025-03-09T03:00:00Z');
      expect(businessTimeBetween(saturday, new Date('2025-03-10T00:00:00Z'), calendar)).toBe(
        7 * HOUR,
      );
      expect(iso(addBusinessTime(saturday, 7 * HOUR, calendar))).toBe('2025-03-09T10:00:00.000Z');
      // One more minute waits for the next Saturday night, 22:00 EDT.
      expect(iso(addBusinessTime(saturday, 7 * HOUR + MINUTE, calendar))).toBe(
        '2025-03-16T02:01:00.000Z',
      );
    });

    it('America/Havana: clocks jump at midnight, so the day itself starts at 01:00', () => {
      const calendar = everyDay('America/Havana', [span('00:00', '02:00')]);
      // 2025-03-09: 00:00 CST does not exist; the day's first instant is 01:00 CDT (05:00Z).
      expect(
        businessMsBetween(
          Date.parse('2025-03-08T12:00Z'),
          Date.parse('2025-03-09T12:00Z'),
          calendar,
        ),
      ).toBe(HOUR);
      expect(isOpen(new Date('2025-03-09T05:00:00Z'), calendar)).toBe(true);
      expect(isOpen(new Date('2025-03-09T04:59:59Z'), calendar)).toBe(false);
    });

    it('Australia/Lord_Howe: a half-hour change is counted as half an hour', () => {
      const calendar = everyDay('Australia/Lord_Howe', [span('00:00', '24:00')]);
      // First Sunday of April 2025: 02:00 daylight time becomes 01:30 standard time.
      const start = DateTime.fromISO('2025-04-06T00:00', { zone: 'Australia/Lord_Howe' });
      const end = DateTime.fromISO('2025-04-07T00:00', { zone: 'Australia/Lord_Howe' });
      expect(businessMsBetween(start.toMillis(), end.toMillis(), calendar)).toBe(
        24 * HOUR + 30 * MINUTE,
      );
    });
  });

  it('a target longer than a week: 30 days of 40-hour weeks is 18 weeks', () => {
    const monday = at('2025-01-06T09:00');
    const due = addBusinessTime(monday, 720 * HOUR, berlinOffice);
    expect(iso(due)).toBe(iso(at('2025-05-09T17:00')));
    expect(businessTimeBetween(monday, due, berlinOffice)).toBe(720 * HOUR);
  });

  it('answers negative business time when the end is before the start', () => {
    expect(businessTimeBetween(at('2025-06-11T10:00'), at('2025-06-10T16:00'), berlinOffice)).toBe(
      -2 * HOUR,
    );
  });
});

describe('business time, checked over many random cases', () => {
  const split = [span('08:00', '12:00'), span('13:30', '18:15')];
  const calendars: [string, BusinessHours][] = [
    [
      'Berlin office hours with holidays',
      officeHours('Europe/Berlin', ['2025-12-25', '2026-01-01', '2026-04-03']),
    ],
    [
      'New York night shifts over both changes',
      {
        timeZone: 'America/New_York',
        weekly: {
          fri: [span('22:00', '24:00')],
          sat: [span('00:00', '03:00'), span('22:00', '24:00')],
          sun: [span('00:00', '06:00')],
          wed: [span('01:00', '03:00')],
        },
        holidays: ['2025-11-02'],
      },
    ],
    [
      'Sydney split shifts (southern-hemisphere changes)',
      {
        timeZone: 'Australia/Sydney',
        weekly: { mon: split, tue: split, thu: split },
        holidays: [],
      },
    ],
    ['Kolkata (a half-hour zone, no changes)', officeHours('Asia/Kolkata')],
  ];
  const from = Date.parse('2024-09-01T00:00:00Z');
  const years = 2 * 365 * DAY;

  // Each check collects what breaks it and asserts once: a failure names its case.
  it.each(calendars)('%s: the business time to a due time is the target', (_name, calendar) => {
    const random = seeded(35);
    const broken: object[] = [];
    for (let i = 0; i < 1_500; i++) {
      const start = from + Math.floor(random() * years);
      const duration = Math.floor(random() * 30 * DAY);
      const due = addBusinessMs(start, duration, calendar);
      const between = businessMsBetween(start, due, calendar);
      if (between !== duration) broken.push({ start, duration, between });
      // A positive target falls due while open (or as a span closes), never in closed time.
      if (duration > 0 && !isOpenAt(due - 1, calendar)) broken.push({ start, duration, due });
    }
    expect(broken).toEqual([]);
  });

  it.each(calendars)('%s: due times never go backwards', (_name, calendar) => {
    const random = seeded(36);
    const broken: object[] = [];
    for (let i = 0; i < 1_000; i++) {
      const a = from + Math.floor(random() * years);
      const b = a + Math.floor(random() * 3 * DAY);
      const c = b + Math.floor(random() * 5 * DAY);
      const d = Math.floor(random() * 10 * DAY);
      const e = d + Math.floor(random() * DAY);
      if (addBusinessMs(a, d, calendar) > addBusinessMs(b, d, calendar))
        broken.push({ later: 'arrival', a, b, d });
      if (addBusinessMs(a, d, calendar) > addBusinessMs(a, e, calendar))
        broken.push({ later: 'target', a, d, e });
      // Business time adds up over consecutive intervals.
      const ab = businessMsBetween(a, b, calendar);
      const bc = businessMsBetween(b, c, calendar);
      if (ab + bc !== businessMsBetween(a, c, calendar)) broken.push({ sum: true, a, b, c });
    }
    expect(broken).toEqual([]);
  });

  it.each(calendars)(
    '%s: an arrival is overdue exactly when it is before the earliest arrival not overdue',
    (_name, calendar) => {
      const random = seeded(37);
      const broken: object[] = [];
      let overdueSeen = 0;
      for (let i = 0; i < 800; i++) {
        const now = from + Math.floor(random() * years);
        const target = MINUTE + Math.floor(random() * 7 * DAY);
        const since = earliestArrivalNotOverdueMs(now, target, calendar);
        const arrivals = [since - 1, since, since + 1, now - Math.floor(random() * 14 * DAY)];
        for (const arrival of arrivals) {
          const overdue = addBusinessMs(arrival, target, calendar) < now;
          if (overdue) overdueSeen++;
          if (overdue !== arrival < since) broken.push({ now, target, since, arrival, overdue });
        }
      }
      expect(broken).toEqual([]);
      // Both sides of the line were reached (at least `since - 1` each time).
      expect(overdueSeen).toBeGreaterThanOrEqual(800);
    },
  );

  it('without a calendar, the same checks hold with plain arithmetic', () => {
    const random = seeded(38);
    for (let i = 0; i < 200; i++) {
      const now = from + Math.floor(random() * years);
      const target = MINUTE + Math.floor(random() * 7 * DAY);
      expect(earliestArrivalNotOverdueMs(now, target, null)).toBe(now - target);
      expect(addBusinessMs(now, target, null)).toBe(now + target);
    }
  });
});
