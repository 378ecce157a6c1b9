import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from '@remix-run/node';
import { useFetcher, useLocation } from '@remix-run/react';
import { Button } from 'react-bootstrap';

import {
  isLeadKindKey,
  isLeadListState,
  isLeadMove,
  isObjectId,
  LEAD_MOVE_OUT_OF,
  type LeadKindKey,
  type LeadListState,
  type LeadMove,
} from '@contract';
import { JsFlag, postedWithJs } from '~/components/forms/js-flag';
import { ADMIN_PATH } from '~/config/paths';
import { type ListResult } from '~/utils/inbox';
import { applyMove, loadPage } from '~/utils/inbox.server';
import { requireAdmin } from '~/utils/session.server';

/**
 * The admin's leads as a resource: GET reads a page of one list (Load more, the archived dialog),
 * POST changes leads (archive, unarchive). The forms and hooks that use it live here too, so a
 * change to "archive a lead" starts and ends in this file.
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

// --- a move ----------------------------------------------------------------------------------

interface MoveForm {
  move: LeadMove;
  kind: LeadKindKey;
  id: string;
  q: string;
}

/** The move form's fields, checked: anything else is a 400 (no request goes to the API). */
function readMoveForm(form: FormData): MoveForm | null {
  const [move, kind, id, q] = ['move', 'kind', 'id', 'q'].map((name) => form.get(name));
  if (!isLeadMove(move) || !isLeadKindKey(kind) || !isObjectId(id)) return null;
  return { move, kind, id, q: typeof q === 'string' ? q.trim() : '' };
}

export async function action({ request }: ActionFunctionArgs) {
  const token = await requireAdmin(request);
  const form = await request.formData();
  const fields = readMoveForm(form);
  if (!fields)
    return data(
      {
        ok: false as const,
        move: null,
        kind: null,
        status: 400,
        message: 'That request is not valid.',
      },
      { status: 400 },
    );
  const outcome = await applyMove(fields.move, fields.kind, fields.id, token, fields.q);
  // Without JavaScript the form posted the whole page: go back to it (post/redirect/get).
  if (!postedWithJs(form))
    return redirect(returnTo(request, form, outcome.ok ? null : fields.move));
  // The API's own failure status (404 for a lead gone meanwhile), 502 for anything unexpected.
  const status = outcome.ok
    ? 200
    : outcome.status >= 400 && outcome.status < 500
      ? outcome.status
      : 502;
  return data(outcome, { status });
}

/** Where a page posted without JavaScript goes back to: the dashboard it came from, searches kept. */
function returnTo(request: Request, form: FormData, failed: LeadMove | null): string {
  const back = form.get('returnTo');
  const path =
    typeof back === 'string' && back.startsWith(ADMIN_PATH) && !/[\r\n\u2028\u2029\\]/.test(back)
      ? back
      : ADMIN_PATH;
  if (!failed) return path;
  const url = new URL(path, new URL(request.url).origin);
  url.searchParams.set('failed', failed);
  return `${url.pathname}${url.search}`;
}

/** The one fetcher a panel's moves go through, found by key: its items post, the panel reads. */
export const useMoveFetcher = (kind: LeadKindKey) =>
  useFetcher<typeof action>({ key: `move-${kind}` });

export type MoveResult = NonNullable<ReturnType<typeof useMoveFetcher>['data']>;

/** The Archive or Unarchive button of a lead in a list. */
export function MoveButton({
  kind,
  state,
  id,
  name,
  q,
}: {
  kind: LeadKindKey;
  /** The list the lead is shown in: it offers the move out of it. */
  state: LeadListState;
  id: string;
  name: string;
  /** The panel's search: a searched panel gets its search's results back. */
  q: string;
}) {
  const mover = useMoveFetcher(kind);
  const location = useLocation();
  const move = LEAD_MOVE_OUT_OF[state];
  const label = move === 'archive' ? 'Archive' : 'Unarchive';
  return (
    <mover.Form method="post" action={LEADS_PATH}>
      <input type="hidden" name="move" value={move} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="q" value={q} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <JsFlag />
      {/* One move at a time per panel: each answer replaces both of the panel's lists. */}
      <Button
        type="submit"
        size="sm"
        variant="outline-secondary"
        disabled={mover.state !== 'idle'}
        aria-label={`${label} ${name}`}
      >
        {label}
      </Button>
    </mover.Form>
  );
}
