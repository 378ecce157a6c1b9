import { join } from 'node:path';

import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

import { AppConfig, DEMO_ADMIN_PASSWORD_FILE } from '../config/app-config';

import { AdminService } from './admin.service';

/** Creates the admin named by ADMIN_EMAIL/ADMIN_PASSWORD (or the development demo admin) if missing. */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Admin');

  constructor(
    private readonly config: AppConfig,
    private readonly admins: AdminService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const admin = this.config.bootstrapAdmin;
    if (!admin) return;
    const created = await this.admins.createIfMissing(admin.email, admin.password);
    if (created) this.logger.log(`created admin ${admin.email}`);
    if (admin.demo) {
      // Development only (NODE_ENV=development with no ADMIN_EMAIL/ADMIN_PASSWORD). The password
      // stays out of the log: `npm run dev` shows it in its start-up summary, and the file has it.
      this.logger.log(
        `demo admin ${admin.email}: password in ${join(this.config.dataDir, DEMO_ADMIN_PASSWORD_FILE)} (set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`,
      );
    }
  }
}
