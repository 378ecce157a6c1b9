import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type HydratedDocument } from 'mongoose';

import { ADMIN_ROLES, type AdminRole, type LeadAccess, LEGACY_ADMIN_ROLE } from '../../contract';

@Schema({ collection: 'admins', timestamps: true, versionKey: false })
export class Admin {
  /** Stored lower-cased and trimmed: sign-in is case-insensitive on the address. */
  @Prop({ required: true, unique: true, lowercase: true, trim: true })
  email: string;

  /** argon2id, PHC string format (algorithm and parameters travel with the hash). */
  @Prop({ required: true })
  passwordHash: string;

  /** When the password was last set (by the admin, another admin or the CLI). */
  @Prop({ required: true, default: () => new Date() })
  passwordChangedAt: Date;

  /**
   * Tokens carry the version they were issued under (claim `sv`) and are refused once it moved on:
   * a password change, a reset or "sign out everywhere" increments it. A counter, not a timestamp:
   * a token's `iat` has whole seconds, so a stamp would spare tokens issued in the same second.
   */
  @Prop({ required: true, default: 0 })
  sessionVersion: number;

  /**
   * What the admin may do (ROLE_PERMISSIONS). Admins stored before roles existed have no such
   * field: Mongoose reads them with this default, so they are owners with no migration run.
   * Read on every request with the session (the guard's one read of the admin).
   */
  @Prop({ type: String, enum: ADMIN_ROLES, required: true, default: LEGACY_ADMIN_ROLE })
  role: AdminRole;

  /**
   * Which leads of each kind they see (issue 34; `leadAccessOf` reads it). Absent on an admin
   * stored before access existed: every lead, as before. Validated by the API before it is set.
   */
  @Prop({ type: Object, default: undefined })
  access?: LeadAccess;

  /** Set for an admin created with an initial password by another admin, until they change it. */
  @Prop({ required: true, default: false })
  mustChangePassword: boolean;

  /**
   * The confirmed TOTP secret, encrypted (see secret-box.ts): null without one. The admin has a
   * second factor exactly when this is set or `passkeyIds` holds one.
   */
  @Prop({ type: String, default: null })
  totpSecret: string | null;

  /** A secret handed out by enrolment, encrypted, until a code from it is confirmed. */
  @Prop({ type: String, default: null })
  totpPendingSecret: string | null;

  /** The last 30-second step whose code was accepted: codes of it and before are refused. */
  @Prop({ required: true, default: 0 })
  totpLastStep: number;

  /**
   * The credential ids of the admin's passkeys, kept in admin_passkeys by these ids: here so that
   * whether the admin has a second factor is known from the admin alone (the guard's one read).
   */
  @Prop({ type: [String], default: [] })
  passkeyIds: string[];

  /** SHA-256 of each unused recovery code (see recovery-codes.ts). */
  @Prop({ type: [String], default: [] })
  recoveryCodeHashes: string[];

  /** The IANA zone the admin chose for their dates; null: their browser's zone. */
  @Prop({ type: String, default: null })
  timeZone: string | null;

  createdAt: Date;
}

export type AdminDocument = HydratedDocument<Admin>;
export const AdminSchema = SchemaFactory.createForClass(Admin);
