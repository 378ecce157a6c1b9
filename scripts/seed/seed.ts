/**
 * Fills the app's database with realistic fake leads for demos and benchmarks:
 *   npm run seed -- --count 1000 [--kind contactUs|keDemo|brokerDemo|consultation] [--archived 0.1] [--days 180]
 * Without --kind the count is spread over the four kinds. About a third are left overdue; the rest
 * are new within their due time or answered, with stages, owners (the admins there are), their
 * first replies (sent) and notes.
 *
 * `--bulk` (a million leads for a benchmark): leads as they arrive (no work on them), in large
 * batches, every kept figure made right at once; `--counts at-start` leaves those to the API's
 * start-up checks instead.
 */
import { parseArgs } from 'node:util';

import { SingleBar, Presets } from 'cli-progress';

import { LEAD_KIND_KEYS, LEAD_KINDS, type LeadKindKey } from '../../nest/src/contract';
import { countArrivedEmails } from '../../nest/src/leads/core/lead-email-counts-direct.store';
import { recountLeadTotals } from '../../nest/src/leads/core/repository/lead-counts.repository';
import { connectAppDatabase } from '../stack/app-database';

import { seedBulk } from './bulk-seed';
import { fakeLead, wordsFormOfDb } from './fake-leads';
import { fakeWork, type SeedAdmin } from './fake-work';

const BATCH = 1_000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '200' },
      kind: { type: 'string' },
      archived: { type: 'string', default: '0.1' },
      days: { type: 'string', default: '180' },
      bulk: { type: 'boolean', default: false },
      counts: { type: 'string', default: 'now' },
    },
  });
  const count = Number(values.count);
  const archivedRatio = Number(values.archived);
  const days = Number(values.days);
  if (!Number.isSafeInteger(count) || count < 1)
    throw new Error('--count must be a positive whole number');
  if (!(archivedRatio >= 0 && archivedRatio <= 1))
    throw new Error('--archived must be between 0 and 1');
  if (values.kind && !LEAD_KIND_KEYS.includes(values.kind as LeadKindKey)) {
    throw new Error(`--kind must be one of ${LEAD_KIND_KEYS.join(', ')}`);
  }
  if (values.counts !== 'now' && values.counts !== 'at-start')
    throw new Error('--counts must be now or at-start');
  if (values.counts !== 'now' && !values.bulk) throw new Error('--counts goes with --bulk');
  const kinds = values.kind ? [values.kind as LeadKindKey] : [...LEAD_KIND_KEYS];

  const started = performance.now();
  const { db, close } = await connectAppDatabase();
  const wordsForm = await wordsFormOfDb(db);
  // Owners and note authors: the admins there are (none yet: every lead stays unowned).
  const admins = await db
    .collection<SeedAdmin>('admins')
    .find({}, { projection: { email: 1 } })
    .toArray();
  const bar = new SingleBar(
    { format: 'Seeding |{bar}| {value}/{total} leads  {kind}' },
    Presets.shades_classic,
  );
  bar.start(count, 0, { kind: '' });
  try {
    let done = 0;
    for (const [i, key] of kinds.entries()) {
      const kind = LEAD_KINDS[key];
      const share = Math.floor(count / kinds.length) + (i < count % kinds.length ? 1 : 0);
      if (values.bulk) {
        const before = done;
        await seedBulk(db, kind, share, () => fakeLead(kind, { days, archivedRatio, wordsForm }), {
          counts: values.counts,
          onBatch: (seeded) => bar.update(before + seeded, { kind: kind.panelTitle }),
        });
        done += share;
        continue;
      }
      for (let inserted = 0; inserted < share; inserted += BATCH) {
        const size = Math.min(BATCH, share - inserted);
        const worked = Array.from({ length: size }, () =>
          fakeWork(kind, fakeLead(kind, { days, archivedRatio, wordsForm }), admins),
        );
        const leads = worked.map((w) => w.lead);
        await db.collection(kind.collection).insertMany(leads, { ordered: false });
        await countArrivedEmails(db, key, leads);
        const timelines = worked.flatMap((w) => (w.timeline ? [w.timeline] : []));
        if (timelines.length > 0)
          await db.collection('lead_timelines').insertMany(timelines, { ordered: false });
        const deliveries = worked.flatMap((w) => w.deliveries);
        if (deliveries.length > 0)
          await db.collection('lead_notifications').insertMany(deliveries, { ordered: false });
        done += size;
        bar.update(done, { kind: kind.panelTitle });
      }
    }
    // Written past the API: recount the kept totals, so running APIs drop what they cached.
    if (!values.bulk)
      await recountLeadTotals(
        db,
        kinds.map((key) => LEAD_KINDS[key]),
      );
  } finally {
    bar.stop();
    await close();
  }
  console.log(`Inserted ${count} leads into ${db.databaseName} in ${seconds(started)} s.`);
  if (values.counts === 'at-start')
    console.log(
      'Kept figures (totals, email counts, insights days) are left to the API: its next start counts them.',
    );
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

main().catch((error: unknown) => {
  console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
