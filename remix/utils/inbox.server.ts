import {
  answerTotals,
  LEAD_KIND_KEYS,
  type LeadKindKey,
  type Lead,
  type LeadAction,
  type LeadList,
  type LeadStage,
  movePages,
} from '@contract';
import { type ApiOutcome } from '~/api-client/http.server';
import { assignLeads, setLeadStage } from '~/api-client/lead-work.server';
import { actOnLeads, getLead, inboxOverview, listLeads } from '~/api-client/leads.server';

import {
  type ActionOutcome,
  type InboxPanel,
  isPanelView,
  type ListResult,
  type PanelView,
  searchParam,
  viewParam,
} from './inbox';
import { unlessSessionBlocked } from './session.server';

export async function loadPage<K extends LeadKindKey>(
  kind: K,
  state: LeadList,
  token: string,
  { view = 'all', ...query }: { q?: string; cursor?: string; view?: PanelView } = {},
): Promise<ListResult<K>> {
  const filter =
    state !== 'active' || view === 'all'
      ? {}
      : view === 'mine'
        ? { assignee: 'me' }
        : { view: 'needs-reply' as const };
  const outcome = await unlessSessionBlocked(
    await listLeads(kind, state, token, { ...query, ...filter }),
  );
  if (!outcome.ok) return { ok: false, message: outcome.message };
  const { data, nextCursor, total } = outcome.data;
  return { ok: true, page: { data, nextCursor, total } };
}

/** Every kind's totals and first active page (the dashboard's first call, and its live poll). */
export async function loadOverview(token: string) {
  return unlessSessionBlocked(await inboxOverview(token));
}

/**
 * The dashboard: one call for every kind's totals and first page, then a call for each searched
 * panel and for an archive or spam shown inline. An API that can't be reached fails the whole dashboard
 * (the session's token is unchecked then).
 */
export async function loadDashboard(token: string, url: URL): Promise<ApiOutcome<InboxPanel[]>> {
  const overview = await loadOverview(token);
  if (!overview.ok) return overview;
  const inlineArchive = url.searchParams.get('archived');
  const inlineSpam = url.searchParams.get('spam');
  const panels = await Promise.all(
    LEAD_KIND_KEYS.map(async (kind): Promise<InboxPanel> => {
      const q = (url.searchParams.get(searchParam(kind)) ?? '').trim();
      const asked = url.searchParams.get(viewParam(kind));
      const view = isPanelView(asked) ? asked : 'all';
      const { totals, active } = overview.data.kinds[kind];
      return {
        kind,
        q,
        view,
        totals,
        needReply: totals.stages.new,
        active:
          q || view !== 'all'
            ? await loadPage(kind, 'active', token, { q, view })
            : { ok: true, page: active },
        archived: inlineArchive === kind ? await loadPage(kind, 'archived', token, { q }) : null,
        spam: inlineSpam === kind ? await loadPage(kind, 'spam', token) : null,
      };
    }),
  );
  return { ok: true, data: panels };
}

/**
 * Acts on leads. The API's answer (both first pages, the totals) replaces a panel's lists; with the
 * panel's search `q` those first pages are the search's, so one call brings any panel up to date.
 */
export async function actOnLeadsFor<K extends LeadKindKey>(
  action: LeadAction,
  kind: K,
  ids: readonly string[],
  token: string,
  q: string,
  change: LeadChange = {},
): Promise<ActionOutcome<K>> {
  const outcome = await unlessSessionBlocked(await callFor(action, kind, ids, token, q, change));
  if (!outcome.ok)
    return { ok: false, action, kind, status: outcome.status, message: outcome.message };
  const pages = movePages(outcome.data);
  return {
    ok: true,
    action,
    kind,
    ids: [...ids],
    ...(change.stage && change.from ? { stage: change.stage, from: change.from } : {}),
    ...(action === 'assign' && change.owners && !change.restore ? { owners: change.owners } : {}),
    ...(change.restore ? { restored: true as const } : {}),
    totals: answerTotals(outcome.data),
    lists: {
      active: { ok: true, page: pages.active },
      archived: { ok: true, page: pages.archived },
    },
  };
}

/** What a stage change or an assignment sets, beyond the leads (see ActionFields). */
export interface LeadChange {
  stage?: LeadStage;
  from?: Record<string, LeadStage>;
  owners?: Record<string, string | null>;
  restore?: true;
  adminId?: string | null;
}

function callFor<K extends LeadKindKey>(
  action: LeadAction,
  kind: K,
  ids: readonly string[],
  token: string,
  q: string,
  change: LeadChange,
) {
  const { from, owners } = change;
  if (action === 'assign' && change.restore && owners)
    return inGroups(
      ids,
      (id) => owners[id] ?? null,
      (group, adminId) => assignLeads(kind, { ids: group, adminId, q }, token),
    );
  if (action === 'assign')
    return assignLeads(kind, { ids, adminId: change.adminId ?? null, q }, token);
  if (action === 'stage' && change.restore && from)
    return inGroups(
      ids,
      (id) => from[id] ?? 'new',
      (group, stage) => setLeadStage(kind, { ids: group, stage, q }, token),
    );
  if (action === 'stage' && change.stage)
    return setLeadStage(kind, { ids, stage: change.stage, q }, token);
  return actOnLeads(kind, action, { ids, q }, token);
}

/**
 * An Undo: each lead back to what it was (its stage, its owner), one call per value, one after
 * another; the last answer holds them all.
 */
async function inGroups<V, T>(
  ids: readonly string[],
  valueOf: (id: string) => V,
  call: (ids: string[], value: V) => Promise<ApiOutcome<T>>,
): Promise<ApiOutcome<T>> {
  const groups = new Map<V, string[]>();
  for (const id of ids) groups.set(valueOf(id), [...(groups.get(valueOf(id)) ?? []), id]);
  const [first, ...rest] = [...groups];
  if (!first) throw new Error('an Undo without leads');
  let answer = await call(first[1], first[0]);
  for (const [value, group] of rest) {
    if (!answer.ok) break;
    answer = await call(group, value);
  }
  return answer;
}

/** One lead for its detail view; null when there is no such lead. */
export async function loadLead<K extends LeadKindKey>(
  kind: K,
  id: string,
  token: string,
): Promise<ApiOutcome<Lead<K> | null>> {
  const outcome = await unlessSessionBlocked(await getLead(kind, id, token));
  if (outcome.ok) return { ok: true, data: outcome.data.lead };
  return outcome.status === 404 ? { ok: true, data: null } : outcome;
}
