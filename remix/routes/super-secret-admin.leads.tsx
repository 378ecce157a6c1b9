import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from '@remix-run/node';

import { isLeadKindKey, isLeadList } from '@contract';
import { actionPostSchema, readActionForm } from '~/components/admin/lead-actions';
import { postedWithJs } from '~/components/forms/js-flag';
import { readForm } from '~/components/forms/read-form';
import { ADMIN_PATH } from '~/config/paths';
import { type ActionOutcome, isPanelView, type ListResult, type PanelView } from '~/utils/inbox';
import { actOnLeadsFor, loadPage } from '~/utils/inbox.server';
import { requireAdmin, tokenAdminId } from '~/utils/session.server';

// The admin's leads as a resource (LEADS_PATH): GET reads a page of one list (Load more, the
// archived dialog), POST acts on leads (archive, unarchive, read, unread, delete, set stage,
// assign to me; one or many).
// The form that posts here, its fields and its fetchers live in components/admin/lead-actions.

export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const kind = params.get('kind');
  const state = params.get('state');
  if (!isLeadKindKey(kind) || !isLeadList(state))
    return data<ListResult>({ ok: false, message: 'Unknown list.' }, { status: 400 });
  return loadPage(kind, state, token, {
    cursor: params.get('cursor') ?? undefined,
    q: params.get('q') ?? undefined,
    view: isPanelView(params.get('view')) ? (params.get('view') as PanelView) : undefined,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const token = await requireAdmin(request);
  const form = await request.formData();
  const withJs = postedWithJs(form);
  const posted = readForm(form, actionPostSchema);
  const { returnTo, opened } = posted.ok ? posted.value : { returnTo: ADMIN_PATH, opened: false };
  const fields = readActionForm(form);
  if (typeof fields === 'string') {
    const failure: ActionOutcome = {
      ok: false,
      action: null,
      kind: null,
      status: 400,
      message: fields,
    };
    return withJs
      ? data(failure, { status: 400 })
      : redirect(backTo(request, returnTo, { failed: 'invalid' }));
  }
  // Without JavaScript a delete comes back to the page, which asks to confirm it first.
  if (fields.action === 'delete' && !fields.confirmed)
    return withJs
      ? data<ActionOutcome>(
          {
            ok: false,
            action: 'delete',
            kind: fields.kind,
            status: 400,
            message: 'Confirm first.',
          },
          { status: 400 },
        )
      : redirect(
          backTo(request, returnTo, { confirm: 'delete', kind: fields.kind, ids: fields.ids }),
        );

  const { stage, from, owners, restore } = fields;
  const outcome = await actOnLeadsFor(fields.action, fields.kind, fields.ids, token, fields.q, {
    stage,
    from,
    owners,
    restore,
    // The bulk Assign assigns to whoever is signed in.
    adminId: tokenAdminId(token),
  });
  // Without JavaScript the form posted the whole page: go back to it (post/redirect/get).
  if (!withJs)
    return redirect(backTo(request, returnTo, outcome.ok ? {} : { failed: fields.action }));
  // The API's own failure status (404, 409), 502 for anything unexpected.
  const status = outcome.ok
    ? 200
    : outcome.status >= 400 && outcome.status < 500
      ? outcome.status
      : 502;
  const byOpening = outcome.ok && opened;
  return data(byOpening ? { ...outcome, byOpening: true as const } : outcome, { status });
}

/** The dashboard page a form came from (searches kept), with what it should say now. */
function backTo(
  request: Request,
  returnTo: string,
  say: { failed?: string; confirm?: 'delete'; kind?: string; ids?: string[] },
): string {
  const url = new URL(returnTo, new URL(request.url).origin);
  for (const key of ['failed', 'confirm', 'kind', 'ids']) url.searchParams.delete(key);
  if (say.failed) url.searchParams.set('failed', say.failed);
  if (say.confirm && say.kind && say.ids) {
    url.searchParams.set('confirm', say.confirm);
    url.searchParams.set('kind', say.kind);
    for (const id of say.ids) url.searchParams.append('ids', id);
  }
  return `${url.pathname}${url.search}`;
}
