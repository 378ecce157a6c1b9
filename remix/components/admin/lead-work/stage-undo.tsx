import { useActionData, useSubmit } from '@remix-run/react';
import { useEffect } from 'react';

import { type LeadKindKey } from '@contract';
import { useOfferUndo } from '~/components/admin/dashboard-undo';
import { JS_FLAG } from '~/components/forms/js-flag';
import { leadDetailPath } from '~/utils/lead-detail';

import { WORK_FIELD, type WorkDone, type WorkRefusal } from './fields';
import { STAGE_LABELS } from './labels';

/** The answers already told to the dashboard: a remounted detail does not offer one again. */
const told = new WeakSet<object>();

/**
 * Each of the detail's answers goes to the dashboard's one Undo: a stage change offers to set the
 * lead back to the stage it was in, a merge to take it back; anything else done (a note, an owner, a reply) takes the place
 * of an earlier Undo, which would otherwise undo more than the last action. A refusal did nothing.
 */
export function useStageUndo(kind: LeadKindKey, id: string): void {
  const answer = useActionData<WorkDone | WorkRefusal>();
  const submit = useSubmit();
  const offer = useOfferUndo();
  useEffect(() => {
    if (!answer || !('done' in answer) || told.has(answer)) return;
    told.add(answer);
    /** Posts the form that takes it back to this lead, wherever the admin is by then. */
    const undoWith = (fields: Record<string, string>, fetcherKey: string) => () => {
      offer(null);
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.set(name, value);
      body.set(JS_FLAG, '1');
      submit(body, {
        method: 'post',
        action: leadDetailPath(kind, id),
        navigate: false,
        fetcherKey,
      });
    };
    const merged = answer.undoMerge;
    if (merged)
      return offer({
        message: merged.linked ? 'Linked 1 request.' : 'Merged 1 request into this one.',
        onUndo: undoWith(
          { [WORK_FIELD.intent]: 'unmerge', [WORK_FIELD.mergeId]: merged.mergeId },
          'lead-merge-undo',
        ),
      });
    const back = answer.undoStage;
    if (!back) return offer(null);
    offer({
      message: `Stage set to ${STAGE_LABELS[back.to]}.`,
      onUndo: undoWith(
        { [WORK_FIELD.intent]: 'stage', [WORK_FIELD.stage]: back.from },
        'lead-stage-undo',
      ),
    });
  }, [answer, submit, offer, kind, id]);
}
