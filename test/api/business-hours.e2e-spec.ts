import {
  AUDIT_PATH,
  BUSINESS_HOURS_PATH,
  type BusinessHours,
  INBOX_PATH,
  INSIGHTS_PATH,
  type InsightsResponse,
  LEAD_KINDS,
  type LeadListResponse,
  RESPONSE_TARGET_DEFAULTS,
  RESPONSE_TARGETS_PATH,
} from '../../nest/src/contract';
import { recountLeadTotals } from '../../nest/src/leads/core/repository/lead-counts.repository';
import { leadDocs } from '../support/lead-docs';
import { request, useSignedInKind } from '../support/test-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEKDAY = [{ from: '09:00', to: '17:00' }];
/** Mon-Fri 09:00-17:00 in Berlin, as the example has it. */
const BERLIN: BusinessHours = {
  timeZone: 'Europe/Berlin',
  weekly: { mon: WEEKDAY, tue: WEEKDAY, wed: WEEKDAY, thu: WEEKDAY, fri: WEEKDAY },
  holidays: [],
};

/** A date in Berlin, `YYYY-MM-DD`, and the wall-clock time there, `HH:MM` (by Intl, not luxon). */
const berlinDate = (at: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(at);
const berlinTime = (at: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

/** GET and PUT /settings/business-hours, and response targets counted in business time. */
describe('business hours', () => {
  const kind = LEAD_KINDS.keDemo;
  const api = useSignedInKind(kind);
  const { get, paths } = api;
  const put = (body: unknown, path = BUSINESS_HOURS_PATH) =>
    request(api.t.http)
      .put(path)
      .set('Authorization', `Bearer ${api.token}`)
      .send(body as object);
  const overdueOf = async () =>
    (await get(INBOX_PATH).expect(200)).body.kinds.keDemo.totals.overdue as number;
  const listed = async () =>
    ((await get(paths.active).expect(200)).body as LeadListResponse<'keDemo'>).data;
  /** Leads stored with these arrival times (ms), as the intake would have stored them. */
  const leadsAt = async (...arrivals: number[]) => {
    const docs = leadDocs(kind, arrivals.length).map((doc, i) => {
      const at = new Date(arrivals[i] as number);
      return { ...doc, createdAt: at, updatedAt: at };
    });
    const result = await api.t.connection.collection(kind.collection).insertMany(docs);
    if (!api.t.connection.db) throw new Error('not connected');
    await recountLeadTotals(api.t.connection.db, [kind]);
    return Object.values(result.insertedIds).map((id) => id.toHexString());
  };
  const dueOf = async (id: string) =>
    (await get(paths.one(id)).expect(200)).body.lead as { dueAt: string; overdue: boolean };

  afterEach(async () => {
    await put({ businessHours: null }).expect(200);
    await put({ ...RESPONSE_TARGET_DEFAULTS }, RESPONSE_TARGETS_PATH).expect(200);
  });

  it('answers none (24/7) by default, then a calendar, kept, stored and audited', async () => {
    expect((await get(BUSINESS_HOURS_PATH).expect(200)).body).toEqual({
      success: true,
      businessHours: null,
    });
    const calendar = { ...BERLIN, holidays: ['2025-12-25', '2025-12-26'] };
    const changed = await put({ businessHours: calendar }).expect(200);
    expect(changed.body).toEqual({ success: true, businessHours: calendar });
    expect((await get(BUSINESS_HOURS_PATH).expect(200)).body.businessHours).toEqual(calendar);
    // Stored, not only in this process's memory.
    const stored = await api.t.connection
      .collection<{ _id: string }>('settings')
      .findOne({ _id: 'business-hours' });
    expect(stored).toMatchObject({ calendar });
    const audit = (await get(AUDIT_PATH).expect(200)).body.entries as {
      action: string;
      detail: object;
    }[];
    expect(audit[0]).toEqual(
      expect.objectContaining({
        action: 'business-hours-changed',
        detail: { timeZone: 'Europe/Berlin', spans: 5, holidays: 2 },
      }),
    );
    // A week of split shifts, every day, and a calendar at its limits: taken whole.
    const split = [
      { from: '08:00', to: '12:00' },
      { from: '13:00', to: '24:00' },
    ];
    const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
    const everyDay = { ...BERLIN, weekly: Object.fromEntries(days.map((day) => [day, split])) };
    await put({ businessHours: everyDay }).expect(200, { success: true, businessHours: everyDay });
    const eight = Array.from({ length: 8 }, (_, i) => ({
      from: `${String(i * 3).padStart(2, '0')}:00`,
      to: `${String(i * 3 + 2).padStart(2, '0')}:00`,
    }));
    const widest = {
      timeZone: 'America/Argentina/ComodRivadavia',
      weekly: Object.fromEntries(days.map((day) => [day, eight])),
      holidays: Array.from({ length: 1_000 }, (_, i) =>
        new Date(Date.UTC(2030, 0, 1) + i * DAY).toISOString().slice(0, 10),
      ),
    };
    await put({ businessHours: widest }).expect(200, { success: true, businessHours: widest });
    // Back to every hour.
    await put({ businessHours: null }).expect(200, { success: true, businessHours: null });
    expect((await get(BUSINESS_HOURS_PATH).expect(200)).body.businessHours).toBeNull();
  });

  it('refuses a calendar it cannot use, naming each field, and keeps the one it had', async () => {
    await put({ businessHours: BERLIN }).expect(200);
    const cases: [unknown, string][] = [
      [{}, 'businessHours'],
      [{ businessHours: { ...BERLIN, timeZone: 'Mars/Olympus' } }, 'businessHours.timeZone'],
      [{ businessHours: { ...BERLIN, timeZone: '+01:00' } }, 'businessHours.timeZone'],
      [
        { businessHours: { ...BERLIN, weekly: { mon: [{ from: '9:00', to: '17:00' }] } } },
        'businessHours.weekly.mon.0.from',
      ],
      [
        { businessHours: { ...BERLIN, weekly: { mon: [{ from: '22:00', to: '06:00' }] } } },
        'businessHours.weekly.mon.0.to',
      ],
      [
        {
          businessHours: {
            ...BERLIN,
            weekly: {
              tue: [
                { from: '09:00', to: '13:00' },
                { from: '12:00', to: '17:00' },
              ],
            },
          },
        },
        'businessHours.weekly.tue.1',
      ],
      [
        { businessHours: { ...BERLIN, weekly: { funday: WEEKDAY } } },
        'businessHours.weekly.funday',
      ],
      [{ businessHours: { ...BERLIN, weekly: { sat: [] } } }, 'businessHours.weekly'],
      [{ businessHours: { ...BERLIN, holidays: ['2025-02-30'] } }, 'businessHours.holidays.0'],
      [
        { businessHours: { ...BERLIN, holidays: ['2025-12-25', '2025-12-25'] } },
        'businessHours.holidays.1',
      ],
      [{ businessHours: { ...BERLIN, lunch: true } }, 'businessHours.lunch'],
      [{ businessHours: 'weekdays' }, 'businessHours'],
    ];
    for (const [body, field] of cases) {
      const res = await put(body).expect(400);
      expect({ field, body: res.body }).toMatchObject({
        field,
        body: { success: false, errors: { [field]: [expect.any(String)] } },
      });
    }
    const unknown = await put({ businessHours: null, hours: 'all' }).expect(400);
    expect(unknown.body.errors).toHaveProperty('hours');
    expect((await get(BUSINESS_HOURS_PATH).expect(200)).body.businessHours).toEqual(BERLIN);
    await request(api.t.http).get(BUSINESS_HOURS_PATH).expect(401);
    await request(api.t.http).put(BUSINESS_HOURS_PATH).send({ businessHours: null }).expect(401);
  });

  it('counts a target in business hours: Friday 16:30 is due Monday 12:30, holidays skipped, across DST', async () => {
    const [summer, spring, autumn] = await leadsAt(
      Date.parse('2025-06-13T16:30:00+02:00'), // a Friday in summer time
      Date.parse('2025-03-28T16:30:00+01:00'), // the Friday before the clocks go forward
      Date.parse('2025-10-24T16:30:00+02:00'), // the Friday before they go back
    );
    // Without a calendar: four hours of the clock, as always.
    expect((await dueOf(summer!)).dueAt).toBe('2025-06-13T18:30:00.000Z');

    await put({ businessHours: BERLIN }).expect(200);
    expect(await dueOf(summer!)).toEqual(
      expect.objectContaining({ dueAt: '2025-06-16T10:30:00.000Z', overdue: true }),
    );
    // Monday 12:30 in Berlin, whichever offset the clocks show after the weekend.
    expect((await dueOf(spring!)).dueAt).toBe('2025-03-31T10:30:00.000Z');
    expect((await dueOf(autumn!)).dueAt).toBe('2025-10-27T11:30:00.000Z');
    // The list answers the same due times as the detail.
    const byId = new Map((await listed()).map((lead) => [lead._id, lead.dueAt]));
    expect(byId.get(spring!)).toBe('2025-03-31T10:30:00.000Z');

    // Monday a holiday: Tuesday 12:30.
    await put({ businessHours: { ...BERLIN, holidays: ['2025-06-16'] } }).expect(200);
    expect((await dueOf(summer!)).dueAt).toBe('2025-06-17T10:30:00.000Z');
    // Split shifts: Friday 16:30-17:00, then Monday 09:00-10:00 and 14:00-16:30.
    const split = [
      { from: '09:00', to: '10:00' },
      { from: '14:00', to: '18:00' },
    ];
    await put({
      businessHours: { ...BERLIN, weekly: { mon: split, fri: [{ from: '09:00', to: '17:00' }] } },
    }).expect(200);
    expect((await dueOf(summer!)).dueAt).toBe('2025-06-16T14:30:00.000Z');
  });

  it('is not overdue while the calendar is closed, and the kept /inbox totals agree with the list', async () => {
    const now = Date.now();
    // Every day open round the clock in Berlin, but a week of holidays around today.
    const allDay = [{ from: '00:00', to: '24:00' }];
    const holidays = [-3, -2, -1, 0, 1, 2, 3].map((d) => berlinDate(now + d * DAY));
    const open: BusinessHours = {
      timeZone: 'Europe/Berlin',
      weekly: Object.fromEntries(
        ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, allDay]),
      ),
      holidays,
    };
    // Arrived 30 hours ago (on a holiday), 8 days ago, and 10 days ago: past 4 hours of clock time.
    const [closed, old, older] = await leadsAt(now - 10 * DAY, now - 8 * DAY, now - 30 * HOUR).then(
      ([a, b, c]) => [c, b, a],
    );
    expect(await overdueOf()).toBe(3);

    await put({ businessHours: open }).expect(200);
    const leads = await listed();
    const overdue = leads.filter((lead) => lead.overdue).map((lead) => lead._id);
    expect(overdue.sort()).toEqual([old!, older!].sort());
    // The kept figure follows the calendar at once, and agrees with the list.
    expect(await overdueOf()).toBe(overdue.length);
    // Due four hours after the holidays end: Berlin's midnight after the last one, plus 4 h.
    const due = Date.parse((await dueOf(closed!)).dueAt);
    expect(due).toBeGreaterThan(now);
    expect(berlinDate(due - 4 * HOUR)).toBe(berlinDate(now + 4 * DAY));
    expect(berlinTime(due - 4 * HOUR)).toBe('00:00');

    // A target change is read against the calendar too; and back to every hour.
    await put({ keDemo: 60 }, RESPONSE_TARGETS_PATH).expect(200);
    expect(await overdueOf()).toBe(2);
    await put({ businessHours: null }).expect(200);
    expect(await overdueOf()).toBe(3);
    expect((await listed()).every((lead) => lead.overdue)).toBe(true);
  });

  it('adds insights’ time to the first reply in business hours as a second figure', async () => {
    // Friday 16:30 in Berlin, answered Monday 10:00: 65.5 h of the clock, 1.5 h of business time.
    const arrival = Date.parse('2025-06-13T16:30:00+02:00');
    const docs = leadDocs(kind, 1).map((doc) => ({
      ...doc,
      createdAt: new Date(arrival),
      updatedAt: new Date(arrival),
      stage: 'contacted',
      firstResponseAt: new Date(Date.parse('2025-06-16T10:00:00+02:00')),
    }));
    await api.t.connection.collection(kind.collection).insertMany(docs);
    if (!api.t.connection.db) throw new Error('not connected');
    await recountLeadTotals(api.t.connection.db, [kind]);
    const insights = async () =>
      (await get(`${INSIGHTS_PATH}?from=2025-06-09&to=2025-06-15&tz=Europe/Berlin`).expect(200))
        .body as InsightsResponse;

    const before = (await insights()).kinds.keDemo.response;
    expect(before).toMatchObject({ answered: 1, withinTarget: 0, medianMinutes: 3930 });
    expect(before.business).toBeNull();

    await put({ businessHours: BERLIN }).expect(200);
    const after = await insights();
    expect(after.kinds.keDemo.response).toEqual({
      targetMinutes: RESPONSE_TARGET_DEFAULTS.keDemo,
      answered: 1,
      withinTarget: 0,
      medianMinutes: 3930,
      p90Minutes: 3930,
      business: { withinTarget: 1, medianMinutes: 90, p90Minutes: 90 },
    });
    expect(after.total.response.business).toEqual({
      withinTarget: 1,
      medianMinutes: 90,
      p90Minutes: 90,
    });
  });
});
