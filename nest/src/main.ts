import 'reflect-metadata';

import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';

import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { ConfigError, parseEnvironment } from './config/env.schema';
import { configureApp } from './configure-app';

/**
 * The API needs a database it is told about: in development `npm run dev` and `npm start` start the
 * embedded one and pass its URI; a container or a server sets MONGODB_URI itself.
 */
const MONGODB_URI_REQUIRED =
  'MONGODB_URI is not set: point it at MongoDB, or run the API through `npm run dev` or `npm start`, which start the embedded database and set it';

async function bootstrap(): Promise<void> {
  // Validate before anything starts, so a bad variable costs one clear line.
  const env = parseEnvironment(process.env);
  if (!env.MONGODB_URI) throw new ConfigError(MONGODB_URI_REQUIRED);

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(), {
    bodyParser: false,
    bufferLogs: true,
  });
  configureApp(app);
  // SIGTERM/SIGINT close the server and the database connections, then end the process.
  app.enableShutdownHooks();
  const { port, host } = app.get(AppConfig).api;
  await app.listen(port, host);
  // Through the app's logger, so production stdout stays JSON lines.
  new Logger('Bootstrap').log(`API listening on http://${host}:${port} (OpenAPI at /docs)`);
}

function startFailure(error: unknown): string {
  if (error instanceof ConfigError) return `Configuration error: ${error.message}`;
  const message = error instanceof Error ? error.message : String(error);
  const portTaken = (error as { code?: unknown } | null)?.code === 'EADDRINUSE';
  return `API failed to start: ${message}${portTaken ? ' (set API_PORT)' : ''}`;
}

bootstrap().catch((error: unknown) => {
  console.error(startFailure(error));
  process.exit(1);
});
