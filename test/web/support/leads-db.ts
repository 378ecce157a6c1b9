import { randomBytes } from 'node:crypto';

import { MongoClient, ObjectId } from 'mongodb';

import {
  LEAD_KINDS,
  type LeadKindKey,
  leadKindList,
  type SpamReason,
} from '../../../nest/src/contract';
import { recountLeadTotals } from '../../../nest/src/leads/core/repository/lead-counts.repository';
import { leadDocs } from '../../support/lead-docs';

/**
 * Leads put straight into the database the running API reads, as the issue asks ("leads put in
 * through the database"). Every lead of a test carries the test's own tag, so a test sees only its
 * data and removes it afterwards.
 */
export class LeadsDb {
  private constructor(private readonly client: MongoClient) {}

  /** The suite's database, or another stack's (`uri`). */
  static async connect(uri = process.env.TEST_MONGODB_URI): Promise<LeadsDb> {
    if (!uri) throw new Error('TEST_MONGODB_URI is not set');
    return new LeadsDb(await new MongoClient(uri).connect());
  }

  /** A short unique word to put into the names of a test's leads. */
  static tag(): string {
    return `t${randomBytes(3).toString('hex')}`;
  }

  /** Active leads a minute apart, oldest first; the newest arrived `ageMs` ago (default: now). */
  async insert(
    kind: LeadKindKey,
    tag: string,
    count: number,
    { ageMs = 0, spam }: { ageMs?: number; spam?: SpamReason[] } = {},
  ): Promise<{ id: string; name: string; email: string }[]> {
    const descriptor = LEAD_KINDS[kind];
    const start = Date.now() - ageMs - count * 60_000;
    const docs = leadDocs(descriptor, count, { tag, stepMs: 60_000, start, spam });
    const result = await this.client.db().collection(descriptor.collection).insertMany(docs);
    await recountLeadTotals(this.client.db(), [descriptor]);
    return docs.map((doc, i) => ({
      id: (result.insertedIds[i] as { toHexString(): string }).toHexString(),
      name: doc.name,
      email: doc.email,
    }));
  }

  /**
   * Leads as given (dates, stages, sources, replies: whatever the test sets), over the tagged
   * fields of stored leads; the kind's totals recounted.
   */
  async insertAs(kind: LeadKindKey, tag: string, leads: Record<string, unknown>[]): Promise<void> {
    const descriptor = LEAD_KINDS[kind];
    const docs = leadDocs(descriptor, leads.length, { tag }).map((doc, i) => ({
      ...doc,
      ...leads[i],
    }));
    await this.client.db().collection(descriptor.collection).insertMany(docs);
    await recountLeadTotals(this.client.db(), [descriptor]);
  }

  /** Leads of a kind whose name or email carries the tag (what the web put in, too). */
  find(kind: LeadKindKey, tag: string) {
    return this.client
      .db()
      .collection(LEAD_KINDS[kind].collection)
      .find({ $or: [{ name: { $regex: tag } }, { email: { $regex: tag } }] })
      .toArray();
  }

  /** Removes one lead, as another admin or process might meanwhile. */
  async remove(kind: LeadKindKey, id: string): Promise<void> {
    const descriptor = LEAD_KINDS[kind];
    await this.client
      .db()
      .collection(descriptor.collection)
      .deleteOne({ _id: new ObjectId(id) });
    await recountLeadTotals(this.client.db(), [descriptor]);
  }

  async removeTagged(tag: string): Promise<void> {
    await Promise.all(
      Object.values(LEAD_KINDS).map((kind) =>
        this.client
          .db()
          .collection(kind.collection)
          .deleteMany({ $or: [{ name: { $regex: tag } }, { email: { $regex: tag } }] }),
      ),
    );
    await recountLeadTotals(this.client.db(), leadKindList);
  }

  /** A settings document by `_id` (`business-hours`), as the API stored it. */
  setting(id: string): Promise<Record<string, unknown> | null> {
    return this.client
      .db()
      .collection<{ _id: string }>('settings')
      .findOne({ _id: id }) as Promise<Record<string, unknown> | null>;
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
