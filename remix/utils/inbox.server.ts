import { LEAD_KIND_KEYS, type LeadKindKey, type LeadListState } from '@contract';
import { type ApiOutcome } from '~/api/http.server';
import { archiveLead, listLeads, unarchiveLead } from '~/api/leads.server';
import {
  type LeadPage,
  type MoveResult,
  type PanelData,
  type PanelList,
  searchParam,
} from '~/components/admin/inbox-types';

import { signInRedirect } from './session.server';

/** A 401 from the API means the token died (expired, password changed): sign in again. */
async function unlessUnauthorized<T>(outcome: ApiOutcome<T>): Promise<ApiOutcome<T>> {
  if (!outcome.ok && outcome.status === 401) throw await signInRedirect('expired');
  return outcome;
}

export async function loadPage(
  kind: LeadKindKey,
  state: LeadListState,
  token: string,
  query: { q?: string; cursor?: string } = {},
): Promise<PanelList> {
  const outcome = await unlessUnauthorized(await listLeads(kind, state, token, query));
  if (!outcome.ok) return { ok: false, message: outcome.message };
  const { data, nextCursor, total } = outcome.data;
  return { ok: true, page: { items: data, nextCursor, total } };
}

/** The four panels, each with its active and archived first pages, searched as the URL says. */
export function loadPanels(token: string, url: URL): Promise<PanelData[]> {
  return Promise.all(
    LEAD_KIND_KEYS.map(async (kind) => {
      const q = (url.searchParams.get(searchParam(kind)) ?? '').trim();
      const [active, archived] = await Promise.all([
        loadPage(kind, 'active', token, { q }),
        loadPage(kind, 'archived', token, { q }),
      ]);
      return { kind, q, active, archived };
    }),
  );
}

export async function moveLead(
  intent: 'archive' | 'unarchive',
  kind: LeadKindKey,
  id: string,
  token: string,
): Promise<MoveResult> {
  const call = intent === 'archive' ? archiveLead : unarchiveLead;
  const outcome = await unlessUnauthorized(await call(kind, id, token));
  if (!outcome.ok)
    return { intent, kind, ok: false, status: outcome.status, message: outcome.message };
  const answer = outcome.data;
  const page = (items: LeadPage['items'], nextCursor: string | null, total: number) => ({
    items,
    nextCursor,
    total,
  });
  return {
    intent,
    kind,
    ok: true,
    active: page(answer.unarchived, answer.unarchivedNextCursor, answer.unarchivedTotal),
    archived: page(answer.archived, answer.archivedNextCursor, answer.archivedTotal),
  };
}
