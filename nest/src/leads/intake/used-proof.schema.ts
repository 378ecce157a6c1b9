import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

export const USED_PROOF_MODEL = 'UsedProof';

/**
 * A solved challenge that an intake has taken: one document per challenge, so a solution counts
 * once across every API process. No TTL index here: FerretDB 1.x refuses one at index build
 * (UsedProofs makes it where it can, and sweeps elsewhere).
 */
@Schema({ collection: 'intake_used_proofs', versionKey: false })
export class UsedProof {
  /** A hash of the challenge's signature: the one filter FerretDB 1.x looks up directly. */
  @Prop({ type: String, required: true })
  _id: string;

  /** When the challenge expires: after that it is refused anyway, and the record can go. */
  @Prop({ required: true })
  expiresAt: Date;
}

export const UsedProofSchema = SchemaFactory.createForClass(UsedProof);
