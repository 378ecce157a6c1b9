import { Form, useActionData, useNavigation } from '@remix-run/react';
import { type KeyboardEvent, type ReactNode } from 'react';
import { Alert } from 'react-bootstrap';

import { JsFlag } from '~/components/forms/js-flag';

import { WORK_FIELD, type WorkIntent, type WorkRefusal } from './fields';

/**
 * A form of the lead's detail: posts its intent to the detail route, a plain form without
 * JavaScript. A refused one says why above its fields.
 */
export function WorkForm({
  intent,
  label,
  className,
  children,
}: {
  intent: WorkIntent;
  /** The form's accessible name. */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const refusal = useWorkRefusal(intent);
  return (
    <Form
      method="post"
      preventScrollReset
      aria-label={label}
      className={className}
      onKeyDown={submitByKeyboard}
    >
      <input type="hidden" name={WORK_FIELD.intent} value={intent} />
      <JsFlag />
      {refusal ? (
        <Alert variant="danger" className="py-2 small" role="alert">
          {refusal.message}
        </Alert>
      ) : null}
      {children}
    </Form>
  );
}

/**
 * A form worked by keyboard alone: Enter on a select (the stage, the owner) sets it, as Enter in a
 * text field would; Ctrl+Enter (or ⌘+Enter) in a text area (the note, the reply) sends it, where
 * Enter is a new line.
 */
function submitByKeyboard(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key !== 'Enter' || event.defaultPrevented) return;
  const target = event.target;
  const inTextArea = target instanceof HTMLTextAreaElement && (event.ctrlKey || event.metaKey);
  if (!(target instanceof HTMLSelectElement) && !inTextArea) return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
}

/** The detail action's refusal of this form, if its last post was refused. */
export function useWorkRefusal(intent: WorkIntent): WorkRefusal | null {
  const refusal = useActionData<WorkRefusal>();
  return refusal?.intent === intent ? refusal : null;
}

/** Whether a form of the detail is on its way (its buttons wait). */
export function useWorkBusy(): boolean {
  return useNavigation().state === 'submitting';
}
