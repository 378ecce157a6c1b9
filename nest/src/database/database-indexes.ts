import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type Connection } from 'mongoose';

/** The indexes every registered model declares, built where missing (`npm run db:indexes`). */
@Injectable()
export class DatabaseIndexes {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  /** Builds them, one model after another; answers each collection's index keys after. */
  async build(): Promise<{ collection: string; keys: string[] }[]> {
    const built = [];
    for (const model of Object.values(this.connection.models)) {
      await model.init();
      const keys = (await model.listIndexes()).map((index) => JSON.stringify(index.key));
      built.push({ collection: model.collection.collectionName, keys });
    }
    return built;
  }
}
