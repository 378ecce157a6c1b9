import { HttpStatus, Injectable } from '@nestjs/common';

import { ApiError } from '../common/api-error';
import { SerialQueue } from '../common/serial-queue';
import {
  type AdminRole,
  type AdminSummary,
  changedLeadAccess,
  defaultLeadAccess,
  LAST_OWNER_REFUSAL,
  type LeadAccessChange,
  leadAccessOf,
  NEW_ADMIN_ROLE,
  sameLeadAccess,
} from '../contract';
import { isDuplicateKey } from '../database/duplicate-key';

import { AdminRepository } from './admin.repository';
import { PasskeyRepository } from './passkeys/passkey.repository';
import { hashPassword } from './password-hasher';
import { passwordProblem } from './password-policy';
import { type AdminDocument } from './schemas/admin.schema';

/** An admin as they were before a change of role or access and after it (the same when none). */
export interface RoleChange {
  before: AdminSummary;
  after: AdminSummary;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

@Injectable()
export class AdminService {
  /**
   * Additions and removals, one at a time in this process: "never remove the last admin" is a count
   * followed by a delete, which two removals at once could both pass (no transactions on FerretDB).
   */
  private readonly changes = new SerialQueue();

  constructor(
    private readonly admins: AdminRepository,
    private readonly passkeys: PasskeyRepository,
  ) {}

  findByEmail(email: string): Promise<AdminDocument | null> {
    return this.admins.findByEmail(normaliseEmail(email));
  }

  findById(id: string): Promise<AdminDocument | null> {
    return this.admins.findById(id);
  }

  /** Every admin, oldest first, as the API shows them. */
  async list(): Promise<AdminSummary[]> {
    return (await this.admins.list()).map(toSummary);
  }

  /** A new admin with an initial password, to be changed at their first sign-in; 409 if taken. */
  add(email: string, password: string, role: AdminRole = NEW_ADMIN_ROLE): Promise<AdminSummary> {
    return this.changes.run(async () => {
      const normalised = normaliseEmail(email);
      if (await this.admins.exists(normalised))
        throw new ApiError(HttpStatus.CONFLICT, 'An admin with this email already exists');
      try {
        const admin = await this.admins.create({
          email: normalised,
          passwordHash: await hashPassword(password),
          passwordChangedAt: new Date(),
          mustChangePassword: true,
          role,
          access: defaultLeadAccess(role),
        });
        return toSummary(admin);
      } catch (error) {
        // Another API process added the same address meanwhile: the unique index said no.
        if (isDuplicateKey(error))
          throw new ApiError(HttpStatus.CONFLICT, 'An admin with this email already exists');
        throw error;
      }
    });
  }

  /** Removes an admin (their tokens then fail verification); 404 unknown, 409 for the last one. */
  remove(id: string): Promise<AdminSummary> {
    return this.changes.run(async () => {
      const admin = await this.admins.findById(id);
      if (!admin) throw new ApiError(HttpStatus.NOT_FOUND, 'No admin with this id');
      if ((await this.admins.count()) <= 1)
        throw new ApiError(
          HttpStatus.CONFLICT,
          'This is the last admin and cannot be removed: add another admin first',
        );
      if (admin.role === 'owner' && (await this.ownerCount()) <= 1)
        throw new ApiError(HttpStatus.CONFLICT, LAST_OWNER_REFUSAL);
      await this.admins.delete(admin._id);
      await this.passkeys.deleteAllOf(String(admin._id));
      return toSummary(admin);
    });
  }

  /**
   * Gives the admin of `id` a role, access to leads, or both: their rights change from their next
   * request, on every API process (the guard reads both with the session). Answers the admin
   * before and after; 404 unknown, 409 when it would leave no owner (then nothing changes).
   */
  update(id: string, change: { role?: AdminRole; access?: LeadAccessChange }): Promise<RoleChange> {
    return this.changes.run(async () => {
      const admin = await this.admins.findById(id);
      if (!admin) throw new ApiError(HttpStatus.NOT_FOUND, 'No admin with this id');
      const before = toSummary(admin);
      const roled = change.role ? (await this.changeRole(admin, change.role)).after : before;
      if (!change.access) return { before, after: roled };
      const access = changedLeadAccess(roled.access, change.access);
      if (sameLeadAccess(access, roled.access)) return { before, after: roled };
      const changed = await this.admins.setAccess(admin._id, access);
      if (!changed) throw new ApiError(HttpStatus.NOT_FOUND, 'No admin with this id');
      return { before, after: toSummary(changed) };
    });
  }

  /** The CLI's `--role`: as setRole, by email; null for an unknown email. */
  setRoleByEmail(email: string, role: AdminRole): Promise<RoleChange | null> {
    return this.changes.run(async () => {
      const admin = await this.admins.findByEmail(normaliseEmail(email));
      return admin && this.changeRole(admin, role);
    });
  }

  private async changeRole(admin: AdminDocument, role: AdminRole): Promise<RoleChange> {
    const before = toSummary(admin);
    if (admin.role === role) return { before, after: before };
    const demotesOwner = admin.role === 'owner';
    if (demotesOwner && (await this.ownerCount()) <= 1)
      throw new ApiError(HttpStatus.CONFLICT, LAST_OWNER_REFUSAL);
    const changed = await this.admins.setRole(admin._id, role);
    if (!changed) throw new ApiError(HttpStatus.NOT_FOUND, 'No admin with this id');
    // Another API process may have demoted the other owner meanwhile (the queue is this
    // process's): counted again after the write, and undone when no owner is left.
    if (demotesOwner && (await this.ownerCount()) === 0) {
      await this.admins.setRole(admin._id, 'owner');
      throw new ApiError(HttpStatus.CONFLICT, LAST_OWNER_REFUSAL);
    }
    return { before, after: toSummary(changed) };
  }

  /**
   * Owners, counted from every admin as read (a handful): an admin stored before roles has no
   * role field, which a query on `role` would miss, and reads as an owner.
   */
  private async ownerCount(): Promise<number> {
    return (await this.admins.list()).filter((admin) => admin.role === 'owner').length;
  }

  /** The admin's own new password: ends every session of theirs and any pending change. */
  async changePassword(admin: AdminDocument, password: string): Promise<AdminDocument> {
    const updated = await this.admins.setOwnPassword(admin._id, await hashPassword(password));
    if (!updated) throw new ApiError(HttpStatus.UNAUTHORIZED, 'Invalid or expired token');
    return updated;
  }

  /** The zone the admin chose for their dates, or null to follow their browser's. */
  async setTimeZone(admin: AdminDocument, timeZone: string | null): Promise<void> {
    if (!(await this.admins.setTimeZone(admin._id, timeZone)))
      throw new ApiError(HttpStatus.UNAUTHORIZED, 'Invalid or expired token');
  }

  /** "Sign out everywhere": every token of the admin issued so far stops working. */
  async endAllSessions(admin: AdminDocument): Promise<void> {
    await this.admins.endSessions(admin._id);
  }

  /**
   * The operator's way back (CLI `--reset-mfa`): removes the admin's second factors (TOTP and
   * passkeys) and ends every session of theirs. Null for an unknown email.
   */
  async resetSecondFactor(email: string): Promise<AdminSummary | null> {
    const admin = await this.admins.resetSecondFactor(normaliseEmail(email));
    if (admin) await this.passkeys.deleteAllOf(String(admin._id));
    return admin && toSummary(admin);
  }

  /** Creates the admin unless one with that email exists. Returns whether it created one. */
  async createIfMissing(email: string, password: string): Promise<boolean> {
    assertPasswordStrength(password);
    const passwordHash = await hashPassword(password);
    return this.admins.createIfMissing(normaliseEmail(email), passwordHash);
  }

  /**
   * Creates the admin or replaces its password (the CLI: first admin and recovery). Existing
   * sessions of that admin end; the operator chose this password, so no change is due after it.
   */
  async setPassword(email: string, password: string): Promise<'created' | 'updated'> {
    assertPasswordStrength(password);
    const passwordHash = await hashPassword(password);
    return this.admins.upsertPassword(normaliseEmail(email), passwordHash);
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
    role: admin.role,
    access: leadAccessOf(admin.role, admin.access),
  };
}
