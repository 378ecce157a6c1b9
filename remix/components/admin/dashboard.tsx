import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Alert } from 'react-bootstrap';

import { type InboxTotals, type LeadKindKey, type LeadTotals } from '@contract';
import { useMe } from '~/hooks/use-me';
import { inboxTitle } from '~/utils/admin-meta';
import { type InboxPanel, type PendingDelete } from '~/utils/inbox';

import { DashboardUndo } from './dashboard-undo';
import { DeleteConfirmation } from './delete-confirmation';
import { LeadPanel } from './lead-panel';
import { useLeadUndo } from './lead-undo';
import { useLiveInbox } from './live-inbox';

interface DashboardProps {
  panels: InboxPanel[];
  /** Why the last change posted without JavaScript failed. */
  notice?: string | null;
  pendingDelete?: PendingDelete | null;
  /** A lead's detail, over the panels. */
  children?: ReactNode;
}

/** The panels share the row's width on a wide screen, however many the admin's access shows. */
const PANEL_COLUMNS: Record<number, string> = {
  1: 'col-lg-12',
  2: 'col-lg-6',
  3: 'col-lg-4',
  4: 'col-lg-3',
};

/** Spec section 2: the four panels side by side, kept up to date while the page is open. */
export function Dashboard({
  panels,
  notice = null,
  pendingDelete = null,
  children,
}: DashboardProps) {
  const live = useLiveInbox();
  // A kind the admin's access gives them none of has no panel (issue 34): it would only ever be
  // empty. GET /auth/me unanswered: every panel, as the API's answer holds.
  const me = useMe();
  const shown = panels.filter((panel) => !me || me.access.kinds[panel.kind] !== 'none');
  const { undo, onActed, offer, expire } = useLeadUndo();
  // The title counts what needs a reply: the kept per-stage totals of the live poll say it (an
  // action's answer carries only the lists' totals, and a reply or stage change reloads the page).
  const [needReply, setNeedReply] = useState<Partial<Record<LeadKindKey, number>>>(() =>
    Object.fromEntries(panels.map((panel) => [panel.kind, panel.needReply ?? 0])),
  );
  const onTotals = useCallback((kind: LeadKindKey, totals: LeadTotals | InboxTotals) => {
    if (!('stages' in totals)) return;
    const count = totals.stages.new;
    setNeedReply((current) => (current[kind] === count ? current : { ...current, [kind]: count }));
  }, []);
  useEffect(() => {
    setNeedReply(Object.fromEntries(panels.map((panel) => [panel.kind, panel.needReply ?? 0])));
  }, [panels]);
  const needReplySum = Object.values(needReply).reduce((sum, n) => sum + (n ?? 0), 0);
  useEffect(() => {
    document.title = inboxTitle(needReplySum);
  }, [needReplySum]);

  return (
    <>
      {notice ? (
        <Alert variant="danger" role="alert">
          {notice}
        </Alert>
      ) : null}
      {pendingDelete ? <DeleteConfirmation pending={pendingDelete} /> : null}
      <DashboardUndo undo={undo} expire={expire} offer={offer}>
        {children}
      </DashboardUndo>
      {shown.length === 0 ? (
        <Alert variant="info">
          You see no leads yet: an owner gives you access to them on the Admins page.
        </Alert>
      ) : null}
      <div className="row g-3">
        {shown.map((panel) => (
          <div key={panel.kind} className={`col-12 col-md-6 ${PANEL_COLUMNS[shown.length] ?? ''}`}>
            <LeadPanel
              panel={panel}
              live={live?.[panel.kind]}
              onTotals={onTotals}
              onActed={onActed}
            />
          </div>
        ))}
      </div>
    </>
  );
}
