import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, trusted } from 'mongoose';

import { type AdminRole, type LeadAccess } from '../contract';

import { Admin, type AdminDocument } from './schemas/admin.schema';

/** The start-up admin and the CLI's new admin are the operator's way in: owners. */
const OPERATOR_ROLE: AdminRole = 'owner';

/**
 * Every database call on the admins: their accounts (AdminService), their TOTP and recovery codes
 * (MfaService) and the list of their passkeys (PasskeysService). Addresses come normalised.
 */
@Injectable()
export class AdminRepository {
  constructor(@InjectModel(Admin.name) private readonly admins: Model<Admin>) {}

  // --- accounts ------------------------------------------------------------------------------

  findByEmail(email: string): Promise<AdminDocument | null> {
    return this.admins.findOne({ email }).exec();
  }

  findById(id: unknown): Promise<AdminDocument | null> {
    return this.admins.findById(id).exec();
  }

  /** Every admin, oldest first. */
  list(): Promise<AdminDocument[]> {
    return this.admins.find().sort({ createdAt: 1, _id: 1 }).exec();
  }

  async exists(email: string): Promise<boolean> {
    return Boolean(await this.admins.exists({ email }).exec());
  }

  /** A new admin; a duplicate address fails with the unique index's code 11000. */
  create(
    admin: Pick<
      Admin,
      'email' | 'passwordHash' | 'passwordChangedAt' | 'mustChangePassword' | 'role' | 'access'
    >,
  ) {
    return this.admins.create(admin);
  }

  count(): Promise<number> {
    return this.admins.countDocuments().exec();
  }

  /** The admin with a new role (their rights change with their next request); null when gone. */
  setRole(id: unknown, role: AdminRole): Promise<AdminDocument | null> {
    return this.admins.findByIdAndUpdate(id, { $set: { role } }, { new: true }).exec();
  }

  /** The admin with new access to leads (from their next request on); null when gone. */
  setAccess(id: unknown, access: LeadAccess): Promise<AdminDocument | null> {
    return this.admins.findByIdAndUpdate(id, { $set: { access } }, { new: true }).exec();
  }

  async delete(id: unknown): Promise<void> {
    await this.admins.deleteOne({ _id: id }).exec();
  }

  /** A new password of the admin's own: every session ends; null when the admin is gone. */
  setOwnPassword(id: unknown, passwordHash: string): Promise<AdminDocument | null> {
    return this.admins
      .findByIdAndUpdate(
        id,
        {
          $set: { passwordHash, passwordChangedAt: new Date(), mustChangePassword: false },
          $inc: { sessionVersion: 1 },
        },
        { new: true },
      )
      .exec();
  }

  /** The zone the admin of this (lower-cased) address chose; null for none or no such admin. */
  async timeZoneOf(email: string): Promise<string | null> {
    const admin = await this.admins.findOne({ email }, { timeZone: 1 }).lean().exec();
    return admin?.timeZone ?? null;
  }

  /** The zone the admin's dates are shown in (null: the browser's); false when the admin is gone. */
  async setTimeZone(id: unknown, timeZone: string | null): Promise<boolean> {
    const result = await this.admins.updateOne({ _id: id }, { $set: { timeZone } }).exec();
    return result.matchedCount === 1;
  }

  /** Every token of the admin issued so far stops working. */
  async endSessions(id: unknown): Promise<void> {
    await this.admins.updateOne({ _id: id }, { $inc: { sessionVersion: 1 } }).exec();
  }

  /** Removes every second factor of the admin of `email` and ends their sessions. */
  resetSecondFactor(email: string): Promise<AdminDocument | null> {
    return this.admins
      .findOneAndUpdate(
        { email },
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
  }

  /** One conditional upsert: two instances starting together can't create the admin twice. */
  async createIfMissing(email: string, passwordHash: string): Promise<boolean> {
    const result = await this.admins
      .updateOne(
        { email },
        {
          $setOnInsert: {
            email,
            passwordHash,
            passwordChangedAt: new Date(),
            role: OPERATOR_ROLE,
          },
        },
        { upsert: true },
      )
      .exec();
    return result.upsertedCount === 1;
  }

  /** Creates the admin or replaces its password, ending its sessions. */
  async upsertPassword(email: string, passwordHash: string): Promise<'created' | 'updated'> {
    const result = await this.admins
      .updateOne(
        { email },
        {
          $set: { passwordHash, passwordChangedAt: new Date(), mustChangePassword: false },
          $inc: { sessionVersion: 1 },
          // The operator's admin is a way in: an owner when new; a reset keeps the role.
          $setOnInsert: { role: OPERATOR_ROLE },
        },
        { upsert: true },
      )
      .exec();
    return result.upsertedCount === 1 ? 'created' : 'updated';
  }

  // --- second factors ------------------------------------------------------------------------

  async setPendingTotp(id: unknown, sealedSecret: string): Promise<void> {
    await this.admins.updateOne({ _id: id }, { $set: { totpPendingSecret: sealedSecret } }).exec();
  }

  /**
   * Makes the pending secret the factor, if it is still `pending` (a second enrolment meanwhile
   * wins); whether it did.
   */
  async confirmTotp(
    id: unknown,
    pending: string | null,
    step: number,
    recoveryCodeHashes: string[],
  ): Promise<boolean> {
    const result = await this.admins
      .updateOne(
        { _id: id, totpPendingSecret: pending },
        {
          $set: {
            totpSecret: pending,
            totpPendingSecret: null,
            totpLastStep: step,
            recoveryCodeHashes,
          },
        },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  /** Removes the TOTP factor, and the recovery codes unless `keepCodes`. */
  async removeTotp(id: unknown, keepCodes: boolean): Promise<void> {
    await this.admins
      .updateOne(
        { _id: id },
        {
          $set: {
            totpSecret: null,
            totpPendingSecret: null,
            ...(keepCodes ? {} : { recoveryCodeHashes: [] }),
          },
        },
      )
      .exec();
  }

  async setRecoveryCodes(id: unknown, hashes: string[]): Promise<void> {
    await this.admins.updateOne({ _id: id }, { $set: { recoveryCodeHashes: hashes } }).exec();
  }

  /** Takes a TOTP step if no later or equal one was taken: whether it was (a code counts once). */
  async useTotpStep(id: unknown, step: number): Promise<boolean> {
    const used = await this.admins
      .updateOne(
        { _id: id, totpLastStep: trusted({ $lt: step }) },
        { $set: { totpLastStep: step } },
      )
      .exec();
    return used.modifiedCount === 1;
  }

  /** Uses up a recovery code (by hash): how many are left, or null when it was not there. */
  async useRecoveryCode(id: unknown, hash: string): Promise<number | null> {
    const updated = await this.admins
      .findOneAndUpdate(
        { _id: id, recoveryCodeHashes: hash },
        { $pull: { recoveryCodeHashes: hash } },
        { new: true },
      )
      .exec();
    return updated ? updated.recoveryCodeHashes.length : null;
  }

  /** Adds a passkey to the admin's list; with their first factor, its recovery codes too. */
  async addPasskey(id: unknown, passkeyId: string, recoveryCodeHashes?: string[]): Promise<void> {
    await this.admins
      .updateOne(
        { _id: id },
        {
          $push: { passkeyIds: passkeyId },
          ...(recoveryCodeHashes ? { $set: { recoveryCodeHashes } } : {}),
        },
      )
      .exec();
  }

  /** Takes a passkey off the admin's list; with their last factor, the recovery codes go too. */
  async removePasskey(id: unknown, passkeyId: string, lastFactor: boolean): Promise<void> {
    await this.admins
      .updateOne(
        { _id: id },
        {
          $pull: { passkeyIds: passkeyId },
          ...(lastFactor ? { $set: { recoveryCodeHashes: [] } } : {}),
        },
      )
      .exec();
  }
}
