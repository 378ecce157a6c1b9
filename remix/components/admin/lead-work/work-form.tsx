import { Form, useActionData, useNavigation } from '@remix-run/react';
import { type ReactNode } from 'react';
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
    <Form method="post" preventScrollReset aria-label={label} className={className}>
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

/** The detail action's refusal of this form, if its last post was refused. */
export function useWorkRefusal(intent: WorkIntent): WorkRefusal | null {
  const refusal = useActionData<WorkRefusal>();
  return refusal?.intent === intent ? refusal : null;
}

/** Whether a form of the detail is on its way (its buttons wait). */
export function useWorkBusy(): boolean {
  return useNavigation().state === 'submitting';
}
