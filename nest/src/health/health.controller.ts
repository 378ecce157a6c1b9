import { Controller, Get, Res } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { type Response } from 'express';
import { type Connection } from 'mongoose';

import { Public } from '../auth/public.decorator';
import { type HealthResponse } from '../contract';

const PING_TIMEOUT_MS = 2_000;

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  @Get()
  @ApiOperation({ summary: 'Liveness and database reachability (for load balancers and compose)' })
  @ApiOkResponse({ description: '{success: true, database: "up"}' })
  @ApiServiceUnavailableResponse({ description: '{success: false, database: "down"}' })
  async check(
    @Res({ passthrough: true }) response: Response,
  ): Promise<HealthResponse & { message?: string }> {
    if (await this.databaseAnswers()) return { success: true, database: 'up' };
    response.status(503);
    return { success: false, database: 'down', message: 'Database unavailable' };
  }

  private async databaseAnswers(): Promise<boolean> {
    const db = this.connection.db;
    if (!db) return false;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        db.command({ ping: 1 }).then(() => true),
        new Promise<boolean>(
          (resolve) => (timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)),
        ),
      ]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
