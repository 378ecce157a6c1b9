import { type DatabaseEngine } from '../../../database/database-engine';

import { type WordsForm, wordsFormOf } from './lead-words.repository';

/**
 * Beyond this many leads in one inbox, FerretDB 1.x (which reads a whole collection for any sorted
 * or filtered query) misses the inbox's latency targets on a 2-core machine once another API
 * process has written (the list heads are then read from the database): every target held at
 * 3,000, the first page missed at 5,000 (p95 592 ms, target 500). See the README's Benchmarks.
 */
export const EMBEDDED_ENGINE_INBOX_LIMIT = 3_000;

/**
 * The engine's facts (DatabaseEngine) as the leads' storage minds them: the one place of the lead
 * core that asks. Everything that differs between engines for leads follows from these answers,
 * inside the repository; what the rest of the core learns is a capability, never an engine's name.
 */
export class LeadEngine {
  constructor(private readonly engine: DatabaseEngine) {}

  /**
   * Whether a filtered or sorted read is served by an index. False on FerretDB 1.x, which decodes
   * every document of the collection for anything but an `_id` lookup, and isolates no write (two
   * conditional updates of one lead both "match"): its writes are kept apart by the kind's queue.
   */
  async readsByIndex(): Promise<boolean> {
    return !(await this.engine.wholeCollectionEngine());
  }

  /** How search words are stored here (lead-words.repository.ts). */
  async wordsForm(): Promise<WordsForm> {
    return wordsFormOf(await this.engine.wholeCollectionEngine());
  }

  /**
   * Whether a list's newest window from its start is read through the list's own order, hinted
   * (DocumentDB: its indexes hand matches over in no order; decision 0021).
   */
  async hintsWindows(): Promise<boolean> {
    return Boolean(await this.engine.orderlessIndexEngine());
  }

  /** The most leads one inbox holds within its latency targets, where the engine sets a bound. */
  async inboxLimit(): Promise<{ engine: string; leads: number } | null> {
    const engine = await this.engine.wholeCollectionEngine();
    return engine ? { engine, leads: EMBEDDED_ENGINE_INBOX_LIMIT } : null;
  }
}
