import { type ActionFunctionArgs, data } from '@remix-run/node';

import {
  type QueueBulkOutcome,
  readQueueBulkForm,
} from '~/components/admin/queue/queue-bulk-fields';
import { actOnQueueSelection } from '~/utils/queue-bulk.server';
import { requireAdmin, tokenAdminId } from '~/utils/session.server';

/**
 * The queue's bulk toolbar posts here (QUEUE_ACTIONS_PATH): the selection's leads, each kind's to
 * its own bulk call. All done: 200; some kind refused: 207 with each kind's part; the form
 * refused: 400.
 */
export async function action({ request }: ActionFunctionArgs) {
  const token = await requireAdmin(request);
  const posted = readQueueBulkForm(await request.formData());
  if (typeof posted === 'string')
    return data<QueueBulkOutcome>({ action: null, parts: [], message: posted }, { status: 400 });
  const outcome = await actOnQueueSelection(posted, token, tokenAdminId(token));
  return data<QueueBulkOutcome>(outcome, {
    status: outcome.parts.every((part) => part.ok) ? 200 : 207,
  });
}
