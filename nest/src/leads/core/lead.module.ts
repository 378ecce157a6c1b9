import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { getModelToken, MongooseModule } from '@nestjs/mongoose';
import { type Model, type SchemaDefinition } from 'mongoose';

import { type LeadKindDescriptor } from '../../contract';
import { LeadNotifier } from '../../notifications/lead-notifier.service';

import { leadServiceToken } from './lead-service.token';
import { createLeadController } from './lead.controller';
import { type CreateLeadBaseDto } from './lead.dto';
import { createLeadSchema } from './lead.schema';
import { type LeadRecord, LeadService } from './lead.service';

export interface LeadKindDefinition {
  kind: LeadKindDescriptor;
  /** The kind's own schema paths, beside the shared contact details and archive state. */
  fields: SchemaDefinition;
  /** The public intake's body. */
  createDto: Type<CreateLeadBaseDto>;
}

/** The generic lead machinery, instantiated once per kind by the four thin kind modules. */
@Module({})
export class LeadModule {
  static forKind({ kind, fields, createDto }: LeadKindDefinition): DynamicModule {
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
          inject: [getModelToken(kind.collection), LeadNotifier],
          useFactory: (model: Model<LeadRecord>, notifier: LeadNotifier) =>
            new LeadService(model, kind, notifier),
        },
      ],
      exports: [leadServiceToken(kind.key)],
    };
  }
}
