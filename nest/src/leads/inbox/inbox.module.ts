import { Module } from '@nestjs/common';

import { InboxController } from './inbox.controller';
import { InboxService } from './inbox.service';

/** Calls that span the four lead kinds (their modules register in the global LeadRegistry). */
@Module({ controllers: [InboxController], providers: [InboxService] })
export class InboxModule {}
