import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { AuditController } from './audit.controller';
import { AuditRepository } from './audit.repository';
import { AUDIT_MODEL, AuditSchema } from './audit.schema';
import { AuditService } from './audit.service';

/** The audit log: every module records its admins' actions through the global AuditService. */
@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: AUDIT_MODEL, schema: AuditSchema }])],
  controllers: [AuditController],
  providers: [AuditRepository, AuditService],
  exports: [AuditService],
})
export class AuditModule {}
