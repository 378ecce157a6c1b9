import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { LeadCoreModule } from '../core/lead-core.module';
import { LeadKindsModule } from '../lead-kinds.module';

import { ViewCounts } from './view-counts';
import { ViewsController } from './views.controller';
import { ViewsService } from './views.service';
import {
  VIEW_MODEL,
  VIEW_ORDER_MODEL,
  ViewOrderSchema,
  ViewSchema,
  ViewsStore,
} from './views.store';

/** Saved views of the queue: stored views, each admin's order, counts from the kept totals. */
@Module({
  imports: [
    LeadKindsModule,
    LeadCoreModule,
    MongooseModule.forFeature([
      { name: VIEW_MODEL, schema: ViewSchema },
      { name: VIEW_ORDER_MODEL, schema: ViewOrderSchema },
    ]),
  ],
  controllers: [ViewsController],
  providers: [ViewsService, ViewsStore, ViewCounts],
})
export class ViewsModule {}
