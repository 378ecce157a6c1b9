import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

export const RETENTION_RUN_MODEL = 'RetentionRun';

/** The document that keeps the last finished run, beside the days' claims. */
export const LAST_RUN_ID = 'last';

/**
 * One day's retention run, claimed by the process that inserts it first (the `_id` is the day, so
 * only one insert can win, on FerretDB too); and, under LAST_RUN_ID, the last run that finished.
 */
@Schema({ collection: 'retention_runs', versionKey: false })
export class RetentionRun {
  /** The day (YYYY-MM-DD, UTC), or LAST_RUN_ID. */
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true })
  startedAt: Date;

  /** null while the run is under way (or was interrupted: the next day's run finishes its work). */
  @Prop({ type: Date, default: null })
  finishedAt: Date | null;

  /** Leads the run deleted. */
  @Prop({ default: 0 })
  deleted: number;
}

export const RetentionRunSchema = SchemaFactory.createForClass(RetentionRun);
