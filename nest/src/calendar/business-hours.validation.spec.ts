import { BUSINESS_HOURS_LIMITS } from '../contract';

import { businessHoursErrors, parseBusinessHours } from './business-hours.validation';

const nineToFive = [{ from: '09:00', to: '17:00' }];
const valid = () => ({
  timeZone: 'Europe/Berlin',
  weekly: {
    mon: [
      { from: '09:00', to: '12:00' },
      { from: '13:00', to: '17:00' },
    ],
    tue: nineToFive,
    fri: nineToFive,
    sat: [],
    sun: [{ from: '22:00', to: '24:00' }],
  },
  holidays: ['2025-12-25', '2026-01-01'],
});

describe('business hours as sent', () => {
  it('takes a calendar with split shifts, a closed day, a span to midnight and holidays', () => {
    expect(businessHoursErrors(valid())).toEqual({});
    expect(parseBusinessHours(valid())).toEqual({ hours: valid() });
  });

  it.each(['UTC', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5', 'Asia/Kolkata'])(
    'takes the zone %s',
    (timeZone) => {
      expect(businessHoursErrors({ ...valid(), timeZone })).toEqual({});
    },
  );

  it.each([
    ['an unknown zone', 'Mars/Olympus_Mons'],
    ['an offset, not a zone', '+01:00'],
    ['an empty name', ''],
    ['a number', 1],
    ['a name too long', `Europe/${'x'.repeat(80)}`],
  ])('refuses %s', (_what, timeZone) => {
    expect(Object.keys(businessHoursErrors({ ...valid(), timeZone }))).toEqual([
      'businessHours.timeZone',
    ]);
  });

  it('names the zone it does not know', () => {
    expect(businessHoursErrors({ ...valid(), timeZone: 'Europe/Atlantis' })).toEqual({
      'businessHours.timeZone': [
        'unknown time zone "Europe/Atlantis": use an IANA name such as Europe/Berlin',
      ],
    });
  });

  it('refuses spans out of order and overlapping spans, naming each', () => {
    const weekly = {
      mon: [
        { from: '13:00', to: '17:00' },
        { from: '09:00', to: '12:00' },
      ],
      tue: [
        { from: '09:00', to: '12:30' },
        { from: '12:00', to: '17:00' },
      ],
      wed: [
        { from: '09:00', to: '12:00' },
        { from: '12:00', to: '17:00' },
      ],
    };
    expect(businessHoursErrors({ ...valid(), weekly })).toEqual({
      'businessHours.weekly.mon.1': [
        'spans must be in order: this one starts before the one above it',
      ],
      'businessHours.weekly.tue.1': ['overlaps the span above it (which ends at 12:30)'],
    });
  });

  it.each([
    ['an hour without its leading zero', { from: '9:00', to: '17:00' }, 'from'],
    ['24:00 as a start', { from: '24:00', to: '24:00' }, 'from'],
    ['25:00', { from: '09:00', to: '25:00' }, 'to'],
    ['seconds', { from: '09:00:00', to: '17:00' }, 'from'],
    ['a number', { from: 900, to: '17:00' }, 'from'],
    ['an end before the start', { from: '17:00', to: '09:00' }, 'to'],
    ['an empty span', { from: '09:00', to: '09:00' }, 'to'],
  ])('refuses %s', (_what, span, field) => {
    const errors = businessHoursErrors({ ...valid(), weekly: { mon: [span] } });
    expect(Object.keys(errors)).toEqual([`businessHours.weekly.mon.0.${field}`]);
  });

  it('explains how to write a night shift', () => {
    expect(
      businessHoursErrors({ ...valid(), weekly: { fri: [{ from: '22:00', to: '06:00' }] } }),
    ).toEqual({
      'businessHours.weekly.fri.0.to': [
        'to must be after from (22:00); split a night shift at 24:00',
      ],
    });
  });

  it('refuses unknown days and fields, and a day that is not a list', () => {
    expect(
      businessHoursErrors({
        ...valid(),
        extra: true,
        weekly: { monday: nineToFive, tue: 'all day', wed: [{ from: '09:00', to: '17:00', x: 1 }] },
      }),
    ).toEqual({
      'businessHours.extra': ['unknown field'],
      'businessHours.weekly.monday': ['unknown day: use mon, tue, wed, thu, fri, sat, sun'],
      'businessHours.weekly.tue': [
        'tue must be a list of spans such as {"from":"09:00","to":"17:00"}',
      ],
      'businessHours.weekly.wed.0.x': ['unknown field'],
    });
  });

  it('refuses more spans a day than the limit', () => {
    const spans = Array.from({ length: BUSINESS_HOURS_LIMITS.spansPerDay + 1 }, (_, i) => ({
      from: `${String(i).padStart(2, '0')}:00`,
      to: `${String(i).padStart(2, '0')}:30`,
    }));
    expect(businessHoursErrors({ ...valid(), weekly: { mon: spans } })).toEqual({
      'businessHours.weekly.mon': [`mon has more than ${BUSINESS_HOURS_LIMITS.spansPerDay} spans`],
    });
  });

  it.each([
    ['no day at all', {}],
    ['only closed days', { sat: [], sun: [] }],
  ])('refuses a week with no hours: %s', (_what, weekly) => {
    expect(businessHoursErrors({ ...valid(), weekly })).toEqual({
      'businessHours.weekly': [
        'the week has no hours: give at least one span (no calendar at all counts every hour)',
      ],
    });
  });

  it('refuses a holiday listed twice, and dates that do not exist', () => {
    expect(
      businessHoursErrors({
        ...valid(),
        holidays: ['2025-12-25', '2025-02-30', '2025-12-25', '25.12.2025', 20251225],
      }),
    ).toEqual({
      'businessHours.holidays.1': ['a holiday must be a real date YYYY-MM-DD'],
      'businessHours.holidays.2': ['2025-12-25 is listed twice'],
      'businessHours.holidays.3': ['a holiday must be a real date YYYY-MM-DD'],
      'businessHours.holidays.4': ['a holiday must be a real date YYYY-MM-DD'],
    });
  });

  it('refuses more holidays than the limit, and holidays that are not a list', () => {
    const many = Array.from({ length: BUSINESS_HOURS_LIMITS.holidays + 1 }, (_, i) =>
      new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10),
    );
    expect(businessHoursErrors({ ...valid(), holidays: many })).toEqual({
      'businessHours.holidays': [`at most ${BUSINESS_HOURS_LIMITS.holidays} holidays`],
    });
    expect(Object.keys(businessHoursErrors({ ...valid(), holidays: '2025-12-25' }))).toEqual([
      'businessHours.holidays',
    ]);
  });

  it.each([null, [], 'Europe/Berlin', 42])('refuses %p as a calendar', (input) => {
    expect(Object.keys(businessHoursErrors(input))).toEqual(['businessHours']);
  });

  it('names fields under the path it is given', () => {
    expect(parseBusinessHours({ ...valid(), timeZone: 'Nowhere' }, 'calendar')).toEqual({
      errors: { 'calendar.timeZone': [expect.stringContaining('unknown time zone')] },
    });
  });
});
