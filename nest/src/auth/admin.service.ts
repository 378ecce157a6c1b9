import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';

import { PASSWORD_MIN_LENGTH } from '../contract';

import { hashPassword } from './password-hasher';
import { Admin, type AdminDocument } from './schemas/admin.schema';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

@Injectable()
export class AdminService {
  constructor(@InjectModel(Admin.name) private readonly admins: Model<Admin>) {}

  findByEmail(email: string): Promise<AdminDocument | null> {
    return this.admins.findOne({ email: normaliseEmail(email) }).exec();
  }

  findById(id: string): Promise<AdminDocument | null> {
    return this.admins.findById(id).exec();
  }

  /** Creates the admin unless one with that email exists. Returns whether it created one. */
  async createIfMissing(email: string, password: string): Promise<boolean> {
    assertPasswordStrength(password);
    const passwordHash = await hashPassword(password);
    // One conditional upsert: two instances starting together can't create the admin twice.
    const result = await this.admins
      .updateOne(
        { email: normaliseEmail(email) },
        {
          $setOnInsert: {
            email: normaliseEmail(email),
            passwordHash,
            passwordChangedAt: new Date(),
          },
        },
        { upsert: true },
      )
      .exec();
    return result.upsertedCount === 1;
  }

  /** Creates the admin or replaces its password; existing sessions of that admin end. */
  async setPassword(email: string, password: string): Promise<'created' | 'updated'> {
    assertPasswordStrength(password);
    const passwordHash = await hashPassword(password);
    const result = await this.admins
      .updateOne(
        { email: normaliseEmail(email) },
        { $set: { passwordHash, passwordChangedAt: new Date() } },
        { upsert: true },
      )
      .exec();
    return result.upsertedCount === 1 ? 'created' : 'updated';
  }
}

export function assertPasswordStrength(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new Error(`password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  }
}
