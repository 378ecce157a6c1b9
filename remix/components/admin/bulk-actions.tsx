import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-bootstrap';

import { type LeadAction, type LeadKindKey, type LeadListState, type LeadStage } from '@contract';
import { useHydrated } from '~/hooks/use-hydrated';
import { useCan } from '~/hooks/use-me';

import { ACTION_LABELS, FIELD, LEADS_PATH, useLeadActionFetcher } from './lead-actions';
import { StageSelect } from './lead-work/stage-select';
import { MoreActionsMenu, useMoreActionsMenu } from './more-actions-menu';

const BULK: Record<LeadListState, LeadAction[]> = {
  active: ['archive', 'read', 'unread'],
  archived: ['unarchive', 'read', 'unread', 'delete'],
};

interface BulkActionsProps {
  kind: LeadKindKey;
  state: LeadListState;
  /** The leads shown (the page loaded so far). */
  shown: string[];
  /** Each shown lead's stage: sent along, so a stage change can be undone lead by lead. */
  stages: Record<string, LeadStage>;
  /** Each shown lead's owner (null: nobody), for the same reason. */
  owners: Record<string, string | null>;
  selected: ReadonlySet<string>;
  onSelectAll: (selected: boolean) => void;
}

/**
 * Acting on the checked leads of a list, inside its LeadActionForm. Without JavaScript these are
 * plain submit buttons (a delete then comes back asking to confirm); with it, Delete asks here.
 */
export function BulkActions({
  kind,
  state,
  shown,
  stages,
  owners,
  selected,
  onSelectAll,
}: BulkActionsProps) {
  const hydrated = useHydrated();
  // Deleting for good is leads.delete (owners and managers): not offered to a role without it.
  const canDelete = useCan('leads.delete');
  const fetcher = useLeadActionFetcher(kind);
  const busy = fetcher.state !== 'idle';
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const all = useRef<HTMLInputElement>(null);
  const count = shown.filter((id) => selected.has(id)).length;
  // An action sent from the menu closes it (the menu stays open while a stage is picked in it).
  const menu = useMoreActionsMenu(busy || count === 0);

  useEffect(() => {
    if (all.current) all.current.indeterminate = count > 0 && count < shown.length;
  }, [count, shown.length]);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (count === 0) setConfirming(false);
  }, [count]);

  if (shown.length === 0) return null;
  const none = hydrated && count === 0;
  const actionButton = (action: LeadAction) => (
    <Button
      key={action}
      type="submit"
      name={FIELD.action}
      value={action}
      size="sm"
      variant={action === 'delete' ? 'outline-danger' : 'outline-secondary'}
      disabled={none || busy}
      onClick={(event) => {
        if (action !== 'delete' || !hydrated) return;
        event.preventDefault();
        menu.setOpen(false);
        setConfirming(true);
      }}
    >
      {ACTION_LABELS[action]}
    </Button>
  );
  const assignButton = (
    <Button
      type="submit"
      name={FIELD.action}
      value="assign"
      size="sm"
      variant="outline-secondary"
      disabled={none || busy}
    >
      Assign to me
    </Button>
  );
  const stageControls = (
    <span className="lead-bulk__stage">
      <StageSelect
        name={FIELD.stage}
        size="sm"
        defaultValue="contacted"
        aria-label="Stage for the selected requests"
        disabled={none || busy}
      />
      <Button
        type="submit"
        name={FIELD.action}
        value="stage"
        size="sm"
        variant="outline-secondary"
        disabled={none || busy}
      >
        {ACTION_LABELS.stage}
      </Button>
    </span>
  );
  return (
    <div className="lead-bulk" role="group" aria-label="Act on selected requests">
      {hydrated ? (
        <label className="lead-bulk__all">
          <input
            ref={all}
            type="checkbox"
            className="form-check-input"
            checked={count > 0 && count === shown.length}
            onChange={(event) => onSelectAll(event.target.checked)}
          />
          <span>{count > 0 ? `${count} selected` : 'Select all'}</span>
        </label>
      ) : null}
      {hydrated && state === 'active' ? (
        // One row in a quarter of 1280 px (issue 32: it wrapped to three): Archive beside the
        // selection, the rest in a menu. Without JavaScript (and in the archive's wide dialog)
        // every action is a plain button.
        <>
          {actionButton('archive')}
          <MoreActionsMenu {...menu} disabled={none || busy}>
            <div className="lead-bulk__menu-actions">
              {BULK.active.filter((action) => action !== 'archive').map(actionButton)}
              {assignButton}
            </div>
            {stageControls}
          </MoreActionsMenu>
        </>
      ) : (
        <>
          {BULK[state].filter((action) => action !== 'delete' || canDelete).map(actionButton)}
          {state === 'active' ? (
            <>
              {stageControls}
              {assignButton}
            </>
          ) : null}
        </>
      )}
      {state === 'active' ? (
        <>
          {Object.entries(stages).map(([id, stage]) => (
            <input key={id} type="hidden" name={FIELD.from} value={`${id}:${stage}`} />
          ))}
          {Object.entries(owners).map(([id, owner]) => (
            <input key={id} type="hidden" name={FIELD.owner} value={`${id}:${owner ?? ''}`} />
          ))}
        </>
      ) : null}
      {confirming ? (
        <div className="lead-bulk__confirm" role="alert">
          <span>
            Delete {count} archived {count === 1 ? 'request' : 'requests'} permanently? This cannot
            be undone.
          </span>
          <Button
            ref={confirmButton}
            size="sm"
            variant="danger"
            disabled={busy}
            onClick={(event) => {
              const form = event.currentTarget.form;
              if (!form) return;
              const body = new FormData(form);
              body.set(FIELD.action, 'delete');
              body.set(FIELD.confirmed, '1');
              body.delete(FIELD.one);
              fetcher.submit(body, { method: 'post', action: LEADS_PATH });
              setConfirming(false);
            }}
          >
            Delete permanently
          </Button>
          <Button size="sm" variant="link" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : null}
    </div>
  );
}
