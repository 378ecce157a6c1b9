import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';

import { ApiError } from '../common/api-error';
import { SerialQueue } from '../common/serial-queue';
import { type AdminSummary } from '../contract';

import { PASSKEY_MODEL, type PasskeyRecord } from './passkeys/passkey.schema';
import { hashPassword } from './password-hasher';
import { passwordProblem } from './password-policy';
import { Admin, type AdminDocument } from './schemas/admin.schema';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Mongo's duplicate-key code: the unique email index refused an insert. */
const DUPLICATE_KEY = 11000;

@Injectable()
export class AdminService {
  /**
   * Additions and removals, one at a time in this process: "never remove the last admin" is a count
   * followed by a delete, which two removals at once could both pass (no transactions on FerretDB).
   */
  private readonly changes = new SerialQueue();

  constructor(
    @InjectModel(Admin.name) private readonly admins: Model<Admin>,
    @InjectModel(PASSKEY_MODEL) private readonly passkeys: Model<PasskeyRecord>,
  ) {}

  findByEmail(email: string): Promise<AdminDocument | null> {
    return this.admins.findOne({ email: normaliseEmail(email) }).exec();
  }

  findById(id: string): Promise<AdminDocument | null> {
    return this.admins.findById(id).exec();
  }

  /** Every admin, oldest first, as the API shows them. */
  async list(): Promise<AdminSummary[]> {
    const admins = await this.admins.find().sort({ createdAt: 1, _id: 1 }).exec();
    return admins.map(toSummary);
  }

  /** A new admin with an initial password, to be changed at their first sign-in; 409 if taken. */
  add(email: string, password: string): Promise<AdminSummary> {
    return this.changes.run(async () => {
      const normalised = normaliseEmail(email);
      if (await this.admins.exists({ email: normalised }).exec())
        throw new ApiError(HttpStatus.CONFLICT, 'An admin with this email already exists');
      try {
        const admin = await this.admins.create({
          email: normalised,
          passwordHash: await hashPassword(password),
          passwordChangedAt: new Date(),
          mustChangePassword: true,
        });
        return toSummary(admin);
      } catch (error) {
        // Another API process added the same address meanwhile: the unique index said no.
        if ((error as { code?: unknown }).code === DUPLICATE_KEY)
          throw new ApiError(HttpStatus.CONFLICT, 'An admin with this email already exists');
        throw error;
      }
    });
  }

  /** Removes an admin (their tokens then fail verification); 404 unknown, 409 for the last one. */
  remove(id: string): Promise<AdminSummary> {
    return this.changes.run(async () => {
      const admin = await this.admins.findById(id).exec();
      if (!admin) throw new ApiError(HttpStatus.NOT_FOUND, 'No admin with this id');
      if ((await this.admins.countDocuments().exec()) <= 1)
        throw new ApiError(
          HttpStatus.CONFLICT,
          'This is the last admin and cannot be removed: add another admin first',
        );
      await this.admins.deleteOne({ _id: admin._id }).exec();
      await this.passkeys.deleteMany({ adminId: String(admin._id) }).exec();
      return toSummary(admin);
    });
  }

  /** The admin's own new password: ends every session of theirs and any pending change. */
  async changePassword(admin: AdminDocument, password: string): Promise<AdminDocument> {
    const updated = await this.admins
      .findByIdAndUpdate(
        admin._id,
        {
          $set: {
            passwordHash: await hashPassword(password),
            passwordChangedAt: new Date(),
            mustChangePassword: false,
          },
          $inc: { sessionVersion: 1 },
        },
        { new: true },
      )
      .exec();
    if (!updated) throw new ApiError(HttpStatus.UNAUTHORIZED, 'Invalid or expired token');
    return updated;
  }

  /** "Sign out everywhere": every token of the admin issued so far stops working. */
  async endAllSessions(admin: AdminDocument): Promise<void> {
    await this.admins.updateOne({ _id: admin._id }, { $inc: { sessionVersion: 1 } }).exec();
  }

  /**
   * The operator's way back (CLI `--reset-mfa`): removes the admin's second factors (TOTP and
   * passkeys) and ends every session of theirs. Null for an unknown email.
   */
  async resetSecondFactor(email: string): Promise<AdminSummary | null> {
    const admin = await this.admins
      .findOneAndUpdate(
        { email: normaliseEmail(email) },
        {
          $set: {
            totpSecret: null,
            totpPendingSecret: null,
            recoveryCodeHashes: [],
            passkeyIds: [],
          },
          $inc: { sessionVersion: 1 },
        },
        { new: true },
      )
      .exec();
    if (admin) await this.passkeys.deleteMany({ adminId: String(admin._id) }).exec();
    return admin && toSummary(admin);
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

  /**
   * Creates the admin or replaces its password (the CLI: first admin and recovery). Existing
   * sessions of that admin end; the operator chose this password, so no change is due after it.
   */
  async setPassword(email: string, password: string): Promise<'created' | 'updated'> {
    assertPasswordStrength(password);
    const passwordHash = await hashPassword(password);
    const result = await this.admins
      .updateOne(
        { email: normaliseEmail(email) },
        {
          $set: { passwordHash, passwordChangedAt: new Date(), mustChangePassword: false },
          $inc: { sessionVersion: 1 },
        },
        { upsert: true },
      )
      .exec();
    return result.upsertedCount === 1 ? 'created' : 'updated';
  }
}

/** For the CLI and the start-up admin: the API's own password rules, as a plain error. */
export function assertPasswordStrength(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new Error(`password ${problem}`);
}

function toSummary(admin: AdminDocument): AdminSummary {
  return {
    id: String(admin._id),
    email: admin.email,
    createdAt: admin.createdAt.toISOString(),
    mustChangePassword: admin.mustChangePassword,
  };
}
