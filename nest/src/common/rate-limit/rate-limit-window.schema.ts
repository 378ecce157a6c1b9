import { Schema } from 'mongoose';

/** One counter's current window, shared by every API process on the database. */
export interface RateLimitWindow {
  /** The counter's key: the one filter FerretDB 1.x looks up without reading the whole collection. */
  _id: string;
  /** Hits in the window. */
  count: number;
  /** When the window ends; the document is meaningless (and removed) after that. */
  resetAt: Date;
}

export const RATE_LIMIT_WINDOW_MODEL = 'RateLimitWindow';

export const RateLimitWindowSchema = new Schema<RateLimitWindow>(
  {
    _id: { type: String, required: true },
    count: { type: Number, required: true },
    resetAt: { type: Date, required: true },
  },
  // No TTL index here: FerretDB 1.x refuses one at index build. DatabaseRateLimitStore creates it
  // where the server can, and sweeps expired windows itself where it cannot.
  { collection: 'rate_limits', versionKey: false },
);
