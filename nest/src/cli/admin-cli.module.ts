import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { AdminService } from '../auth/admin.service';
import { Admin, AdminSchema } from '../auth/schemas/admin.schema';
import { AppConfigModule, type EnvOverrides } from '../config/app-config.module';
import { DatabaseModule } from '../database/database.module';

/** Just enough of the app to manage admins: config, the connection and the admin model. */
@Module({})
export class AdminCliModule {
  static forRoot(overrides: EnvOverrides) {
    return {
      module: AdminCliModule,
      imports: [
        AppConfigModule.forRoot(overrides),
        DatabaseModule,
        MongooseModule.forFeature([{ name: Admin.name, schema: AdminSchema }]),
      ],
      providers: [AdminService],
    };
  }
}
