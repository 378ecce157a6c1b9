import { type MongoClient, type ObjectId } from 'mongodb';

import { hashPassword } from '../../../nest/src/auth/password-hasher';
import { type AdminRole, type LeadAccess } from '../../../nest/src/contract';

/**
 * Stores an admin straight into the database the running API reads, past their initial password,
 * with a role and access (what the Admins page sets; its own tests drive that page). Its `_id`.
 */
export async function storeAdmin(
  mongo: MongoClient,
  admin: { email: string; password: string; role: AdminRole; access: LeadAccess },
): Promise<ObjectId> {
  const now = new Date();
  const { insertedId } = await mongo
    .db()
    .collection('admins')
    .insertOne({
      email: admin.email,
      passwordHash: await hashPassword(admin.password),
      passwordChangedAt: now,
      sessionVersion: 0,
      role: admin.role,
      access: admin.access,
      mustChangePassword: false,
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: 0,
      passkeyIds: [],
      recoveryCodeHashes: [],
      timeZone: null,
      createdAt: now,
    });
  return insertedId;
}
