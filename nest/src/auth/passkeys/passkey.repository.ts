import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, trusted } from 'mongoose';

import { PASSKEY_MODEL, type PasskeyRecord } from './passkey.schema';

/** Every database call on the admins' passkeys (the credentials; their ids are on the admin too). */
@Injectable()
export class PasskeyRepository {
  constructor(@InjectModel(PASSKEY_MODEL) private readonly passkeys: Model<PasskeyRecord>) {}

  /** One admin's passkeys, in no order. */
  listOf(adminId: string): Promise<PasskeyRecord[]> {
    return this.passkeys.find({ adminId }).lean<PasskeyRecord[]>().exec();
  }

  findById(id: string): Promise<PasskeyRecord | null> {
    return this.passkeys.findById(id).lean<PasskeyRecord>().exec();
  }

  async exists(id: string): Promise<boolean> {
    return Boolean(await this.passkeys.exists({ _id: id }).exec());
  }

  async create(record: PasskeyRecord): Promise<void> {
    await this.passkeys.create(record);
  }

  async rename(id: string, name: string): Promise<void> {
    await this.passkeys.updateOne({ _id: id }, { $set: { name } }).exec();
  }

  async delete(id: string): Promise<void> {
    await this.passkeys.deleteOne({ _id: id }).exec();
  }

  async deleteAllOf(adminId: string): Promise<void> {
    await this.passkeys.deleteMany({ adminId }).exec();
  }

  /**
   * Records a use with the authenticator's new signature counter, conditional on the counter read
   * (`counter` must be below it): of two answers racing with one count, one wins. Whether it did.
   */
  async use(id: string, newCounter: number, at: Date): Promise<boolean> {
    const used = await this.passkeys
      .updateOne(
        { _id: id, counter: newCounter > 0 ? trusted({ $lt: newCounter }) : 0 },
        { $set: { counter: newCounter, lastUsedAt: at } },
      )
      .exec();
    return used.matchedCount === 1;
  }
}
