import { LEAD_KIND_KEYS } from '@contract';
import {
  type QueueBulkOutcome,
  type QueueBulkPart,
  type QueueBulkRequest,
} from '~/components/admin/queue/queue-bulk-fields';

import { actOnLeadsFor } from './inbox.server';

/**
 * The queue's bulk action: the selected leads of each kind in one call to that kind's own bulk
 * endpoint, the kinds at once. A kind refused (gone, not the admin's to work, unavailable) leaves
 * the others done: each kind's part says which.
 */
export async function actOnQueueSelection(
  request: QueueBulkRequest,
  token: string,
  adminId: string | null,
): Promise<QueueBulkOutcome> {
  const kinds = LEAD_KIND_KEYS.filter((kind) => request.byKind[kind]?.length);
  const parts = await Promise.all(
    kinds.map(async (kind): Promise<QueueBulkPart> => {
      const ids = request.byKind[kind] ?? [];
      const outcome = await actOnLeadsFor(request.action, kind, ids, token, '', {
        stage: request.stage,
        // The bulk "Assign to me" assigns to whoever is signed in.
        adminId,
      });
      return outcome.ok
        ? { kind, ok: true, count: ids.length }
        : { kind, ok: false, count: ids.length, message: outcome.message };
    }),
  );
  return { action: request.action, parts };
}
