import { Injectable, Logger } from '@nestjs/common';
import { type Request } from 'express';

import { type RequestAdmin } from '../auth/request-admin';
import { decodeCursor, encodeCursor } from '../common/keyset-cursor';
import { type AuditAction, type AuditEntry, type LeadKindKey, LIST_PAGE } from '../contract';
import { ObjectId } from '../database/object-id';

import { AuditRepository } from './audit.repository';
import { type AuditRecord } from './audit.schema';

export interface AuditEvent {
  action: AuditAction;
  kind?: LeadKindKey;
  ids?: readonly string[];
  detail?: AuditEntry['detail'];
  /** Who, when the request's token does not say (a sign-in). */
  admin?: RequestAdmin | { id: null; email: string };
}

/** Where an action came from outside an HTTP request (the admin CLI: no address). */
export interface AuditOrigin {
  ip: null;
  admin?: undefined;
}

const KEYS = ['at', '_id'] as const;

/** Records who did what, and reads it back newest first. */
@Injectable()
export class AuditService {
  private readonly logger = new Logger('Audit');

  constructor(private readonly entries: AuditRepository) {}

  /**
   * Records an admin's action. Called after the action succeeded; a failure to record is logged,
   * not answered (the action is done, and saying otherwise would invite a repeat).
   */
  record(request: Pick<Request, 'ip' | 'admin'> | AuditOrigin, event: AuditEvent): Promise<void> {
    return this.write(event, event.admin ?? request.admin, request.ip ?? null);
  }

  /** Records what the API did by itself (a scheduled job): no admin, no client address. */
  recordJob(event: Omit<AuditEvent, 'admin'>, at = new Date()): Promise<void> {
    return this.write(event, undefined, null, at);
  }

  private async write(
    event: AuditEvent,
    admin: AuditEvent['admin'],
    ip: string | null,
    at = new Date(),
  ): Promise<void> {
    try {
      await this.entries.insert({
        at,
        action: event.action,
        adminId: admin?.id ? new ObjectId(admin.id) : null,
        adminEmail: admin?.email ?? null,
        kind: event.kind ?? null,
        ids: event.ids ? [...event.ids] : [],
        ip,
        detail: event.detail ?? {},
      });
    } catch (error) {
      this.logger.error({ err: error, action: event.action }, 'could not record an admin action');
    }
  }

  /** A page of the log, newest first: every entry, or those of one admin's actions (`by`). */
  async page(
    options: { limit?: number; cursor?: string; by?: string } = {},
  ): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
    const limit = options.limit ?? LIST_PAGE.defaultLimit;
    const after = options.cursor ? decodeCursor(options.cursor, KEYS) : undefined;
    const by = options.by ? new ObjectId(options.by) : undefined;
    const records = await this.entries.newest(limit + 1, { after, by });
    const shown = records.slice(0, limit);
    const last = shown[shown.length - 1];
    return {
      entries: shown.map(toEntry),
      nextCursor: records.length > limit && last ? encodeCursor([last.at, last._id]) : null,
    };
  }
}

function toEntry(record: AuditRecord): AuditEntry {
  return {
    _id: record._id.toHexString(),
    at: record.at.toISOString(),
    action: record.action,
    admin: { id: record.adminId?.toHexString() ?? null, email: record.adminEmail },
    kind: record.kind,
    ids: record.ids,
    ip: record.ip,
    detail: record.detail,
  };
}
