import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { AuditRepository } from '../audit/audit.repository';
import { AUDIT_MODEL, AuditSchema } from '../audit/audit.schema';
import { AuditService } from '../audit/audit.service';
import { AdminRepository } from '../auth/admin.repository';
import { AdminService } from '../auth/admin.service';
import { PasskeyRepository } from '../auth/passkeys/passkey.repository';
import { PASSKEY_MODEL, PasskeySchema } from '../auth/passkeys/passkey.schema';
import { Admin, AdminSchema } from '../auth/schemas/admin.schema';
import { AppConfigModule, type EnvOverrides } from '../config/app-config.module';
import { DatabaseModule } from '../database/database.module';

/** Just enough of the app to manage admins: config, the connection, admins and the audit log. */
@Module({})
export class AdminCliModule {
  static forRoot(overrides: EnvOverrides) {
    return {
      module: AdminCliModule,
      imports: [
        AppConfigModule.forRoot(overrides),
        DatabaseModule,
        MongooseModule.forFeature([
          { name: Admin.name, schema: AdminSchema },
          { name: PASSKEY_MODEL, schema: PasskeySchema },
          { name: AUDIT_MODEL, schema: AuditSchema },
        ]),
      ],
      providers: [AdminRepository, PasskeyRepository, AdminService, AuditRepository, AuditService],
    };
  }
}
