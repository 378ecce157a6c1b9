import { useSubmit } from '@remix-run/react';
import { useCallback, useRef, useState } from 'react';

import { type LeadAction, type LeadKindKey } from '@contract';
import { JS_FLAG } from '~/components/forms/js-flag';
import { type ActionOutcome } from '~/utils/inbox';

import { actionEntries, LEADS_PATH } from './lead-actions';
import { STAGE_LABELS } from './lead-work/labels';

/** The action that takes each undoable one back (a delete cannot be taken back). */
const INVERSE: Partial<Record<LeadAction, LeadAction>> = {
  archive: 'unarchive',
  unarchive: 'archive',
  read: 'unread',
  unread: 'read',
};

const DONE: Partial<Record<LeadAction, string>> = {
  archive: 'Archived',
  unarchive: 'Unarchived',
  read: 'Marked read',
  unread: 'Marked unread',
};

export interface Undoable {
  id: number;
  /** When it was done (Date.now()): Undo is offered for ten seconds from then. */
  at: number;
  message: string;
  onUndo: () => void;
}

/**
 * The dashboard's last lead action, if it can be undone, and what undoes it: the inverse action on
 * the same leads, posted through the panel's own fetcher (its answer updates the panel as any
 * action's). One slot for the dashboard and a lead's detail: any later action takes the place of
 * the earlier one's Undo, or clears it, so an Undo never takes back more than the last action.
 */
export function useLeadUndo() {
  const [undo, setUndo] = useState<Undoable | null>(null);
  const submit = useSubmit();
  // The undo's own answer is an action too: it is not offered for undoing.
  const undoing = useRef(false);
  const count = useRef(0);

  const onActed = useCallback(
    (result: Extract<ActionOutcome, { ok: true }>) => {
      // Opening a lead marks it read: that is no act of the admin's, and leaves the Undo offered.
      if (result.byOpening) return;
      const back = undoOf(result);
      if (undoing.current || !back) {
        undoing.current = false;
        setUndo(null);
        return;
      }
      const { kind, ids } = result;
      count.current += 1;
      const requests = ids.length === 1 ? '1 request' : `${ids.length} requests`;
      setUndo({
        id: count.current,
        at: Date.now(),
        message: `${back.done}: ${requests}.`,
        onUndo: () => {
          undoing.current = true;
          setUndo(null);
          postAction(submit, kind, back.entries);
        },
      });
    },
    [submit],
  );
  const expire = useCallback(() => setUndo(null), []);
  /** What a lead's detail did: its own Undo, or null when what it did cannot be undone. */
  const offer = useCallback((made: Omit<Undoable, 'id' | 'at'> | null) => {
    if (!made) return setUndo(null);
    count.current += 1;
    setUndo({ ...made, id: count.current, at: Date.now() });
  }, []);
  return { undo, onActed, offer, expire };
}

/** What was done in words, and the form that takes it back; null if it cannot be taken back. */
function undoOf(
  result: Extract<ActionOutcome, { ok: true }>,
): { done: string; entries: [string, string][] } | null {
  const { kind, ids, action } = result;
  // A stage change: each lead back to the stage it was in.
  if (action === 'stage' && result.stage && result.from && !result.restored)
    return {
      done: `Stage set to ${STAGE_LABELS[result.stage]}`,
      entries: actionEntries({ action, kind, ids, from: result.from, restore: true }),
    };
  // An assignment: each lead back to the owner it had (or to nobody).
  if (action === 'assign' && result.owners && !result.restored)
    return {
      done: 'Assigned to you',
      entries: actionEntries({ action, kind, ids, owners: result.owners, restore: true }),
    };
  const inverse = INVERSE[action];
  if (!inverse) return null;
  return {
    done: DONE[action] ?? action,
    entries: actionEntries({ action: inverse, kind, ids }),
  };
}

function postAction(
  submit: ReturnType<typeof useSubmit>,
  kind: LeadKindKey,
  entries: [string, string][],
) {
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  body.set(JS_FLAG, '1');
  submit(body, {
    method: 'post',
    action: LEADS_PATH,
    navigate: false,
    fetcherKey: `leads-${kind}`,
  });
}
