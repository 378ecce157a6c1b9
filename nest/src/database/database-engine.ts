import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type Connection } from 'mongoose';

export interface EngineFacts {
  /** "FerretDB v1.24.2" when it reads whole collections, else null. */
  wholeCollection: string | null;
  /** "FerretDB v2.5.0" when its indexes give matches in no order (DocumentDB), else null. */
  orderlessIndexes: string | null;
}

/**
 * What the connected engine can do that our queries depend on. FerretDB 1.x (the embedded default)
 * looks up a filter of `_id` alone directly but reads the whole collection for any other filter or
 * sort, and does not isolate one write from another (two conditional updates of one document both
 * "match"). MongoDB and FerretDB 2 do neither. FerretDB 2's DocumentDB serves filters from its
 * indexes but hands the matches over in no order, so PostgreSQL sorts them all (decision 0021).
 */
@Injectable()
export class DatabaseEngine {
  private facts?: Promise<EngineFacts>;

  constructor(@InjectConnection() private readonly connection: Connection) {}

  /** "FerretDB v1.24.2" when the engine is such a one, else null (asked once). */
  async wholeCollectionEngine(): Promise<string | null> {
    return (await this.ask()).wholeCollection;
  }

  /** "FerretDB v2.5.0" when the engine's indexes give matches unordered, else null (asked once). */
  async orderlessIndexEngine(): Promise<string | null> {
    return (await this.ask()).orderlessIndexes;
  }

  private ask(): Promise<EngineFacts> {
    this.facts ??= (async () =>
      engineFacts(await this.connection.db?.admin().command({ buildInfo: 1 })))();
    // A failed question is asked again next time rather than remembered as an answer.
    this.facts.catch(() => (this.facts = undefined));
    return this.facts;
  }
}

/**
 * What `buildInfo` says of the engine: FerretDB 1.x names itself in `ferretdbVersion`, FerretDB 2
 * in `ferretdb.version`; MongoDB in neither. The one reading of it (the API, the seeder, benches).
 */
export function engineFacts(info: Record<string, unknown> | undefined): EngineFacts {
  const v1: unknown = info?.ferretdbVersion;
  const v2: unknown = (info?.ferretdb as { version?: unknown } | undefined)?.version;
  return {
    wholeCollection: typeof v1 === 'string' && v1.startsWith('v1.') ? `FerretDB ${v1}` : null,
    orderlessIndexes: typeof v2 === 'string' ? `FerretDB ${v2}` : null,
  };
}
