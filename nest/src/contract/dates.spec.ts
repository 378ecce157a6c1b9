import {
  formatExactDate,
  formatFullDate,
  isoInZone,
  isTimeZoneChoice,
  timeZoneChoices,
  zoneOrDefault,
} from './dates';

describe('full dates in a zone', () => {
  const received = '2026-11-21T00:02:44.123Z';

  it('writes an instant in UTC as the observed product did, with UTC named', () => {
    expect(formatExactDate(received, 'UTC')).toBe('Sat, 21 Nov 2026 00:02:44 UTC');
    expect(formatFullDate(received, 'UTC')).toBe('Saturday 21 November 2026, 00:02 UTC');
    expect(isoInZone(received, 'UTC')).toBe(received);
  });

  it("writes the viewer's wall clock and offset, the day before when the zone is behind", () => {
    expect(formatExactDate(received, 'America/New_York')).toBe(
      'Fri, 20 Nov 2026 19:02:44 UTC-05:00',
    );
    expect(formatFullDate(received, 'America/New_York')).toBe(
      'Friday 20 November 2026, 19:02 (America/New_York, UTC-05:00)',
    );
    expect(isoInZone(received, 'America/New_York')).toBe('2026-11-20T19:02:44.123-05:00');
    expect(isoInZone(received, 'Asia/Kolkata')).toBe('2026-11-21T05:32:44.123+05:30');
    expect(formatExactDate(received, 'Asia/Kathmandu')).toBe('Sat, 21 Nov 2026 05:47:44 UTC+05:45');
  });

  describe('across a daylight-saving change', () => {
    // New York springs forward at 2026-03-08 02:00 EST (07:00 UTC) and falls back at
    // 2026-11-01 02:00 EDT (06:00 UTC).
    it('steps from 01:59:59 EST straight to 03:00:00 EDT', () => {
      expect(formatExactDate('2026-03-08T06:59:59Z', 'America/New_York')).toBe(
        'Sun, 08 Mar 2026 01:59:59 UTC-05:00',
      );
      expect(formatExactDate('2026-03-08T07:00:00Z', 'America/New_York')).toBe(
        'Sun, 08 Mar 2026 03:00:00 UTC-04:00',
      );
    });

    it('tells the two 01:30s of the autumn night apart by their offsets', () => {
      expect(isoInZone('2026-11-01T05:30:00Z', 'America/New_York')).toBe(
        '2026-11-01T01:30:00.000-04:00',
      );
      expect(isoInZone('2026-11-01T06:30:00Z', 'America/New_York')).toBe(
        '2026-11-01T01:30:00.000-05:00',
      );
    });

    it('follows a southern zone, whose summer is in January', () => {
      expect(isoInZone('2026-01-15T12:00:00Z', 'Australia/Sydney')).toBe(
        '2026-01-15T23:00:00.000+11:00',
      );
      expect(isoInZone('2026-07-15T12:00:00Z', 'Australia/Sydney')).toBe(
        '2026-07-15T22:00:00.000+10:00',
      );
    });

    it('writes midnight as 00, never 24', () => {
      expect(formatExactDate('2026-06-01T04:00:00Z', 'America/New_York')).toBe(
        'Mon, 01 Jun 2026 00:00:00 UTC-04:00',
      );
    });
  });

  it('ISO text with an offset reads back as the same instant', () => {
    for (const zone of ['America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'Europe/Berlin'])
      for (const at of ['2026-03-29T00:59:59.999Z', '2026-10-25T01:00:00Z', '2027-01-01T00:00:00Z'])
        expect(new Date(isoInZone(at, zone)).toISOString()).toBe(new Date(at).toISOString());
  });

  it('says an invalid date is one rather than throwing', () => {
    expect(formatExactDate('not a date', 'UTC')).toBe('Invalid Date');
    expect(formatFullDate('not a date', 'Europe/Berlin')).toBe('Invalid Date');
  });
});

describe('which zone', () => {
  it('renders in UTC when the zone is missing or not a zone', () => {
    for (const bad of [
      undefined,
      null,
      42,
      '',
      'Mars/Olympus',
      'UTC+01:00',
      '../etc',
      'a'.repeat(80),
    ])
      expect(zoneOrDefault(bad)).toBe('UTC');
    expect(zoneOrDefault('Europe/Berlin')).toBe('Europe/Berlin');
    // Browsers still name some zones by their old aliases: those are zones too.
    expect(zoneOrDefault('Asia/Calcutta')).toBe('Asia/Calcutta');
  });

  it('offers UTC first and then the IANA zones, each once', () => {
    const zones = timeZoneChoices();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('America/New_York');
    expect(zones).toContain('Europe/Berlin');
    expect(new Set(zones).size).toBe(zones.length);
  });

  it('accepts a choice from the list only', () => {
    expect(isTimeZoneChoice('UTC')).toBe(true);
    expect(isTimeZoneChoice('America/New_York')).toBe(true);
    for (const bad of ['utc', 'america/new_york', 'Mars/Olympus', '+01:00', '', null, 3])
      expect(isTimeZoneChoice(bad)).toBe(false);
  });

  it("offers IANA's current names where the platform lists old ones", () => {
    const zones = timeZoneChoices();
    expect(zones).toEqual(expect.arrayContaining(['Asia/Kolkata', 'Europe/Kyiv', 'UTC']));
    expect(zones).not.toContain('Asia/Calcutta');
    expect(isTimeZoneChoice('Asia/Kolkata')).toBe(true);
    expect(new Set(zones).size).toBe(zones.length);
  });
});
