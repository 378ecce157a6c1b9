import { ObjectId } from 'mongodb';

import { leadKindList, RESPONSE_TARGET_DEFAULTS } from '../../nest/src/contract';
import { dueOf, type LeadRecord } from '../../nest/src/leads/core/lead-record';

import { BOATS, company, location, message, subject } from './boat-words';
import { fakeWork, type SeedAdmin } from './fake-work';
import { float, int, seedRandom } from './random';

/** Words of the lorem ipsum filler faker writes (and no English text has). */
const LATIN =
  /\b(lorem|ipsum|dolor|amet|consectetur|adipisci\w*|tempor|aliqu\w*|vobis|tantillus|ustulo|cometes|coruscus|thema|tergeo|vinco|velit|quis|sed|eius|voluptas|molestiae|earum|quae|sunt)\b/i;
/** Car makers that faker's vehicle module names. */
const CARS =
  /\b(Dodge|Rivian|Tesla|Toyota|Ford|Chevrolet|Honda|Nissan|BMW|Audi|Volkswagen|Kia|Hyundai|Mazda|Fiat|Jeep|Cadillac|Porsche|Ferrari|Lamborghini|Mercedes|Bugatti|Polestar|Smart|Mini)\b/;

describe("the seed's leads", () => {
  const admins: SeedAdmin[] = [
    { _id: new ObjectId(), email: 'ada@boats.example' },
    { _id: new ObjectId(), email: 'grace@boats.example' },
  ];
  const now = Date.parse('2026-11-27T12:00:00Z');
  seedRandom(32);
  /** A lead as fakeLead makes one (its person aside: faker's names), arrived in the last 180 days. */
  const arrived = () => {
    const createdAt = new Date(now - int(0, 180 * 86_400_000));
    const archived = float() < 0.1;
    return {
      _id: new ObjectId(),
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: message(),
      subject: subject(),
      company: company(),
      location: location(),
      createdAt,
      updatedAt: createdAt,
      archivedAt: archived ? new Date(createdAt.getTime() + int(0, 7 * 86_400_000)) : null,
      readAt: archived ? createdAt : null,
    };
  };
  const seeded = leadKindList.flatMap((kind) =>
    Array.from({ length: 400 }, () => ({ kind, ...fakeWork(kind, arrived(), admins, now) })),
  );
  const texts = seeded.flatMap(({ lead, timeline }) => [
    ...Object.values(lead).filter((value): value is string => typeof value === 'string'),
    ...(timeline?.events.map((event) => JSON.stringify(event.detail)) ?? []),
  ]);

  it('speaks English about boats: no Latin filler, no car makers', () => {
    expect(texts.filter((text) => LATIN.test(text))).toEqual([]);
    expect(texts.filter((text) => CARS.test(text))).toEqual([]);
    const makes = Object.keys(BOATS);
    const messages = seeded.flatMap(({ lead }) =>
      typeof lead.message === 'string' ? [lead.message] : [],
    );
    const aboutBoats = messages.filter(
      (text) =>
        makes.some((make) => text.includes(make)) ||
        /broker|boat|yacht|listing|valuation/i.test(text),
    );
    expect(aboutBoats.length).toBe(messages.length);
  });

  it('leaves about a third overdue, not all', () => {
    const overdue = seeded.filter(
      ({ kind, lead }) =>
        dueOf(lead as unknown as LeadRecord, {
          targetMinutes: RESPONSE_TARGET_DEFAULTS[kind.key],
          now: new Date(now),
        }).overdue,
    );
    const share = overdue.length / seeded.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.45);
  });

  it('has leads in every stage, most answered ones owned, and notes by their owners', () => {
    const stages = new Set(seeded.map(({ lead }) => lead.stage));
    expect([...stages].sort()).toEqual(['contacted', 'lost', 'new', 'qualified', 'won']);
    const newShare = seeded.filter(({ lead }) => lead.stage === 'new').length / seeded.length;
    expect(newShare).toBeLessThan(0.6);
    const owned = seeded.filter(({ lead }) => lead.assigneeEmail !== null);
    expect(owned.length / seeded.length).toBeGreaterThan(0.3);
    const notes = seeded.flatMap(
      ({ lead, timeline }) =>
        timeline?.events.filter((e) => e.type === 'note').map((e) => ({ lead, e })) ?? [],
    );
    expect(notes.length).toBeGreaterThan(seeded.length / 10);
    for (const { lead, e } of notes) expect(e.adminEmail).toBe(lead.assigneeEmail);
  });

  it('has most owned answered leads replied to by their owner, each reply sent', () => {
    const answered = seeded.filter(({ lead }) => lead.firstResponseAt && lead.assigneeEmail);
    const replied = seeded.flatMap(({ lead, timeline, deliveries }) =>
      (timeline?.events ?? [])
        .filter((e) => e.type === 'reply')
        .map((e) => ({ lead, e, deliveries })),
    );
    expect(replied.length / answered.length).toBeGreaterThan(0.6);
    for (const { lead, e, deliveries } of replied) {
      expect(e.adminEmail).toBe(lead.assigneeEmail);
      expect(e.at).toEqual(lead.firstResponseAt);
      expect(e.detail).toMatchObject({ to: lead.email, subject: expect.stringMatching(/^Re: /) });
      expect(String(e.detail.text)).toMatch(/^Hi Ada,\n/);
      expect(deliveries).toEqual([
        expect.objectContaining({ _id: e._id, channel: 'reply', status: 'sent' }),
      ]);
    }
  });

  it('answers after arrival and before now; never owns with nobody to own', () => {
    for (const { lead } of seeded) {
      expect(lead.createdAt.getTime()).toBeLessThanOrEqual(now);
      if (lead.firstResponseAt) {
        expect(lead.firstResponseAt.getTime()).toBeGreaterThan(lead.createdAt.getTime());
        expect(lead.firstResponseAt.getTime()).toBeLessThanOrEqual(now);
      }
    }
    const alone = fakeWork(leadKindList[0]!, arrived(), [], now);
    expect(alone.lead.assigneeId).toBeNull();
  });
});
