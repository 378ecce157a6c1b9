import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from '@remix-run/node';
import { useFetcher, useLocation } from '@remix-run/react';
import { type ReactNode } from 'react';
import { Button, type ButtonProps } from 'react-bootstrap';

import {
  isLeadAction,
  isLeadKindKey,
  isLeadListState,
  isObjectId,
  LEAD_IDS_MAX,
  type LeadAction,
  type LeadKindKey,
  type LeadListState,
} from '@contract';
import { JsFlag, postedWithJs } from '~/components/forms/js-flag';
import { ADMIN_PATH } from '~/config/paths';
import { type ActionOutcome, type ListResult } from '~/utils/inbox';
import { actOnLeadsFor, loadPage } from '~/utils/inbox.server';
import { requireAdmin } from '~/utils/session.server';

/**
 * The admin's leads as a resource: GET reads a page of one list (Load more, the archived dialog),
 * POST acts on leads (archive, unarchive, read, unread, delete; one or many). The form and the
 * hook that post here live here too, so "archive a lead" starts and ends in this file.
 */
export const LEADS_PATH = `${ADMIN_PATH}/leads`;

// --- a page of a list ------------------------------------------------------------------------

export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const kind = params.get('kind');
  const state = params.get('state');
  if (!isLeadKindKey(kind) || !isLeadListState(state))
    return data<ListResult>({ ok: false, message: 'Unknown list.' }, { status: 400 });
  return loadPage(kind, state, token, {
    cursor: params.get('cursor') ?? undefined,
    q: params.get('q') ?? undefined,
  });
}

export function pageHref(
  kind: LeadKindKey,
  state: LeadListState,
  { cursor, q }: { cursor?: string; q?: string },
): string {
  const params = new URLSearchParams({ kind, state });
  if (cursor) params.set('cursor', cursor);
  if (q) params.set('q', q);
  return `${LEADS_PATH}?${params}`;
}

/** A fetcher reading pages of lists (typed by this route's loader). */
export const usePageFetcher = () => useFetcher<typeof loader>();

// --- acting on leads -------------------------------------------------------------------------

interface ActionFields {
  action: LeadAction;
  kind: LeadKindKey;
  ids: string[];
  q: string;
  /** Deleting asks first; the confirmed form says so. */
  confirmed: boolean;
}

/**
 * The form's fields, checked. A lead's own button sends `one=<action>:<id>`; the bulk buttons send
 * `action` with the checked `ids`.
 */
function readActionForm(form: FormData): ActionFields | string {
  const kind = form.get('kind');
  const q = form.get('q');
  const one = form.get('one');
  const [action, ids]: [unknown, unknown[]] =
    typeof one === 'string'
      ? [one.split(':')[0], one.split(':').slice(1, 2)]
      : [form.get('action'), form.getAll('ids')];
  if (!isLeadAction(action) || !isLeadKindKey(kind)) return 'That request is not valid.';
  if (ids.length === 0) return 'Select at least one request first.';
  if (ids.length > LEAD_IDS_MAX) return `Select at most ${LEAD_IDS_MAX} requests at once.`;
  const valid = ids.filter(isObjectId);
  if (valid.length !== ids.length) return 'That request is not valid.';
  return {
    action,
    kind,
    ids: valid,
    q: typeof q === 'string' ? q.trim() : '',
    confirmed: form.get('confirmed') === '1',
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const token = await requireAdmin(request);
  const form = await request.formData();
  const withJs = postedWithJs(form);
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
      : redirect(backTo(request, form, { failed: 'invalid' }));
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
      : redirect(backTo(request, form, { confirm: 'delete', kind: fields.kind, ids: fields.ids }));

  const outcome = await actOnLeadsFor(fields.action, fields.kind, fields.ids, token, fields.q);
  // Without JavaScript the form posted the whole page: go back to it (post/redirect/get).
  if (!withJs) return redirect(backTo(request, form, outcome.ok ? {} : { failed: fields.action }));
  // The API's own failure status (404, 409), 502 for anything unexpected.
  const status = outcome.ok
    ? 200
    : outcome.status >= 400 && outcome.status < 500
      ? outcome.status
      : 502;
  return data(outcome, { status });
}

/** The dashboard page a form came from (searches kept), with what it should say now. */
function backTo(
  request: Request,
  form: FormData,
  say: { failed?: string; confirm?: 'delete'; kind?: string; ids?: string[] },
): string {
  const back = form.get('returnTo');
  const path =
    typeof back === 'string' && back.startsWith(ADMIN_PATH) && !/[\r\n\u2028\u2029\\]/.test(back)
      ? back
      : ADMIN_PATH;
  const url = new URL(path, new URL(request.url).origin);
  for (const key of ['failed', 'confirm', 'kind', 'ids']) url.searchParams.delete(key);
  if (say.failed) url.searchParams.set('failed', say.failed);
  if (say.confirm && say.kind && say.ids) {
    url.searchParams.set('confirm', say.confirm);
    url.searchParams.set('kind', say.kind);
    for (const id of say.ids) url.searchParams.append('ids', id);
  }
  return `${url.pathname}${url.search}`;
}

/** The one fetcher a panel's actions go through, found by key: its forms post, the panel reads. */
export const useLeadActionFetcher = (kind: LeadKindKey) =>
  useFetcher<typeof action>({ key: `leads-${kind}` });

export type LeadActionResult = NonNullable<ReturnType<typeof useLeadActionFetcher>['data']>;

/**
 * A form that acts on a kind's leads: a list with its checkboxes and buttons, a lead's detail.
 * Without JavaScript it posts the page and comes back to it.
 */
export function LeadActionForm({
  kind,
  q,
  id,
  children,
}: {
  kind: LeadKindKey;
  /** The panel's search: a searched panel gets its search's results back. */
  q: string;
  /** For buttons and checkboxes outside the form (`form` attribute). */
  id?: string;
  children: ReactNode;
}) {
  const fetcher = useLeadActionFetcher(kind);
  const location = useLocation();
  return (
    <fetcher.Form method="post" action={LEADS_PATH} id={id}>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="q" value={q} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <JsFlag />
      {children}
    </fetcher.Form>
  );
}

const ACTION_LABELS: Record<LeadAction, string> = {
  archive: 'Archive',
  unarchive: 'Unarchive',
  read: 'Mark read',
  unread: 'Mark unread',
  delete: 'Delete',
};

/** A button acting on one lead (the spec's Archive and Unarchive); inside a LeadActionForm. */
export function LeadActionButton({
  kind,
  action,
  id,
  name,
  ...props
}: {
  kind: LeadKindKey;
  action: LeadAction;
  id: string;
  /** The lead's name, for the button's accessible name. */
  name: string;
} & Omit<ButtonProps, 'name' | 'value' | 'type' | 'action'>) {
  // One action at a time per panel: each answer replaces the panel's lists.
  const busy = useLeadActionFetcher(kind).state !== 'idle';
  return (
    <Button
      type="submit"
      name="one"
      value={`${action}:${id}`}
      size="sm"
      variant="outline-secondary"
      disabled={busy}
      aria-label={`${ACTION_LABELS[action]} ${name}`}
      {...props}
    >
      {ACTION_LABELS[action]}
    </Button>
  );
}

export { ACTION_LABELS };
