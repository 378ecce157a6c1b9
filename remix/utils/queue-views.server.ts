import { type ApiOutcome, formMessage } from '~/api-client/http.server';
import { createView, deleteView, orderViews, updateView } from '~/api-client/views.server';
import {
  QUEUE_VIEW_FORMS,
  type QueueViewResult,
} from '~/components/admin/queue/queue-views-schema';
import { INVALID_REQUEST, readIntentForm } from '~/components/forms/read-form';
import { queueViewOf, viewQueryOf } from '~/utils/queue-view';

/** The queue page's action: the view list's forms (save the filters, rename, delete, move). */
export async function queueViewAction(form: FormData, token: string): Promise<QueueViewResult> {
  const read = readIntentForm(form, QUEUE_VIEW_FORMS);
  if (!read?.ok) return { intent: read?.intent ?? null, ok: false, message: INVALID_REQUEST };
  const { intent, value } = read;
  switch (intent) {
    case 'save': {
      const query = viewQueryOf(queueViewOf(new URLSearchParams(value.search)));
      const body = { name: value.name, query, ...(value.shared ? { shared: true } : {}) };
      return resultOf(intent, await createView(body, token));
    }
    case 'rename':
      return resultOf(intent, await updateView(value.id, { name: value.name }, token));
    case 'delete':
      return resultOf(intent, await deleteView(value.id, token));
    case 'move': {
      const order = value.order.split(',').filter(Boolean);
      const at = order.indexOf(value.id);
      const to = value.to === 'up' ? at - 1 : at + 1;
      if (at < 0 || to < 0 || to >= order.length) return { intent, ok: true };
      [order[at], order[to]] = [order[to] as string, order[at] as string];
      return resultOf(intent, await orderViews(order, token));
    }
  }
}

function resultOf(intent: string, outcome: ApiOutcome<unknown>): QueueViewResult {
  if (outcome.ok) return { intent, ok: true };
  const errors = Object.fromEntries(
    Object.entries(outcome.errors ?? {}).flatMap(([field, messages]) =>
      messages[0] ? [[field, messages[0]]] : [],
    ),
  );
  // A 409 (a name taken, too many views) or 403 says itself: shown as the API words it.
  const message =
    outcome.status === 409 || outcome.status === 403 || outcome.status === 404
      ? outcome.message
      : formMessage(errors, outcome);
  return { intent, ok: false, message, errors };
}
