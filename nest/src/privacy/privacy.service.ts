import { Injectable } from '@nestjs/common';

import {
  emailKey,
  LEAD_KIND_KEYS,
  type LeadKindKey,
  type PrivacyEraseResponse,
  type PrivacyLeadsResponse,
} from '../contract';
import { LeadConversation } from '../leads/conversation/lead-conversation';
import { LeadKinds } from '../leads/core/lead-kinds';
import { LeadMerger } from '../leads/merge/lead-merger';
import { type MergeRecord } from '../leads/merge/store/merge-record.schema';
import { MergeRecords } from '../leads/merge/store/merge-records.store';
import { LeadWorks } from '../leads/work/lead-works';

/** A person's leads across the four kinds: what we hold of them, and erasing it. */
@Injectable()
export class PrivacyService {
  constructor(
    private readonly kinds: LeadKinds,
    private readonly works: LeadWorks,
    private readonly conversation: LeadConversation,
    private readonly merges: MergeRecords,
    private readonly merger: LeadMerger,
  ) {}

  /**
   * The person's leads, what was done and said on each (its timeline: notes, replies) and the
   * emails both ways (its conversation); and the leads of another address their requests were
   * merged into, which hold those requests' text, notes and messages since.
   */
  async leadsOf(email: string): Promise<PrivacyLeadsResponse> {
    const intoOthers = await this.mergedInto(email);
    const found = await Promise.all(
      LEAD_KIND_KEYS.map(async (key) => {
        const own = await this.kinds.of(key).people.findByEmail(email);
        const ids = new Set(own.map((lead) => lead._id));
        const others = (intoOthers.get(key) ?? []).filter((id) => !ids.has(id));
        const leads = [...own, ...(await this.kinds.of(key).people.withIds(others))];
        const work = this.works.of(key);
        const timelines = await Promise.all(
          leads.map(async (lead) => [lead._id, await work.timelineOf(lead._id)] as const),
        );
        const messages = await Promise.all(
          leads.map(
            async (lead) => [lead._id, await this.conversation.all(key, lead._id)] as const,
          ),
        );
        return { key, leads, timelines, messages };
      }),
    );
    return {
      success: true,
      kinds: Object.fromEntries(
        found.map(({ key, leads }) => [key, leads]),
      ) as PrivacyLeadsResponse['kinds'],
      timelines: Object.fromEntries(found.flatMap(({ timelines }) => timelines)),
      messages: Object.fromEntries(found.flatMap(({ messages }) => messages)),
      total: found.reduce((sum, { leads }) => sum + leads.length, 0),
    };
  }

  /**
   * Erases the person's leads. Merges are taken back first (each request back with what it
   * brought): those of the person's requests into others' leads, so they are erased with the rest;
   * and those of others' requests into the person's leads, so they are not erased with them.
   */
  async erase(email: string): Promise<PrivacyEraseResponse> {
    for (const record of await this.mergesOf(email))
      await this.merger.unmerge(null, record.kind, record.targetId, record._id.toHexString());
    const erased = await Promise.all(
      LEAD_KIND_KEYS.map(
        async (key) => [key, await this.kinds.of(key).people.erase(email)] as const,
      ),
    );
    return {
      success: true,
      erased: Object.fromEntries(erased) as Record<LeadKindKey, number>,
      total: erased.reduce((sum, [, n]) => sum + n, 0),
    };
  }

  /** The merges that hold the person's requests, or others' requests in the person's leads. */
  private async mergesOf(email: string): Promise<MergeRecord[]> {
    const key = emailKey(email);
    const own = await Promise.all(
      LEAD_KIND_KEYS.map(async (kind) => await this.kinds.of(kind).people.findByEmail(email)),
    );
    const ids = own.flat().map((lead) => lead._id);
    const intoTheirs = ids.length === 0 ? [] : await this.merges.holding(ids);
    const found = [
      ...(await this.merges.ofEmailKey(key)),
      ...intoTheirs.filter(
        (record) => ids.includes(record.targetId) && record.emailKeys.some((k) => k !== key),
      ),
    ];
    return [...new Map(found.map((record) => [record._id.toHexString(), record])).values()];
  }

  /** The leads (by kind) the person's requests were merged into. */
  private async mergedInto(email: string): Promise<Map<string, string[]>> {
    const into = new Map<string, string[]>();
    for (const record of await this.merges.ofEmailKey(emailKey(email)))
      into.set(record.kind, [...(into.get(record.kind) ?? []), record.targetId]);
    return into;
  }
}
