import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Response } from 'express';

import { PublicEndpoint } from '../auth/admin-endpoint.decorator';
import { type HealthResponse } from '../contract';
import { DatabasePing } from '../database/database-ping';
import { StorageState } from '../database/storage-state';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly database: DatabasePing,
    private readonly storage: StorageState,
  ) {}

  @Get()
  @PublicEndpoint({
    summary: 'Liveness and database reachability (for load balancers and compose)',
    ok: { description: '{success: true, database: "up", storage: "ok"}' },
    errors: {
      503: '{success: false, database: "down"} or, degraded, {success: false, database: "up", storage: "full"}',
    },
  })
  async check(
    @Res({ passthrough: true }) response: Response,
  ): Promise<HealthResponse & { message?: string }> {
    if (!(await this.database.answers())) {
      response.status(503);
      return {
        success: false,
        database: 'down',
        storage: 'unknown',
        message: 'Database unavailable',
      };
    }
    if (await this.storage.recheck().catch(() => true)) {
      response.status(503);
      return {
        success: false,
        database: 'up',
        storage: 'full',
        message: 'Degraded: the database is out of space and refuses writes',
      };
    }
    return { success: true, database: 'up', storage: 'ok' };
  }
}
