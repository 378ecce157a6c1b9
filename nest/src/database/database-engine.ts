import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type Connection } from 'mongoose';

/**
 * What the connected engine can do that our queries depend on. FerretDB 1.x (the embedded default)
 * looks up a filter of `_id` alone directly but reads the whole collection for any other filter or
 * sort, and does not isolate one write from another (two conditional updates of one document both
 * "match"). MongoDB and FerretDB 2 do neither.
 */
@Injectable()
export class DatabaseEngine {
  private scanning?: Promise<string | null>;

  constructor(@InjectConnection() private readonly connection: Connection) {}

  /** "FerretDB v1.24.2" when the engine is such a one, else null (asked once). */
  wholeCollectionEngine(): Promise<string | null> {
    this.scanning ??= (async () => {
      const info = await this.connection.db?.admin().command({ buildInfo: 1 });
      const version: unknown = info?.ferretdbVersion;
      return typeof version === 'string' && version.startsWith('v1.')
        ? `FerretDB ${version}`
        : null;
    })();
    // A failed question is asked again next time rather than remembered as an answer.
    this.scanning.catch(() => (this.scanning = undefined));
    return this.scanning;
  }
}
