import { Schema } from 'mongoose';

/** A signed-out session's token, by its `jti`, kept until the token would have expired anyway. */
export interface RevokedToken {
  /** The token's `jti`: the one field FerretDB looks up without reading the whole collection. */
  _id: string;
  adminId: string;
  expiresAt: Date;
}

export const REVOKED_TOKEN_MODEL = 'RevokedToken';

export const RevokedTokenSchema = new Schema<RevokedToken>(
  {
    _id: { type: String, required: true },
    adminId: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  // No TTL index here: FerretDB refuses one at index build ("not implemented"), which would fail
  // db:indexes there. TokenDenyList creates it where the server can, and sweeps where it cannot.
  { collection: 'revoked_tokens', versionKey: false },
);
