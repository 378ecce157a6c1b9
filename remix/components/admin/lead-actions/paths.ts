import { type LeadKindKey, type LeadList } from '@contract';
import { ADMIN_PATH } from '~/config/paths';
import { type PanelView } from '~/utils/inbox';

/**
 * The admin's leads as a resource (`routes/super-secret-admin.leads.tsx`): GET reads a page of one
 * list (Load more, the archived and spam dialogs), POST acts on leads.
 */
export const LEADS_PATH = `${ADMIN_PATH}/leads`;

export function pageHref(
  kind: LeadKindKey,
  state: LeadList,
  { cursor, q, view }: { cursor?: string; q?: string; view?: PanelView },
): string {
  const params = new URLSearchParams({ kind, state });
  if (view && view !== 'all') params.set('view', view);
  if (cursor) params.set('cursor', cursor);
  if (q) params.set('q', q);
  return `${LEADS_PATH}?${params}`;
}
