import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { AuthModule } from '../../auth/auth.module';
import {
  type CreateLeadRequest,
  LEAD_KINDS,
  type LeadKind,
  type LeadKindKey,
} from '../../contract';
import { LeadNotifier } from '../../notifications/lead-notifier.service';
import { NotificationsModule } from '../../notifications/notifications.module';
import { ConversationRemovals } from '../conversation/store/conversation-removals';
import { ConversationStoreModule } from '../conversation/store/conversation-store.module';
import { IntakeModule } from '../intake/intake.module';
import { MergeRecords } from '../merge/store/merge-records.store';
import { MergeStoreModule } from '../merge/store/merge-store.module';
import { SpamFilter } from '../spam/spam-filter';
import { SpamModule } from '../spam/spam.module';
import { ResponseTargetsService } from '../targets/response-targets';
import { TargetsModule } from '../targets/targets.module';
import { LeadTimeline } from '../timeline/lead-timeline.store';
import { TimelineModule } from '../timeline/timeline.module';

import { KeptDaysCheckRequests } from './kept-days/kept-days-check-requests';
import { KeptDaysWriter } from './kept-days/kept-days-writer';
import { KeptDaysStore } from './kept-days/kept-days.store';
import { LeadCoreModule } from './lead-core.module';
import { LeadEmailCounts } from './lead-email-counts.store';
import { LeadEvents } from './lead-events';
import { type LeadKindParts, leadPartsToken } from './lead-kinds';
import { LeadPrivacy } from './lead-privacy';
import { LeadRuleAssignment } from './lead-rule-assignment';
import { leadServiceToken } from './lead-service.token';
import { LeadWrites } from './lead-writes';
import { createLeadController } from './lead.controller';
import { createLeadSchema, type LeadKindFields } from './lead.schema';
import { LeadService } from './lead.service';
import { LeadListView } from './list-view/lead-list-view';
import { LeadTotalsStore } from './list-view/lead-totals.store';
import { TotalsCheckRequests } from './list-view/totals-check-requests';
import {
  type LeadUpkeepRepository,
  leadUpkeepProvider,
  leadUpkeepToken,
} from './repository/lead-upkeep.repository';
import {
  type LeadRepository,
  leadRepositoryProvider,
  leadRepositoryToken,
} from './repository/lead.repository';

export interface LeadKindDefinition<K extends LeadKindKey> {
  /** The kind's own schema paths, beside the shared contact details and archive state. */
  fields: LeadKindFields;
  /** The public intake's body. */
  createDto: Type<CreateLeadRequest<K>>;
}

/** What a kind's parts are built with besides its repositories: the shared and the lower parts. */
interface Collaborators {
  totals: LeadTotalsStore;
  checks: TotalsCheckRequests;
  /** Insights' kept days, and where a write says they missed a change. */
  keptDays: KeptDaysStore;
  keptChecks: KeptDaysCheckRequests;
  targets: ResponseTargetsService;
  counts: LeadEmailCounts;
  timeline: LeadTimeline;
  notifier: LeadNotifier;
  spam: SpamFilter;
  /** Told when leads go: their messages go with them. */
  conversations: ConversationRemovals;
  /** Told of arrivals and of admins' open leads (automatic assignment). */
  events: LeadEvents;
  /** Told when leads go: the merges into them (and the merged leads' data they hold) too. */
  merges: MergeRecords;
}

/**
 * The generic lead machinery of one kind (the four thin kind modules each make one): its model,
 * repositories, parts and list controller. It gives its parts under leadPartsToken(kind), for the
 * module that lists the kinds (LeadKindsModule) and the features that extend a kind.
 */
@Module({})
export class LeadModule {
  static forKind<K extends LeadKindKey>(
    key: K,
    { fields, createDto }: LeadKindDefinition<K>,
  ): DynamicModule {
    const kind: LeadKind<K> = LEAD_KINDS[key];
    return {
      module: LeadModule,
      imports: [
        LeadCoreModule,
        AuthModule,
        IntakeModule,
        NotificationsModule,
        SpamModule,
        TargetsModule,
        TimelineModule,
        ConversationStoreModule,
        MergeStoreModule,
        MongooseModule.forFeature([
          { name: kind.collection, schema: createLeadSchema(kind, fields) },
        ]),
      ],
      controllers: [createLeadController(kind, createDto)],
      providers: [
        leadRepositoryProvider(kind),
        leadUpkeepProvider(kind),
        {
          provide: leadPartsToken(key),
          inject: [
            leadRepositoryToken(key),
            leadUpkeepToken(key),
            LeadTotalsStore,
            TotalsCheckRequests,
            KeptDaysStore,
            KeptDaysCheckRequests,
            ResponseTargetsService,
            LeadEmailCounts,
            LeadTimeline,
            LeadNotifier,
            SpamFilter,
            ConversationRemovals,
            LeadEvents,
            MergeRecords,
          ],
          useFactory: (
            repository: LeadRepository,
            upkeep: LeadUpkeepRepository,
            totals: LeadTotalsStore,
            checks: TotalsCheckRequests,
            keptDays: KeptDaysStore,
            keptChecks: KeptDaysCheckRequests,
            targets: ResponseTargetsService,
            counts: LeadEmailCounts,
            timeline: LeadTimeline,
            notifier: LeadNotifier,
            spam: SpamFilter,
            conversations: ConversationRemovals,
            events: LeadEvents,
            merges: MergeRecords,
          ) =>
            buildParts(kind, repository, upkeep, {
              totals,
              checks,
              keptDays,
              keptChecks,
              targets,
              counts,
              timeline,
              notifier,
              spam,
              conversations,
              events,
              merges,
            }),
        },
        {
          provide: leadServiceToken(key),
          inject: [leadPartsToken(key)],
          useFactory: (parts: LeadKindParts<K>) => parts.service,
        },
      ],
      exports: [leadPartsToken(key)],
    };
  }
}

/** One kind's parts, wired: the repository under everything, the view over it, the use cases on top. */
function buildParts<K extends LeadKindKey>(
  kind: LeadKind<K>,
  repository: LeadRepository,
  upkeep: LeadUpkeepRepository,
  {
    totals,
    checks,
    keptDays,
    keptChecks,
    targets,
    counts,
    timeline,
    notifier,
    spam,
    conversations,
    events,
    merges,
  }: Collaborators,
): LeadKindParts<K> {
  const view = new LeadListView(
    kind,
    repository,
    totals,
    () => checks.request(kind.key),
    () => targets.clock(kind.key),
    (records) => counts.otherRequests(kind.key, records),
  );
  const kept = new KeptDaysWriter(
    kind.key,
    keptDays,
    () => targets.clock(kind.key),
    () => keptChecks.request(kind.key),
  );
  const writes = new LeadWrites(
    kind.key,
    repository,
    view,
    timeline,
    [conversations, { forgetLeads: (key, ids) => merges.forgetTargets(key, ids) }],
    events,
    kept,
  );
  return {
    kind,
    repository,
    upkeep,
    view,
    writes,
    service: new LeadService(kind, repository, view, writes, notifier, spam, events),
    privacy: new LeadPrivacy(kind, repository, writes, notifier, view),
    ruleAssignment: new LeadRuleAssignment(repository, repository.assignmentReads(), writes),
  };
}
