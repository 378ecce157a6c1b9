import 'reflect-metadata';

import { NestFactory } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';

import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { ConfigError, parseEnvironment } from './config/env.schema';
import { configureApp } from './configure-app';
import {
  type EmbeddedDatabase,
  NoDatabaseError,
  startEmbeddedDatabase,
} from './database/embedded-database';

async function bootstrap(): Promise<void> {
  // Validate before anything starts, so a bad variable costs one clear line and no half-started database.
  const env = parseEnvironment(process.env);
  let embedded: EmbeddedDatabase | undefined;
  if (!env.MONGODB_URI) {
    embedded = await startEmbeddedDatabase({ dataDir: env.DATA_DIR });
    console.log(`Embedded database (${embedded.engine}) at ${embedded.uri}`);
  }

  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(embedded ? { MONGODB_URI: embedded.uri } : {}),
    { bodyParser: false, bufferLogs: true },
  );
  configureApp(app);
  if (embedded) {
    const db = embedded;
    // Stop the database after Nest has closed its connections (shutdown hooks run on SIGTERM/SIGINT).
    const stop = () => void app.close().finally(() => db.stop().finally(() => process.exit(0)));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } else {
    app.enableShutdownHooks();
  }
  const { port, host } = app.get(AppConfig).api;
  await app.listen(port, host);
  console.log(`API listening on http://${host}:${port} (OpenAPI at /docs)`);
}

bootstrap().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof NoDatabaseError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error('API failed to start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
