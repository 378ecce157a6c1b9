import { applyDecorators, Post, type Type } from '@nestjs/common';

import { Audited } from '../../audit/audited.decorator';
import { AdminEndpoint } from '../../auth/admin-endpoint.decorator';
import { type Refusals } from '../../common/endpoint.decorator';
import {
  type ArchiveRequest,
  archiveRequestIds,
  type LeadAction,
  type LeadKind,
  type LeadKindKey,
  leadPaths,
} from '../../contract';

/**
 * The decorator of one kind's moves (`POST …/archive`, `…/stage`, …): the route, its document (it
 * answers as a move does: `answer`, both first pages and the totals) and its audit entry.
 */
export function leadActionRoute<K extends LeadKindKey>(kind: LeadKind<K>, answer: Type) {
  return (action: LeadAction, body: Type, summary: string, errors: Refusals = {}) =>
    applyDecorators(
      Post(leadPaths(kind)[action].slice(kind.module.length + 2)),
      AdminEndpoint({
        // Deleting for good is not working a lead: managers and owners only.
        permission: action === 'delete' ? 'leads.delete' : 'leads.work',
        summary,
        body,
        ok: { type: answer, description: 'Both first pages and the totals' },
        errors: {
          400: 'Missing or malformed ids, or an invalid q',
          404: 'A lead of these ids does not exist; nothing changed',
          ...errors,
        },
      }),
      Audited<{ body: ArchiveRequest<K> }>(action, ({ body }) => ({
        kind: kind.key,
        ids: archiveRequestIds(kind, body),
        detail: auditDetail(body),
      })),
    );
}

/** A move's input as the audit log keeps it: the stage by name, an owner by id only. */
function auditDetail(body: object): Record<string, string> {
  const stage: unknown = Reflect.get(body, 'stage');
  const adminId: unknown = Reflect.get(body, 'adminId');
  const assignee = typeof adminId === 'string' ? adminId.toLowerCase() : 'none';
  return {
    ...(typeof stage === 'string' ? { stage } : {}),
    ...(adminId !== undefined ? { assignee } : {}),
  };
}

/** The panel's search a move's body carries (beside the leads it names), for the answer's pages. */
export function searchOf(body: object): string | undefined {
  const q: unknown = Reflect.get(body, 'q');
  return typeof q === 'string' ? q : undefined;
}
