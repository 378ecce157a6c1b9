import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { getModelToken, MongooseModule } from '@nestjs/mongoose';
import { type Model, type SchemaDefinition } from 'mongoose';

import { AuthModule } from '../../auth/auth.module';
import { AppConfig } from '../../config/app-config';
import {
  type CreateLeadRequest,
  LEAD_KINDS,
  type LeadKind,
  type LeadKindKey,
} from '../../contract';
import { DatabaseEngine } from '../../database/database-engine';
import { LeadNotifier } from '../../notifications/lead-notifier.service';
import { LeadConversation } from '../conversation/lead-conversation';
import { type LeadRemovalListener } from '../conversation/lead-mail.port';
import { SpamFilter } from '../spam/spam-filter';
import { ResponseTargetsService } from '../targets/response-targets';
import { LeadTimeline } from '../timeline/lead-timeline';
import { LeadWork } from '../work/lead-work';
import { createLeadWorkController } from '../work/lead-work.controller';
import { leadWorkToken } from '../work/lead-work.token';

import { LeadEmailCounts } from './lead-email-counts';
import { LeadPrivacy } from './lead-privacy';
import { type LeadRecord } from './lead-record';
import { type LeadKindParts, LeadRegistry } from './lead-registry';
import { leadServiceToken } from './lead-service.token';
import { LeadWrites } from './lead-writes';
import { createLeadController } from './lead.controller';
import { LeadRepository } from './lead.repository';
import { createLeadSchema } from './lead.schema';
import { LeadService } from './lead.service';
import { LeadListView } from './list-view/lead-list-view';
import { LeadTotalsChecker } from './list-view/lead-totals.checker';
import { LeadTotalsStore } from './list-view/lead-totals.store';

export interface LeadKindDefinition<K extends LeadKindKey> {
  /** The kind's own schema paths, beside the shared contact details and archive state. */
  fields: SchemaDefinition;
  /** The public intake's body. */
  createDto: Type<CreateLeadRequest<K>>;
}

/** The generic lead machinery, instantiated once per kind by the four thin kind modules. */
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
        AuthModule,
        MongooseModule.forFeature([
          { name: kind.collection, schema: createLeadSchema(kind, fields) },
        ]),
      ],
      controllers: [createLeadController(kind, createDto), createLeadWorkController(kind)],
      providers: [
        {
          provide: leadServiceToken(kind.key),
          inject: [
            getModelToken(kind.collection),
            LeadTotalsStore,
            LeadNotifier,
            LeadRegistry,
            LeadTotalsChecker,
            DatabaseEngine,
            LeadTimeline,
            AppConfig,
            ResponseTargetsService,
            LeadEmailCounts,
            SpamFilter,
            LeadConversation,
          ],
          useFactory: (
            model: Model<LeadRecord>,
            totals: LeadTotalsStore,
            notifier: LeadNotifier,
            registry: LeadRegistry,
            checker: LeadTotalsChecker,
            engine: DatabaseEngine,
            timeline: LeadTimeline,
            config: AppConfig,
            targets: ResponseTargetsService,
            counts: LeadEmailCounts,
            spam: SpamFilter,
            conversation: LeadConversation,
          ) => {
            const parts = buildParts(kind, model, {
              totals,
              notifier,
              engine,
              checker,
              timeline,
              targets,
              registry,
              counts,
              spam,
              conversation,
              from: config.notifications.from,
            });
            registry.register(parts);
            return parts.service;
          },
        },
        {
          // Built with the service (same parts); asking for the service first makes sure of it.
          provide: leadWorkToken(kind.key),
          inject: [leadServiceToken(kind.key), LeadRegistry],
          useFactory: (_service: LeadService<K>, registry: LeadRegistry) => registry.get(key).work,
        },
      ],
      exports: [leadServiceToken(kind.key), leadWorkToken(kind.key)],
    };
  }
}

/** One kind's parts, wired: the repository under everything, the view over it, the use cases on top. */
function buildParts<K extends LeadKindKey>(
  kind: LeadKind<K>,
  model: Model<LeadRecord>,
  shared: {
    totals: LeadTotalsStore;
    notifier: LeadNotifier;
    engine: DatabaseEngine;
    checker: LeadTotalsChecker;
    timeline: LeadTimeline;
    targets: ResponseTargetsService;
    registry: LeadRegistry;
    counts: LeadEmailCounts;
    spam: SpamFilter;
    /** Told when leads go: their messages go with them. */
    conversation: LeadRemovalListener;
    /** NOTIFY_FROM: the From of replies. */
    from: string;
  },
): LeadKindParts<K> {
  const { totals, notifier, engine, checker, timeline, targets, registry, counts, spam } = shared;
  const repository = new LeadRepository(kind, model, engine, counts);
  const view = new LeadListView(
    kind,
    repository,
    totals,
    () => checker.requestCheck(kind.key),
    () => targets.clock(kind.key),
    (records) => counts.otherRequests(records),
  );
  const writes = new LeadWrites(kind.key, repository, view, timeline, [shared.conversation]);
  const service = new LeadService(kind, repository, view, writes, notifier, spam);
  return {
    kind,
    repository,
    view,
    service,
    privacy: new LeadPrivacy(kind, repository, writes, notifier, view),
    work: new LeadWork(kind, repository, timeline, {
      writes,
      notifier,
      registry,
      from: shared.from,
    }),
    writes,
  };
}
