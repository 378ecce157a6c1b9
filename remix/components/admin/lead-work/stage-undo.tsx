import { useActionData, useSubmit } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';

import { type Undoable } from '~/components/admin/lead-undo';
import { UndoToast } from '~/components/admin/undo-toast';
import { JS_FLAG } from '~/components/forms/js-flag';

import { WORK_FIELD, type WorkDone, type WorkRefusal } from './fields';
import { STAGE_LABELS } from './labels';

/** For ten seconds after a stage change: Undo sets the lead back to the stage it was in. */
export function StageUndo() {
  const answer = useActionData<WorkDone | WorkRefusal>();
  const submit = useSubmit();
  const [undo, setUndo] = useState<Undoable | null>(null);
  useEffect(() => {
    const back = answer && 'done' in answer ? answer.undoStage : undefined;
    if (!back) return;
    setUndo({
      id: Date.now(),
      at: Date.now(),
      message: `Stage set to ${STAGE_LABELS[back.to]}.`,
      onUndo: () => {
        setUndo(null);
        const body = new FormData();
        body.set(WORK_FIELD.intent, 'stage');
        body.set(WORK_FIELD.stage, back.from);
        body.set(JS_FLAG, '1');
        submit(body, { method: 'post', preventScrollReset: true });
      },
    });
  }, [answer, submit]);
  const expire = useCallback(() => setUndo(null), []);
  return <UndoToast undo={undo} onExpire={expire} />;
}
