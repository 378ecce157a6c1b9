import { Body, Controller, Delete, Get, HttpStatus, Param, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Request } from 'express';

import { AuditService } from '../../audit/audit.service';
import { Audited } from '../../audit/audited.decorator';
import { ApiError } from '../../common/api-error';
import { ObjectIdPipe } from '../../common/object-id.pipe';
import { OBJECT_ID_SCHEMA } from '../../common/validation';
import {
  API_KEYS_PATH,
  type ApiKeyListResponse,
  type CreateApiKeyResponse,
  leadAccessText,
} from '../../contract';
import { AdminEndpoint } from '../admin-endpoint.decorator';
import { SuccessResponseDto } from '../dto/change-password.dto';

import { ApiKeyListResponseDto, CreateApiKeyDto, CreateApiKeyResponseDto } from './api-key.dto';
import { ApiKeysService } from './api-keys.service';

/** Owners' API keys for integrations: each acts as an admin of its role and access. */
@ApiTags('api-keys')
@Controller(API_KEYS_PATH)
export class ApiKeysController {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly audit: AuditService,
  ) {}

  @Get()
  @AdminEndpoint({
    permission: 'apikeys.manage',
    summary: 'Every API key not revoked, newest first: never the key, nor its hash',
    description: 'Owners only; no API key may call it.',
    ok: ApiKeyListResponseDto,
  })
  async list(): Promise<ApiKeyListResponse> {
    return { success: true, apiKeys: await this.keys.list() };
  }

  @Post()
  @AdminEndpoint({
    permission: 'apikeys.manage',
    summary:
      'Create an API key that acts as an admin of its role and access; the key is answered this once',
    description:
      'Owners only, signed in (no API key may create one), with a factor checked in the last 5 minutes (a sign-in or POST /auth/reauth). The key is stored as its SHA-256 hash. Send it as `Authorization: Bearer bmd_…`: it passes the same permissions and lead access as an admin of that role and access, never those that manage admins, keys or security settings. Audited (api-key-created), and each use too (api-key-used, with the key’s name).',
    freshFactor: true,
    status: 201,
    ok: CreateApiKeyResponseDto,
    errors: {
      400: 'Malformed body: a name missing, too long or with control characters, an unknown role or access, or an expiry not in the future',
    },
  })
  @Audited<{ result: CreateApiKeyResponse }>('api-key-created', ({ result: { apiKey } }) => ({
    ids: [apiKey.id],
    detail: {
      key: apiKey.name,
      role: apiKey.role,
      access: leadAccessText(apiKey.access),
      expiresAt: apiKey.expiresAt ?? 'never',
    },
  }))
  async create(
    @Body() body: CreateApiKeyDto,
    @Req() request: Request,
  ): Promise<CreateApiKeyResponse> {
    if (!request.admin) throw new ApiError(HttpStatus.UNAUTHORIZED, 'Sign in first');
    return { success: true, ...(await this.keys.create(body, request.admin)) };
  }

  @Delete(':id')
  @AdminEndpoint({
    permission: 'apikeys.manage',
    summary: 'Revoke an API key: the next request that sends it is refused (401), on every process',
    description: 'Owners only. Audited (api-key-revoked).',
    params: { id: OBJECT_ID_SCHEMA },
    ok: SuccessResponseDto,
    errors: {
      400: 'The id is not a 24-character hexadecimal id',
      404: 'No API key with this id (or it was revoked already)',
    },
  })
  async revoke(
    @Param('id', ObjectIdPipe) id: string,
    @Req() request: Request,
  ): Promise<{ success: true }> {
    const revoked = await this.keys.revoke(id);
    // Recorded here, not by @Audited: the key's name is not in the answer.
    await this.audit.record(request, {
      action: 'api-key-revoked',
      ids: [revoked.id],
      detail: { key: revoked.name },
    });
    return { success: true };
  }
}
