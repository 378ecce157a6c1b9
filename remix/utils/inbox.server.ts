import {
  answerTotals,
  LEAD_KIND_KEYS,
  type LeadKindKey,
  type LeadListState,
  type LeadMove,
  movePages,
} from '@contract';
import { type ApiOutcome } from '~/api/http.server';
import { inboxOverview, listLeads, moveLead } from '~/api/leads.server';

import { type InboxPanel, type ListResult, type MoveOutcome, searchParam } from './inbox';
import { signInRedirect } from './session.server';

/** A 401 from the API means the token died (expired, password changed): sign in again. */
async function unlessUnauthorized<T>(outcome: ApiOutcome<T>): Promise<ApiOutcome<T>> {
  if (!outcome.ok && outcome.status === 401) throw await signInRedirect('expired');
  return outcome;
}

export async function loadPage<K extends LeadKindKey>(
  kind: K,
  state: LeadListState,
  token: string,
  query: { q?: string; cursor?: string } = {},
): Promise<ListResult<K>> {
  const outcome = await unlessUnauthorized(await listLeads(kind, state, token, query));
  if (!outcome.ok) return { ok: false, message: outcome.message };
  const { data, nextCursor, total } = outcome.data;
  return { ok: true, page: { data, nextCursor, total } };
}

/**
 * The dashboard: one call for every kind's totals and first page, then a call for each searched
 * panel and for an archive shown inline. An API that can't be reached fails the whole dashboard
 * (the session's token is unchecked then).
 */
export async function loadDashboard(token: string, url: URL): Promise<ApiOutcome<InboxPanel[]>> {
  const overview = await unlessUnauthorized(await inboxOverview(token));
  if (!overview.ok) return overview;
  const inlineArchive = url.searchParams.get('archived');
  const panels = await Promise.all(
    LEAD_KIND_KEYS.map(async (kind): Promise<InboxPanel> => {
      const q = (url.searchParams.get(searchParam(kind)) ?? '').trim();
      const { totals, active } = overview.data.kinds[kind];
      return {
        kind,
        q,
        totals,
        active: q ? await loadPage(kind, 'active', token, { q }) : { ok: true, page: active },
        archived: inlineArchive === kind ? await loadPage(kind, 'archived', token, { q }) : null,
      };
    }),
  );
  return { ok: true, data: panels };
}

/**
 * Archives or unarchives a lead. The spec's answer (both first pages) replaces a panel's lists;
 * a searched panel shows its search's results instead, read again after the move.
 */
export async function applyMove<K extends LeadKindKey>(
  move: LeadMove,
  kind: K,
  id: string,
  token: string,
  q: string,
): Promise<MoveOutcome<K>> {
  const outcome = await unlessUnauthorized(await moveLead(kind, move, id, token));
  if (!outcome.ok)
    return { ok: false, move, kind, status: outcome.status, message: outcome.message };
  const pages = movePages(outcome.data);
  const [activeList, archivedList] = q
    ? await Promise.all([
        loadPage(kind, 'active', token, { q }),
        loadPage(kind, 'archived', token, { q }),
      ])
    : [
        { ok: true as const, page: pages.active },
        { ok: true as const, page: pages.archived },
      ];
  return {
    ok: true,
    move,
    kind,
    totals: answerTotals(outcome.data),
    lists: { active: activeList, archived: archivedList },
  };
}
