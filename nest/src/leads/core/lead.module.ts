import { type DynamicModule, Module } from '@nestjs/common';
import { getModelToken, MongooseModule } from '@nestjs/mongoose';
import { type Model, type SchemaDefinition } from 'mongoose';

import { type LeadKindDescriptor } from '../../contract';

import { leadServiceToken } from './lead-service.token';
import { createLeadController } from './lead.controller';
import { createLeadSchema } from './lead.schema';
import { type LeadRecord, LeadService } from './lead.service';

export interface LeadKindDefinition {
  kind: LeadKindDescriptor;
  /** The kind's own schema paths, beside the shared contact details and archive state. */
  fields: SchemaDefinition;
}

/** The generic lead machinery, instantiated once per kind by the four thin kind modules. */
@Module({})
export class LeadModule {
  static forKind({ kind, fields }: LeadKindDefinition): DynamicModule {
    return {
      module: LeadModule,
      imports: [
        MongooseModule.forFeature([
          { name: kind.collection, schema: createLeadSchema(kind, fields) },
        ]),
      ],
      controllers: [createLeadController(kind)],
      providers: [
        {
          provide: leadServiceToken(kind.key),
          inject: [getModelToken(kind.collection)],
          useFactory: (model: Model<LeadRecord>) => new LeadService(model, kind),
        },
      ],
      exports: [leadServiceToken(kind.key)],
    };
  }
}
