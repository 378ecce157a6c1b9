import { type FactoryProvider, Module } from '@nestjs/common';

import { LEAD_KIND_KEYS, LEAD_KINDS, type LeadKindKey } from '../../contract';
import { ConversationStoreModule } from '../conversation/store/conversation-store.module';
import { ConversationStore } from '../conversation/store/conversation.store';
import { MessageReceipts } from '../conversation/store/message-receipts.store';
import { type LeadKindParts, leadPartsToken } from '../core/lead-kinds';
import { LeadKindsModule } from '../lead-kinds.module';
import { LeadTimeline } from '../timeline/lead-timeline.store';
import { TimelineModule } from '../timeline/timeline.module';

import { LeadMergeSteps } from './lead-merge-steps';
import { createLeadMergeController } from './lead-merge.controller';
import { LeadMerger } from './lead-merger';
import { MergeCheck } from './merge-check';
import { MergeRecords } from './store/merge-records.store';
import { MergeStoreModule } from './store/merge-store.module';

/** Every kind's parts by key, for the merges (which write through each kind's own queue). */
abstract class MergeKinds {
  abstract of(key: LeadKindKey): LeadKindParts;
}

const providers: FactoryProvider[] = [
  {
    provide: MergeKinds,
    inject: LEAD_KIND_KEYS.map(leadPartsToken),
    useFactory: (...parts: LeadKindParts[]): MergeKinds => {
      const byKey = new Map(parts.map((p) => [p.kind.key, p] as const));
      return {
        of(key) {
          const found = byKey.get(key);
          if (!found) throw new Error(`no lead kind ${key}`);
          return found;
        },
      };
    },
  },
  {
    provide: LeadMergeSteps,
    inject: [MergeKinds, LeadTimeline, ConversationStore, MessageReceipts, MergeRecords],
    useFactory: (
      kinds: MergeKinds,
      timeline: LeadTimeline,
      conversations: ConversationStore,
      receipts: MessageReceipts,
      records: MergeRecords,
    ) =>
      new LeadMergeSteps({
        kinds: (key) => kinds.of(key),
        timeline,
        conversations,
        receipts,
        records,
      }),
  },
  {
    provide: LeadMerger,
    inject: [MergeKinds, LeadMergeSteps, MergeRecords, LeadTimeline, ConversationStore],
    useFactory: (
      kinds: MergeKinds,
      steps: LeadMergeSteps,
      records: MergeRecords,
      timeline: LeadTimeline,
      conversations: ConversationStore,
    ) => new LeadMerger({ kinds: (key) => kinds.of(key), steps, records, timeline, conversations }),
  },
  {
    provide: MergeCheck,
    inject: [MergeRecords, LeadMergeSteps, MergeKinds],
    useFactory: (records: MergeRecords, steps: LeadMergeSteps, kinds: MergeKinds) =>
      new MergeCheck(records, steps, (key) => kinds.of(key)),
  },
];

/**
 * Merging one person's requests (issue 35): one controller per kind beside its list controller,
 * the merger over every kind's parts, and the check that finishes merges left midway. Gives the
 * merger and the records to privacy (a person's merged data).
 */
@Module({
  imports: [LeadKindsModule, TimelineModule, ConversationStoreModule, MergeStoreModule],
  controllers: LEAD_KIND_KEYS.map((key) => createLeadMergeController(LEAD_KINDS[key])),
  providers,
  exports: [LeadMerger, MergeStoreModule, MergeCheck],
})
export class MergeModule {}
