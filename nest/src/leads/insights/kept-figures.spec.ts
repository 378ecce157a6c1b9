import { type Calendar } from '../../calendar/business-time';
import { seeded } from '../../common/seeded-random.fixture';
import { LEAD_STAGES, type LeadKindKey } from '../../contract';
import { ObjectId } from '../../database/object-id';
import {
  addAt,
  calendarKey,
  type KeptDay,
  KeptDaysCount,
  keptChange,
} from '../core/kept-days/kept-day';
import { inScope, type LeadScope, UNASSIGNED_KEY } from '../core/lead-scope';
import { type LeadFact } from '../core/list-view/lead-arrivals';

import { ZonedDays } from './insights-calendar';
import { rangeFigures } from './insights-figures';
import { keptFigures, tallyKeptDays } from './kept-figures';

const KIND: LeadKindKey = 'contactUs';
const OWNERS = [new ObjectId(), new ObjectId(), null];
const SOURCES: LeadFact['source'][] = [
  null,
  { utm_source: 'newsletter' },
  { utm_source: ' news.letter$ ' },
  { referrer: 'www.Google.com' },
  { referrer: 'x.com', utm_source: '' },
  { utm_source: 'boat 🚤' },
  { utm_source: 'lone \ud800 surrogate' },
];
const SPANS = [
  { from: '09:00', to: '12:15' },
  { from: '13:00', to: '17:45' },
];
const CALENDAR: Calendar = {
  timeZone: 'Asia/Kathmandu',
  weekly: { mon: SPANS, tue: SPANS, wed: SPANS, thu: SPANS, fri: SPANS },
  holidays: ['2026-03-04'],
};
const ZONES = ['UTC', 'Europe/Berlin', 'Asia/Kathmandu', 'Australia/Eucla', 'Pacific/Chatham'];
const TARGETS = [1, 7, 30, 240];
const BASE = Date.parse('2026-03-01T00:00:00Z');
const DAY = 86_400_000;

/** Reply times around what the answer tells apart: tenths, their halves, whole-minute targets. */
function replyMs(next: () => number): number {
  const pick = next();
  if (pick < 0.3)
    return (
      Math.round(next() * 10) * 6_000 + [-3_000, -1, 0, 1, 2_999, 3_000][Math.floor(next() * 6)]!
    );
  if (pick < 0.5)
    return TARGETS[Math.floor(next() * TARGETS.length)]! * 60_000 + Math.floor(next() * 3) - 1;
  return Math.floor(next() * 3 * DAY);
}

function fact(next: () => number): LeadFact {
  const createdAt = new Date(BASE + Math.floor(next() * 20 * DAY));
  const replied = next() < 0.6;
  return {
    createdAt,
    stage: next() < 0.1 ? null : LEAD_STAGES[Math.floor(next() * LEAD_STAGES.length)],
    firstResponseAt: replied ? new Date(createdAt.getTime() + replyMs(next)) : null,
    source: SOURCES[Math.floor(next() * SOURCES.length)],
    assigneeId: OWNERS[Math.floor(next() * OWNERS.length)],
  };
}

/** A change to a lead: a move, a reply, a new owner, spam (gone from the figures), or erasure. */
function changed(next: () => number, was: LeadFact): LeadFact | null {
  const pick = next();
  if (pick < 0.15) return null;
  if (pick < 0.4) return { ...was, stage: LEAD_STAGES[Math.floor(next() * LEAD_STAGES.length)] };
  if (pick < 0.6) return { ...was, assigneeId: OWNERS[Math.floor(next() * OWNERS.length)] };
  if (pick < 0.8)
    return { ...was, firstResponseAt: new Date(was.createdAt.getTime() + replyMs(next)) };
  return fact(next);
}

/** Keeps days as the store does: each change's `$inc`s, nothing else. */
function keep(docs: Map<string, KeptDay>, changes: Map<string, Record<string, number>>): void {
  for (const [id, change] of changes) {
    const doc = docs.get(id) ?? { _id: id, kind: KIND, day: id.slice(KIND.length + 1) };
    for (const [path, n] of Object.entries(change))
      addAt(doc as unknown as Record<string, unknown>, path, n);
    docs.set(id, doc);
  }
}

/** A document without the counts that went back to 0 (the store keeps those; a count does not). */
function withoutZeros(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value)
    .map(([key, inner]) => [key, withoutZeros(inner)] as const)
    .filter(
      ([, inner]) =>
        inner !== 0 && !(typeof inner === 'object' && Object.keys(inner as object).length === 0),
    );
  return Object.fromEntries(entries);
}

describe('insights from kept days', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'answers as a count of the leads themselves, after arrivals, moves, spam and erasure (seed %i)',
    (seed) => {
      const next = seeded(seed);
      const calendar = seed % 2 === 0 ? CALENDAR : null;
      const docs = new Map<string, KeptDay>();
      const leads: (LeadFact | null)[] = [];
      for (let i = 0; i < 400; i++) {
        const arrived = fact(next);
        leads.push(arrived);
        keep(docs, keptChange(KIND, [], [arrived], calendar));
      }
      for (let i = 0; i < 600; i++) {
        // Some changes move several leads at once, as a bulk action does.
        const picked = [
          ...new Set(
            Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
              Math.floor(next() * leads.length),
            ),
          ),
        ];
        const before = picked.map((n) => leads[n] ?? null);
        const after = before.map((was) => (was ? changed(next, was) : null));
        picked.forEach((n, j) => (leads[n] = after[j] ?? null));
        keep(docs, keptChange(KIND, before, after, calendar));
      }
      const facts = leads.filter((lead): lead is LeadFact => lead !== null);

      const counted = new KeptDaysCount(KIND, calendar);
      for (const lead of facts) counted.add(lead);
      expect(withoutZeros(Object.fromEntries(docs))).toEqual(
        withoutZeros(Object.fromEntries(counted.days)),
      );

      const scopes: LeadScope[] = [
        { see: 'all' },
        { see: 'owned', owners: [OWNERS[0]!.toHexString()] },
        { see: 'owned', owners: [OWNERS[1]!.toHexString(), UNASSIGNED_KEY] },
      ];
      for (let q = 0; q < 12; q++) {
        const tz = ZONES[Math.floor(next() * ZONES.length)]!;
        const from = new Date(BASE + Math.floor(next() * 18 * DAY)).toISOString().slice(0, 10);
        const to = new Date(Date.parse(from) + Math.floor(next() * 70) * DAY)
          .toISOString()
          .slice(0, 10);
        const range = new ZonedDays(from, to, tz);
        const scope = scopes[q % scopes.length]!;
        const target = TARGETS[Math.floor(next() * TARGETS.length)]!;
        const tally = tallyKeptDays([...docs.values()], range, scope, calendarKey(calendar));
        expect(tally).not.toBeNull();
        const seen = facts.filter((lead) => inScope(scope, lead));
        expect(
          keptFigures([{ tally: tally!, targetMinutes: target }], range, target, Boolean(calendar)),
        ).toEqual(rangeFigures([{ facts: seen, targetMinutes: target }], range, target, calendar));
      }
    },
  );

  it('refuses to answer business times counted under another calendar', () => {
    const arrived: LeadFact = {
      createdAt: new Date('2026-03-02T10:00:00Z'),
      firstResponseAt: new Date('2026-03-02T11:00:00Z'),
    };
    const docs = new Map<string, KeptDay>();
    keep(docs, keptChange(KIND, [], [arrived], CALENDAR));
    const range = new ZonedDays('2026-03-01', '2026-03-05', 'UTC');
    const other = { ...CALENDAR, holidays: [] } as Calendar;
    expect(tallyKeptDays([...docs.values()], range, { see: 'all' }, calendarKey(other))).toBeNull();
    expect(
      tallyKeptDays([...docs.values()], range, { see: 'all' }, calendarKey(CALENDAR)),
    ).not.toBeNull();
    // Without a calendar now, the wall-clock figures alone answer.
    expect(tallyKeptDays([...docs.values()], range, { see: 'all' }, null)).not.toBeNull();
  });

  it('refuses to answer from days that do not add up', () => {
    const arrived: LeadFact = { createdAt: new Date('2026-03-02T10:00:00Z') };
    const docs = new Map<string, KeptDay>();
    keep(docs, keptChange(KIND, [], [arrived], null));
    const [doc] = [...docs.values()];
    delete doc!.o![UNASSIGNED_KEY]!.st;
    const range = new ZonedDays('2026-03-01', '2026-03-05', 'UTC');
    expect(tallyKeptDays([doc!], range, { see: 'all' }, null)).toBeNull();
  });
});
