import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';

import { AssignmentModule } from './assignment/assignment.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { JwtAuthGuard } from './auth/jwt-auth.guard';
import { LeadViewerInterceptor } from './auth/lead-viewer.interceptor';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { loggedUrl } from './common/log-url';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { ReadRetryInterceptor } from './common/read-retry.interceptor';
import { createValidationPipe } from './common/validation';
import { AppConfig } from './config/app-config';
import { AppConfigModule, type EnvOverrides } from './config/app-config.module';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { InboundModule } from './inbound/inbound.module';
import { LeadConversationModule } from './leads/conversation/conversation.module';
import { InboxModule } from './leads/inbox/inbox.module';
import { InsightsModule } from './leads/insights/insights.module';
import { LeadKindsModule } from './leads/lead-kinds.module';
import { MergeModule } from './leads/merge/merge.module';
import { QueueModule } from './leads/queue/queue.module';
import { ReplyTemplatesModule } from './leads/reply-templates/reply-templates.module';
import { ViewsModule } from './leads/views/views.module';
import { WorkModule } from './leads/work/work.module';
import { ChatAlertSettingsModule } from './notifications/chat/chat-alert-settings.module';
import { NotificationWorkerModule } from './notifications/notification-worker.module';
import { PrivacyModule } from './privacy/privacy.module';

@Module({})
export class AppModule {
  /** `overrides` take precedence over process.env (the launcher's database URI, test settings). */
  static forRoot(overrides: EnvOverrides = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(overrides),
        LoggerModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => ({
            pinoHttp: {
              level: config.logLevel,
              // The id was assigned by requestId() before body parsing; reuse it.
              genReqId: (req) => req.id as string,
              redact: ['req.headers.authorization', 'req.headers.cookie'],
              // One short line per request; bodies, full header sets and personal query parameters
              // stay out of the logs.
              serializers: {
                req: (req: { id: unknown; method: string; url: string }) => ({
                  id: req.id,
                  method: req.method,
                  url: loggedUrl(req.url),
                }),
                res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
              },
              customLogLevel: (_req, res, err) =>
                (err || res.statusCode >= 500) && res.statusCode !== 503
                  ? 'error'
                  : res.statusCode >= 400
                    ? 'warn'
                    : 'info',
            },
          }),
        }),
        RateLimitModule,
        AuditModule,
        DatabaseModule,
        HealthModule,
        AuthModule,
        // The lead kinds (each with its lower features: intake, spam, targets, timeline, the
        // outbox), then what is built on them.
        LeadKindsModule,
        LeadConversationModule,
        WorkModule,
        MergeModule,
        InboxModule,
        QueueModule,
        ViewsModule,
        InsightsModule,
        ReplyTemplatesModule,
        PrivacyModule,
        NotificationWorkerModule,
        ChatAlertSettingsModule,
        InboundModule,
        AssignmentModule,
      ],
      // App-wide: every body and query validated, every route private unless @Public(), every
      // lead read narrowed to the admin's access, every error answered in one shape.
      providers: [
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_GUARD, useExisting: JwtAuthGuard },
        // Outermost, so a read tried again runs as its viewer again.
        { provide: APP_INTERCEPTOR, useClass: ReadRetryInterceptor },
        { provide: APP_INTERCEPTOR, useClass: LeadViewerInterceptor },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
    };
  }
}
