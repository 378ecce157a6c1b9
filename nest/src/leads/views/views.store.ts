import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Schema, trusted } from 'mongoose';

import { type ViewQuery } from '../../contract';
import { isDuplicateKey } from '../../database/duplicate-key';

/** Whose a stored view is: the team's (shared) or one admin's (their id). */
export const TEAM_OWNER = 'team';

/** A saved view as stored: its id is 24 hex digits, as the API shows it. */
export interface ViewRecord {
  _id: string;
  /** TEAM_OWNER, or the id of the admin it belongs to. */
  owner: string;
  name: string;
  /** The name as two names are compared (case and Unicode form ignored): unique per owner. */
  nameKey: string;
  query: ViewQuery;
  createdAt: Date;
  createdBy: string;
}

/** One admin's order of the views they see (view ids; those not named follow). */
interface ViewOrderRecord {
  _id: string;
  ids: string[];
}

export const VIEW_MODEL = 'SavedView';
export const VIEW_ORDER_MODEL = 'SavedViewOrder';

export const ViewSchema = new Schema<ViewRecord>(
  {
    _id: { type: String, required: true },
    owner: { type: String, required: true },
    name: { type: String, required: true },
    nameKey: { type: String, required: true },
    query: { type: Schema.Types.Mixed, required: true },
    createdAt: { type: Date, required: true },
    createdBy: { type: String, required: true },
  },
  { collection: 'saved_views', versionKey: false, minimize: false, strict: 'throw' },
);
// The views an admin sees (`owner` in [team, them]) and a name's uniqueness per owner: one index.
ViewSchema.index({ owner: 1, nameKey: 1 }, { unique: true });

export const ViewOrderSchema = new Schema<ViewOrderRecord>(
  { _id: { type: String, required: true }, ids: { type: [String], default: [] } },
  { collection: 'saved_view_orders', versionKey: false, minimize: false, strict: 'throw' },
);

/** How two names are told apart: not by case, nor by how the same letters are encoded. */
export const nameKeyOf = (name: string): string => name.normalize('NFC').toLowerCase();

/** The saved views, and each admin's order of them. */
@Injectable()
export class ViewsStore {
  constructor(
    @InjectModel(VIEW_MODEL) private readonly views: Model<ViewRecord>,
    @InjectModel(VIEW_ORDER_MODEL) private readonly orders: Model<ViewOrderRecord>,
  ) {}

  /** The team's views and the admin's own, oldest first: one read. */
  seenBy(adminId: string): Promise<ViewRecord[]> {
    return this.views
      .find({ owner: trusted({ $in: [TEAM_OWNER, adminId] }) })
      .sort({ createdAt: 1, _id: 1 })
      .lean<ViewRecord[]>()
      .exec();
  }

  byId(id: string): Promise<ViewRecord | null> {
    return this.views.findById(id).lean<ViewRecord>().exec();
  }

  /** Stores a new view; false when its owner has one of that name already (a race lost). */
  async create(record: ViewRecord): Promise<boolean> {
    try {
      await this.views.create(record);
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /** Changes a view's name or query; false when the new name is its owner's already. */
  async update(id: string, change: Partial<Pick<ViewRecord, 'name' | 'nameKey' | 'query'>>) {
    try {
      await this.views.updateOne({ _id: id }, { $set: change }).exec();
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async remove(id: string): Promise<void> {
    await this.views.deleteOne({ _id: id }).exec();
  }

  async orderOf(adminId: string): Promise<string[]> {
    const record = await this.orders.findById(adminId).lean<ViewOrderRecord>().exec();
    return record?.ids ?? [];
  }

  async setOrder(adminId: string, ids: readonly string[]): Promise<void> {
    await this.orders
      .updateOne({ _id: adminId }, { $set: { ids: [...ids] } }, { upsert: true })
      .exec();
  }
}
