import { followUpInstant } from './follow-up';

// Thursday 26 November 2026, 22:30 in New York (UTC-05:00): already Friday in UTC.
const now = new Date('2026-11-27T03:30:00Z');

describe('followUpInstant', () => {
  it('reads tomorrow and Monday at 09:00 on the viewer’s own calendar', () => {
    expect(followUpInstant('tomorrow', now, 'America/New_York')?.toISOString()).toBe(
      '2026-11-27T14:00:00.000Z',
    );
    expect(followUpInstant('tomorrow', now, 'UTC')?.toISOString()).toBe('2026-11-28T09:00:00.000Z');
    expect(followUpInstant('monday', now, 'America/New_York')?.toISOString()).toBe(
      '2026-11-30T14:00:00.000Z',
    );
    // From a Monday, the next one.
    const monday = new Date('2026-11-30T12:00:00Z');
    expect(followUpInstant('monday', monday, 'Europe/Berlin')?.toISOString()).toBe(
      '2026-12-07T08:00:00.000Z',
    );
  });

  it('reads a picked date and time in the zone, across a change of offset', () => {
    expect(
      followUpInstant('date', now, 'Europe/Berlin', { date: '2027-07-01' })?.toISOString(),
    ).toBe('2027-07-01T07:00:00.000Z');
    expect(
      followUpInstant('date', now, 'Europe/Berlin', {
        date: '2027-01-15',
        time: '16:45',
      })?.toISOString(),
    ).toBe('2027-01-15T15:45:00.000Z');
  });

  it('clears with null, and refuses what is not a date or a time', () => {
    expect(followUpInstant('clear', now, 'UTC')).toBeNull();
    expect(followUpInstant('date', now, 'UTC', { date: '2027-02-31' })).toBeUndefined();
    expect(followUpInstant('date', now, 'UTC', { date: 'soon' })).toBeUndefined();
    expect(
      followUpInstant('date', now, 'UTC', { date: '2027-02-01', time: '25:00' }),
    ).toBeUndefined();
    expect(followUpInstant('date', now, 'UTC')).toBeUndefined();
  });
});
