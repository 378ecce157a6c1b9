import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type HydratedDocument } from 'mongoose';

@Schema({ collection: 'admins', timestamps: true, versionKey: false })
export class Admin {
  /** Stored lower-cased and trimmed: sign-in is case-insensitive on the address. */
  @Prop({ required: true, unique: true, lowercase: true, trim: true })
  email: string;

  /** argon2id, PHC string format (algorithm and parameters travel with the hash). */
  @Prop({ required: true })
  passwordHash: string;

  /** Tokens issued before this instant are refused, so a password reset signs out every session. */
  @Prop({ required: true, default: () => new Date() })
  passwordChangedAt: Date;
}

export type AdminDocument = HydratedDocument<Admin>;
export const AdminSchema = SchemaFactory.createForClass(Admin);
