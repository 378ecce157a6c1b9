import { Body, Controller, Get, Inject, Put, type Type } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { Audited } from '../audit/audited.decorator';
import { AdminEndpoint } from '../auth/admin-endpoint.decorator';
import { type AuditAction, type AuditEntry, type Permission } from '../contract';

import { type EndpointOptions } from './endpoint.decorator';
import { named } from './named';

/** A setting's answer: `success`, and the setting under its own name (`terms`, `targets`). */
export type SettingAnswer<Field extends string, Value> = { success: true } & Record<Field, Value>;

export interface SettingsControllerOptions<Keeper, Change, Value, Field extends string> {
  /** The controller's name (its operations' ids in the OpenAPI document start with it). */
  name: string;
  path: string;
  /** What reading and changing it needs (ROLE_PERMISSIONS). */
  permission: Permission;
  /** The provider that keeps the setting, injected into the controller. */
  keeper: Type<Keeper>;
  /** The answer's field that holds the setting, and the answer's DTO. */
  field: Field;
  answer: Type;
  read: { summary: string; run: (keeper: Keeper) => Promise<Value> };
  write: {
    summary: string;
    body: NonNullable<EndpointOptions['body']>;
    /** What the answer holds after a change. */
    written: string;
    /** When the body is refused (400). */
    invalid: string;
    /** Makes the change; a refusal the body's class cannot state is an ApiError here. */
    run: (keeper: Keeper, change: Change) => Promise<Value>;
    /** The change's entry in the audit log: what changed, never more than the log may keep. */
    audit: { action: AuditAction; detail: (change: Change, value: Value) => AuditEntry['detail'] };
  };
}

/**
 * The controller of one admin setting under `/settings/…`: GET answers it, PUT changes it and
 * answers it as kept (recorded in the audit log). One shape for every setting, so that a new one
 * is its store and these options.
 */
export function createSettingsController<Keeper, Change, Value, Field extends string>(
  options: SettingsControllerOptions<Keeper, Change, Value, Field>,
): Type {
  const { path, permission, field, read, write } = options;
  const answer = (value: Value) =>
    ({ success: true, [field]: value }) as SettingAnswer<Field, Value>;

  @ApiTags('settings')
  @Controller()
  class SettingsController {
    constructor(@Inject(options.keeper) private readonly keeper: Keeper) {}

    @Get(path)
    @AdminEndpoint({ permission, summary: read.summary, ok: options.answer })
    async read(): Promise<SettingAnswer<Field, Value>> {
      return answer(await read.run(this.keeper));
    }

    @Put(path)
    @AdminEndpoint({
      permission,
      summary: write.summary,
      body: write.body,
      ok: { type: options.answer, description: write.written },
      errors: { 400: write.invalid },
    })
    @Audited<{ body: Change; result: SettingAnswer<Field, Value> }>(
      write.audit.action,
      ({ body, result }) => ({
        detail: write.audit.detail(body, result[field]),
      }),
    )
    async change(@Body() body: Change): Promise<SettingAnswer<Field, Value>> {
      return answer(await write.run(this.keeper, body));
    }
  }
  return named(SettingsController, options.name);
}
