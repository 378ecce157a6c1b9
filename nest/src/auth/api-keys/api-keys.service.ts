import { createHash, randomBytes } from 'node:crypto';

import { HttpStatus, Injectable } from '@nestjs/common';
import { type Request } from 'express';

import { AuditService } from '../../audit/audit.service';
import { ApiError, TooManyRequestsError } from '../../common/api-error';
import { RateLimitStore } from '../../common/rate-limit/rate-limit.store';
import { AppConfig } from '../../config/app-config';
import {
  API_KEY_HINT_LENGTH,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEY_REFUSALS,
  type AdminRef,
  type ApiKeySummary,
  changedLeadAccess,
  type CreateApiKeyRequest,
  defaultLeadAccess,
} from '../../contract';
import { ObjectId } from '../../database/object-id';

import { type ApiKeyRecord } from './api-key.schema';
import { ApiKeyStore } from './api-key.store';

const THROTTLE_WINDOW_MS = 60_000;

/**
 * The key's stored form: SHA-256 of the whole key, hex. A key is 256 random bits, so no slow hash
 * is needed: nothing short enough to guess stands behind it (decision 0036).
 */
export const apiKeyHash = (key: string): string =>
  createHash('sha256').update(key, 'utf8').digest('hex');

/** Creates, lists and revokes API keys, and admits a request that sends one. */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly store: ApiKeyStore,
    private readonly limits: RateLimitStore,
    private readonly audit: AuditService,
    private readonly config: AppConfig,
  ) {}

  /** A new key: answered with the key this once; stored as its hash. */
  async create(
    input: CreateApiKeyRequest,
    by: AdminRef,
  ): Promise<{ key: string; apiKey: ApiKeySummary }> {
    const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const record: ApiKeyRecord = {
      _id: apiKeyHash(key),
      id: new ObjectId().toHexString(),
      name: input.name.trim(),
      hint: key.slice(0, API_KEY_HINT_LENGTH),
      role: input.role,
      access: changedLeadAccess(defaultLeadAccess(input.role), input.access ?? {}),
      createdAt: new Date(),
      createdBy: { id: by.id, email: by.email },
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      lastUsedAt: null,
      revokedAt: null,
    };
    await this.store.add(record);
    return { key, apiKey: summaryOf(record) };
  }

  async list(): Promise<ApiKeySummary[]> {
    return (await this.store.list()).map(summaryOf);
  }

  /** Revokes a key: the next request that sends it is refused, on every API process. */
  async revoke(id: string): Promise<ApiKeySummary> {
    const revoked = await this.store.revoke(id);
    if (!revoked) throw new ApiError(HttpStatus.NOT_FOUND, 'No API key with this id');
    return summaryOf(revoked);
  }

  /**
   * The key a request sends, read from its record now (so a revoked one is refused at once), or a
   * 401 saying why not; a 429 past API_KEY_RATE_LIMIT a minute. Each use admitted is audited
   * with the key's name and the route (its pattern: no search text or other personal data).
   */
  async admit(key: string, request: Request): Promise<ApiKeyRecord> {
    const record = API_KEY_PATTERN.test(key) ? await this.store.findByHash(apiKeyHash(key)) : null;
    if (!record) throw new ApiError(HttpStatus.UNAUTHORIZED, API_KEY_REFUSALS.unknown);
    if (record.revokedAt) throw new ApiError(HttpStatus.UNAUTHORIZED, API_KEY_REFUSALS.revoked);
    const now = new Date();
    if (record.expiresAt && record.expiresAt <= now)
      throw new ApiError(HttpStatus.UNAUTHORIZED, API_KEY_REFUSALS.expired);
    const used = await this.limits.increment(`apikey:${record.id}`, THROTTLE_WINDOW_MS);
    if (used.count > this.config.apiKeyRateLimit) {
      const wait = Math.ceil((used.resetAt - now.getTime()) / 1000);
      throw new TooManyRequestsError(
        `Too many requests with this API key (${this.config.apiKeyRateLimit} a minute). Try again in ${wait} seconds.`,
        wait,
      );
    }
    const route = (request.route as { path?: string } | undefined)?.path ?? request.path;
    await Promise.all([
      this.store.touch(record, now),
      this.audit.record(request, {
        action: 'api-key-used',
        ids: [record.id],
        detail: { key: record.name, method: request.method, route },
        admin: actorOf(record),
      }),
    ]);
    return record;
  }
}

/** Who a key's requests are by, in the audit log and on what they change (a note's author). */
export function actorOf(record: Pick<ApiKeyRecord, 'id' | 'name'>): AdminRef {
  return { id: record.id, email: `API key: ${record.name}` };
}

function summaryOf(record: ApiKeyRecord): ApiKeySummary {
  return {
    id: record.id,
    name: record.name,
    hint: record.hint,
    role: record.role,
    access: record.access,
    createdAt: record.createdAt.toISOString(),
    createdBy: record.createdBy,
    expiresAt: record.expiresAt?.toISOString() ?? null,
    lastUsedAt: record.lastUsedAt?.toISOString() ?? null,
  };
}
