import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Outlet, type ShouldRevalidateFunction, useLoaderData } from '@remix-run/react';

import { isLeadAction, isLeadKindKey, isObjectId } from '@contract';
import { UNAVAILABLE_MESSAGE } from '~/api-client/http.server';
import { Dashboard } from '~/components/admin/dashboard';
import { ACTION_LABELS, leadActionAnswered } from '~/components/admin/lead-actions';
import { KeyboardTriage } from '~/components/admin/triage/keyboard-triage';
import { adminMeta, inboxTitle } from '~/utils/admin-meta';
import { loadDashboard } from '~/utils/inbox.server';
import { readToken, tokenAdminId } from '~/utils/session.server';

/**
 * The dashboard (spec section 2) at the admin area's own URL, and under it a lead's detail
 * (`lead/<kind>/<id>`), shown over the panels: a pathless route, so both keep their URLs.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await readToken(request);
  // Without a session the layout shows the sign-in screen instead.
  if (!token) return { view: 'signed-out' as const };

  // The dashboard's own call checks the token too: a dead one answers 401 (back to sign-in).
  const url = new URL(request.url);
  const dashboard = await loadDashboard(token, url);
  if (!dashboard.ok) return { view: 'unavailable' as const, message: UNAVAILABLE_MESSAGE };
  const failed = url.searchParams.get('failed');
  const confirmKind = url.searchParams.get('kind');
  const confirmIds = url.searchParams.getAll('ids').filter(isObjectId);
  return {
    view: 'dashboard' as const,
    panels: dashboard.data,
    me: tokenAdminId(token),
    notice: isLeadAction(failed)
      ? `Could not ${ACTION_LABELS[failed].toLowerCase()} the request. The inbox below shows what is stored now.`
      : failed === 'invalid'
        ? 'Select at least one request first.'
        : null,
    pendingDelete:
      url.searchParams.get('confirm') === 'delete' &&
      isLeadKindKey(confirmKind) &&
      confirmIds.length
        ? { kind: confirmKind, ids: confirmIds }
        : null,
  };
}

/**
 * After a lead action's answer nothing needs re-reading; after a failed one the dashboard is read
 * again. Opening or closing a lead's detail changes nothing the dashboard shows.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  const detailOnly = args.currentUrl.search === args.nextUrl.search && !args.formAction;
  // An action's answer holds the whole lists' first pages: a panel showing a view reads it again.
  const viewShown = [...args.nextUrl.searchParams.keys()].some((key) => key.startsWith('view-'));
  return (leadActionAnswered(args) && !viewShown) || detailOnly
    ? false
    : args.defaultShouldRevalidate;
};

export default function DashboardRoute() {
  const state = useLoaderData<typeof loader>();
  // Signed out or unavailable: the layout shows the sign-in screen and never this.
  if (state.view !== 'dashboard') return null;
  return (
    <Dashboard panels={state.panels} notice={state.notice} pendingDelete={state.pendingDelete}>
      <Outlet />
      <KeyboardTriage me={state.me} />
    </Dashboard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: state }) =>
  adminMeta(
    state?.view === 'dashboard'
      ? inboxTitle(state.panels.reduce((sum, panel) => sum + (panel.needReply ?? 0), 0))
      : 'Admin',
  );
