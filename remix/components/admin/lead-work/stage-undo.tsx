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
    const merged = answer.undoMerge;
    if (merged)
      return offer({
        message: merged.linked ? 'Linked 1 request.' : 'Merged 1 request into this one.',
        onUndo: () => {
          offer(null);
          const body = new FormData();
          body.set(WORK_FIELD.intent, 'unmerge');
          body.set(WORK_FIELD.mergeId, merged.mergeId);
          body.set(JS_FLAG, '1');
          submit(body, {
            method: 'post',
            action: leadDetailPath(kind, id),
            navigate: false,
            fetcherKey: 'lead-merge-undo',
          });
        },
      });
    const back = answer.undoStage;
    if (!back) return offer(null);
    offer({
      message: `Stage set to ${STAGE_LABELS[back.to]}.`,
      onUndo: () => {
        offer(null);
        const body = new FormData();
        body.set(WORK_FIELD.intent, 'stage');
        body.set(WORK_FIELD.stage, back.from);
        body.set(JS_FLAG, '1');
        // To this lead, wherever the admin is by then (the dashboard, another lead).
        submit(body, {
          method: 'post',
          action: leadDetailPath(kind, id),
          navigate: false,
          fetcherKey: 'lead-stage-undo',
        });
      },
    });
  }, [answer, submit, offer, kind, id]);
}
