import { type INestApplication } from '@nestjs/common';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';

import { jsonBodyParser } from './common/json-body-parser';
import { exactOpenApi } from './common/openapi-exact';
import { quietStartUp } from './common/quiet-start-up-logger';
import { requestId } from './common/request-id';
import { AppConfig } from './config/app-config';
import { AdminRefDto } from './leads/core/admin-ref.dto';
import { LeadSourceDto } from './leads/core/lead-source.dto';

/**
 * Everything about the HTTP app that is not a module: shared by main.ts and the e2e tests so the
 * tests exercise exactly what production runs. Create the app with `{ bodyParser: false }`.
 */
export function configureApp(app: NestExpressApplication): INestApplication {
  const config = app.get(AppConfig);
  app.useLogger(quietStartUp(app.get(Logger)));
  app.set('trust proxy', trustProxySetting(config.trustProxy));
  app.disable('x-powered-by');
  app.use(requestId());
  app.use(
    helmet({
      // Nothing the API answers is meant to be framed; both headers say so, in agreement.
      contentSecurityPolicy: { directives: { frameAncestors: ["'none'"] } },
      xFrameOptions: { action: 'deny' },
    }),
  );
  // Answers carry leads' personal data and session tokens: no browser or proxy keeps them.
  app.use((_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use(jsonBodyParser());
  app.enableCors({
    origin: config.corsOrigins,
    methods: ['GET', 'POST'],
    allowedHeaders: ['Content-Type', 'Authorization', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });
  setupOpenApi(app);
  return app;
}

function setupOpenApi(app: INestApplication): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Boat market data API')
      .setDescription(
        'Admin sign-in, the four lead inboxes (list, archive, unarchive) and public lead intake. Every answer carries `success`; failures add `message`.',
      )
      .setVersion('1.0')
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
      .build(),
    // Referenced by `allOf` (nullableAdminRef), which Nest does not follow to register a schema.
    { extraModels: [AdminRefDto, LeadSourceDto] },
  );
  SwaggerModule.setup('docs', app, exactOpenApi(document), { jsonDocumentUrl: 'docs-json' });
}

/** Express accepts true/false, a hop count, or names/CIDRs; env gives us text. */
function trustProxySetting(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
