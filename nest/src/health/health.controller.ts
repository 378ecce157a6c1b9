import { Controller, Get, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { type Response } from 'express';

import { Public } from '../auth/public.decorator';
import { type HealthResponse } from '../contract';
import { DatabasePing } from '../database/database-ping';
import { StorageState } from '../database/storage-state';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly database: DatabasePing,
    private readonly storage: StorageState,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Liveness and database reachability (for load balancers and compose)' })
  @ApiOkResponse({ description: '{success: true, database: "up", storage: "ok"}' })
  @ApiServiceUnavailableResponse({
    description:
      '{success: false, database: "down"} or, degraded, {success: false, database: "up", storage: "full"}',
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
