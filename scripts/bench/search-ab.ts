/**
 * Today's search against the substring search it replaced, query against query on one database and
 * one machine, interleaved so both see the same load (the inbox benchmark runs one build at a time,
 * minutes apart). Two copies of the same leads: without words, searched by the old unanchored
 * case-insensitive regex over name, email and text; with words in the engine's form, searched by
 * searchFilter().
 *
 *   npx tsx --tsconfig tsconfig.test.json scripts/bench/search-ab.ts [--leads 10000] [--rounds 30]
 *
 * On the embedded default unless MONGODB_URI is set (then it needs a database it may write to).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { type Document, MongoClient } from 'mongodb';

import { LEAD_KINDS } from '../../nest/src/contract';
import { leadWords } from '../../nest/src/leads/core/lead-words';
import {
  escapeRegex,
  listQuery,
} from '../../nest/src/leads/core/repository/lead-queries.repository';
import { storedWords } from '../../nest/src/leads/core/repository/lead-words.repository';
import { fakeLead, wordsFormOfDb } from '../seed/fake-leads';
import { startEmbeddedDatabase } from '../stack/embedded-database';

import { engineOf } from './api-session';
import { type Latency, latencyOf } from './stats';

const { values: args } = parseArgs({
  options: {
    leads: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '30' },
  },
});
const kind = LEAD_KINDS.contactUs;
/** '' is no search: a list's first page read from the database (what the words cost other reads). */
const SEARCHES = { 'a common word': 'gmail', 'a rare token': 'kwyjibo', 'no search': '' };
const PAGE = 51;

/** The search as it was before issue 25 (lead-queries.ts at 46cb06b). */
function substringFilter(q: string): Document {
  if (!q) return { archivedAt: null };
  const pattern = { $regex: escapeRegex(q), $options: 'i' };
  return {
    archivedAt: null,
    $or: ['name', 'email', kind.textField].map((f) => ({ [f]: pattern })),
  };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'search-ab-'));
  const embedded = process.env.MONGODB_URI ? null : await startEmbeddedDatabase({ dataDir });
  const uri = process.env.MONGODB_URI ?? embedded?.uri;
  if (!uri) throw new Error('no database');
  const client = await new MongoClient(uri).connect();
  try {
    const db = client.db('search_ab');
    const engine = (await engineOf(db)).name;
    const before = db.collection('before');
    const after = db.collection('after');
    await Promise.all([before.deleteMany({}), after.deleteMany({})]);
    const leads = Number(args.leads);
    const form = await wordsFormOfDb(db);
    for (let done = 0; done < leads; done += 5_000) {
      const docs: Document[] = Array.from({ length: Math.min(5_000, leads - done) }, () =>
        fakeLead(kind, { days: 365, archivedRatio: 0.1, wordsForm: 'array' }),
      );
      if (done === 0) docs[0] = { ...docs[0], [kind.textField]: 'Asking about kwyjibo listings' };
      const plain = docs.map(({ words: _words, ...d }) => d);
      await after.insertMany(
        plain.map((d) => ({ ...d, ...storedWords(form, leadWords(kind, d)) })),
      );
      await before.insertMany(plain);
    }
    const sort = { createdAt: -1, _id: -1 } as const;
    const results: Record<string, { before: Latency; after: Latency; found: number[] }> = {};
    for (const [name, q] of Object.entries(SEARCHES)) {
      const old = () => before.find(substringFilter(q)).sort(sort).limit(PAGE).toArray();
      const now = () =>
        after
          .find(listQuery('active', { q, form }).filter as Document)
          .sort(sort)
          .limit(PAGE)
          .toArray();
      const found = [(await old()).length, (await now()).length];
      const times: { before: number[]; after: number[] } = { before: [], after: [] };
      // Interleaved: each round times one of each, in alternating order.
      for (let i = 0; i < Number(args.rounds); i++) {
        for (const [side, run] of i % 2 === 0
          ? ([
              ['before', old],
              ['after', now],
            ] as const)
          : ([
              ['after', now],
              ['before', old],
            ] as const)) {
          const started = performance.now();
          await run();
          times[side].push(performance.now() - started);
        }
      }
      results[name] = { before: latencyOf(times.before), after: latencyOf(times.after), found };
    }
    console.log(
      `Engine: ${engine} (words as ${form}); ${leads.toLocaleString('en-US')} leads; ${args.rounds} rounds`,
    );
    console.log('| search | page rows (before/after) | before p50 / p95 ms | after p50 / p95 ms |');
    console.log('|---|---|---|---|');
    for (const [name, r] of Object.entries(results))
      console.log(
        `| ${name} (${SEARCHES[name as keyof typeof SEARCHES]}) | ${r.found.join(' / ')} | ${r.before.p50} / ${r.before.p95} | ${r.after.p50} / ${r.after.p95} |`,
      );
  } finally {
    await client.close();
    await embedded?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
