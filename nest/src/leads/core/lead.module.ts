import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { getModelToken, MongooseModule } from '@nestjs/mongoose';
import { type Model, type SchemaDefinition } from 'mongoose';

import {
  type CreateLeadRequest,
  LEAD_KINDS,
  type LeadKind,
  type LeadKindKey,
} from '../../contract';
import { DatabaseEngine } from '../../database/database-engine';
import { LeadNotifier } from '../../notifications/lead-notifier.service';

import { type LeadRecord } from './lead-record';
import { LeadRegistry } from './lead-registry';
import { leadServiceToken } from './lead-service.token';
import { LeadTotalsChecker } from './lead-totals.checker';
import { LeadTotalsStore } from './lead-totals.store';
import { createLeadController } from './lead.controller';
import { createLeadSchema } from './lead.schema';
import { LeadService } from './lead.service';

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
        MongooseModule.forFeature([
          { name: kind.collection, schema: createLeadSchema(kind, fields) },
        ]),
      ],
      controllers: [createLeadController(kind, createDto)],
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
          ],
          useFactory: (
            model: Model<LeadRecord>,
            totals: LeadTotalsStore,
            notifier: LeadNotifier,
            registry: LeadRegistry,
            checker: LeadTotalsChecker,
            engine: DatabaseEngine,
          ) => {
            const service = new LeadService(kind, model, totals, notifier, engine, (k) =>
              checker.requestCheck(k),
            );
            registry.register(service);
            return service;
          },
        },
      ],
      exports: [leadServiceToken(kind.key)],
    };
  }
}
