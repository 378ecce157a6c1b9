import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';

import { AppConfig, resolveAppConfig } from './app-config';
import { EnvironmentVariables, parseEnvironment } from './env.schema';

export type EnvOverrides = Partial<Record<keyof EnvironmentVariables, string>>;

/**
 * Validates the environment with @nestjs/config at start-up and exposes the typed AppConfig.
 * `overrides` lets tests and the launcher supply values without mutating process.env.
 */
@Module({})
export class AppConfigModule {
  static forRoot(overrides: EnvOverrides = {}): DynamicModule {
    return {
      module: AppConfigModule,
      global: true,
      imports: [
        ConfigModule.forRoot({
          ignoreEnvFile: true,
          cache: true,
          validate: (raw) => ({ ...parseEnvironment({ ...raw, ...overrides }) }),
        }),
      ],
      providers: [
        {
          provide: AppConfig,
          inject: [ConfigService],
          useFactory: (config: ConfigService): AppConfig => {
            const keys = Object.keys(new EnvironmentVariables()) as (keyof EnvironmentVariables)[];
            const env = Object.fromEntries(keys.map((k) => [k, config.get(k)]));
            return resolveAppConfig(env as unknown as EnvironmentVariables);
          },
        },
      ],
      exports: [AppConfig],
    };
  }
}
