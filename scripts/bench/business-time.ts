/**
 * `npm run bench:business-time`: what business-time arithmetic costs per call (µs), as due times
 * in lead answers and the kept overdue figure call it. In one process, no database.
 *
 *   npm run bench:business-time [-- --calls 200000]
 *
 * "warm": the days asked about were asked before (each process turns a calendar day into instants
 * once, through luxon); "cold": every call lands on days not seen yet.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';

import {
  addBusinessMs,
  businessMsBetween,
  earliestArrivalNotOverdueMs,
  isOpenAt,
} from '../../nest/src/calendar/business-time';
import { type BusinessHours } from '../../nest/src/contract';

const { values: args } = parseArgs({
  options: { calls: { type: 'string', default: '200000' } },
});
const calls = Number(args.calls);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const nine = [{ from: '09:00', to: '17:00' }];
const split = [
  { from: '08:00', to: '12:00' },
  { from: '13:00', to: '17:30' },
];
const calendars: [string, BusinessHours | null][] = [
  ['24/7 (no calendar)', null],
  [
    'Mon-Fri 09:00-17:00 Europe/Berlin, 10 holidays',
    {
      timeZone: 'Europe/Berlin',
      weekly: { mon: nine, tue: nine, wed: nine, thu: nine, fri: nine },
      holidays: ['2025-01-01', '2025-04-18', '2025-04-21', '2025-05-01', '2025-05-29'].concat([
        '2025-06-09',
        '2025-10-03',
        '2025-12-24',
        '2025-12-25',
        '2025-12-26',
      ]),
    },
  ],
  [
    'split shifts Mon-Sat America/New_York',
    {
      timeZone: 'America/New_York',
      weekly: { mon: split, tue: split, wed: split, thu: split, fri: split, sat: nine },
      holidays: [],
    },
  ],
];

/** µs per call of `run(i)` over `n` calls (after a short warm-up of the code, not of the days). */
function perCall(n: number, run: (i: number) => number): number {
  let sink = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) sink += run(i);
  const elapsed = Number(process.hrtime.bigint() - started) / 1_000;
  if (Number.isNaN(sink)) throw new Error('unexpected NaN');
  return elapsed / n;
}

const start = Date.parse('2025-01-01T00:00:00Z');
/** Arrivals spread over the 30 days before "now", as an inbox's waiting leads are. */
const arrival = (i: number) => start + 60 * DAY + ((i * 7_919_711) % (30 * DAY));
const now = start + 90 * DAY;

const rows: string[][] = [];
for (const [name, calendar] of calendars) {
  // Cold: each call on days not compiled yet (a fresh calendar object per block of calls).
  const coldCalls = Math.min(calls, 2_000);
  const fresh = () => (calendar ? { ...calendar } : null);
  let cold = fresh();
  const coldUs = perCall(coldCalls, (i) => {
    if (i % 50 === 0) cold = fresh();
    return addBusinessMs(start + i * 3 * DAY, 4 * HOUR, cold);
  });
  // Warm: 4 h targets from arrivals over 30 days, asked again and again.
  perCall(10_000, (i) => addBusinessMs(arrival(i), 4 * HOUR, calendar));
  const add4h = perCall(calls, (i) => addBusinessMs(arrival(i), 4 * HOUR, calendar));
  const add30d = perCall(calls / 10, (i) => addBusinessMs(arrival(i), 30 * DAY, calendar));
  const between = perCall(calls, (i) => businessMsBetween(arrival(i), now, calendar));
  const open = perCall(calls, (i) => (isOpenAt(arrival(i), calendar) ? 1 : 0));
  const since = perCall(calls / 10, (i) =>
    earliestArrivalNotOverdueMs(now + i * 60_000, 4 * HOUR, calendar),
  );
  rows.push([name, add4h, add30d, coldUs, between, open, since].map(String));
}

const fixed = (value: string) => (Number.isNaN(Number(value)) ? value : Number(value).toFixed(2));
console.log(
  `business time, µs per call (${calls} calls; load ${loadavg()[0]?.toFixed(1)} on this machine)`,
);
console.log(
  '| calendar | add 4 h | add 30 d | add 4 h, its days never seen | between (≤ 30 d) | isOpen | earliest not overdue |',
);
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row.map(fixed).join(' | ')} |`);
