import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One counter's current window, shared by every API process on the database. No TTL index is
 * declared here: FerretDB 1.x refuses one at index build, so the store makes it where it can.
 */
@Schema({ collection: 'rate_limits', versionKey: false })
export class RateLimitWindow {
  /** The counter's key: the one filter FerretDB 1.x looks up without reading the whole collection. */
  @Prop({ type: String, required: true })
  _id: string;

  /** Hits in the window. */
  @Prop({ required: true })
  count: number;

  /** When the window ends; the document means nothing (and is removed) after that. */
  @Prop({ required: true })
  resetAt: Date;
}

export const RateLimitWindowSchema = SchemaFactory.createForClass(RateLimitWindow);
