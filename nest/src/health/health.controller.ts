import { Controller, Get, Res } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { type Response } from 'express';
import { type Connection, ConnectionStates } from 'mongoose';

import { Public } from '../auth/public.decorator';
import { type HealthResponse } from '../contract';
import { StorageState } from '../database/storage-state';

const PING_TIMEOUT_MS = 2_000;

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    @InjectConnection() private readonly connection: Connection,
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
    if (!(await this.databaseAnswers())) {
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

  /** One ping at a time, however many health checks arrive while it is pending. */
  private ping?: Promise<boolean>;

  private async databaseAnswers(): Promise<boolean> {
    const db = this.connection.db;
    if (!db) return false;
    this.ping ??= db
      .command({ ping: 1 })
      .then(
        () => true,
        () => false,
      )
      .finally(() => (this.ping = undefined));
    // The driver marks the connection disconnected as soon as it loses the server: say so at once
    // (a ping would wait for server selection). The ping still goes out, so the driver looks for
    // the server again now rather than at its next heartbeat, and the API recovers within a second
    // of the database coming back.
    if (this.connection.readyState !== ConnectionStates.connected) return false;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.ping,
        new Promise<boolean>(
          (resolve) => (timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)),
        ),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
