import { type Logger } from '@nestjs/common';
import { type Model, trusted } from 'mongoose';

/**
 * Removal of documents that mean nothing after the date in one of their fields (revoked tokens,
 * ended rate limit windows): a TTL index on that field does it on MongoDB, and a sweep every
 * `intervalMs` in each process does on servers without TTL indexes (FerretDB 1.x refuses them).
 * Readers must still ignore expired documents: both ways remove them late.
 */
export class ExpiredDocuments<T> {
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly model: Model<T>,
    private readonly field: string & keyof T,
    private readonly intervalMs: number,
    private readonly logger: Logger,
  ) {}

  /** Removes the documents expired by `now`; returns how many. */
  async sweep(now = new Date()): Promise<number> {
    const filter = { [this.field]: trusted({ $lte: now }) } as Parameters<
      Model<T>['deleteMany']
    >[0];
    const result = await this.model.deleteMany(filter).exec();
    return result.deletedCount;
  }

  /** Builds the TTL index when `buildIndex` (`npm run db:indexes` runs with it on), then sweeps. */
  async start(buildIndex: boolean): Promise<void> {
    if (buildIndex) await this.ensureTtlIndex();
    this.sweeper = setInterval(() => {
      this.sweep().catch((error: unknown) =>
        this.logger.warn({ err: error }, `could not sweep expired ${this.collection}`),
      );
    }, this.intervalMs);
    this.sweeper.unref();
  }

  stop(): void {
    clearInterval(this.sweeper);
  }

  private get collection(): string {
    return this.model.collection.collectionName;
  }

  private async ensureTtlIndex(): Promise<void> {
    try {
      await this.model.collection.createIndex(
        { [this.field]: 1 },
        { expireAfterSeconds: 0, name: `${this.field}_ttl` },
      );
    } catch (error) {
      // FerretDB 1.x: 'Index option "expireAfterSeconds" is not implemented yet'. The sweep covers it.
      this.logger.log(
        `no TTL index on ${this.collection} (${(error as Error).message}); swept every ${this.intervalMs / 60_000} min instead`,
      );
    }
  }
}
