import { data } from '@remix-run/node';

import { listAdmins } from '~/api-client/admins.server';
import { assignmentRules, saveAssignmentRules } from '~/api-client/assignment.server';
import { UNAVAILABLE_MESSAGE } from '~/api-client/http.server';
import {
  ASSIGNMENT_INTENT,
  assignmentErrorsByKind,
  assignmentFromForm,
} from '~/components/admin/assignment-fields';
import { type AssignmentResult } from '~/components/admin/assignment-form';
import { INTENT_FIELD } from '~/components/forms/read-form';
import { unlessSessionBlocked } from '~/utils/session.server';

/** The Settings page's automatic assignment: every kind's rule, and the admins it may name. */
export async function loadAssignment(token: string) {
  const [rules, admins] = await Promise.all([
    assignmentRules(token).then(unlessSessionBlocked),
    listAdmins(token).then(unlessSessionBlocked),
  ]);
  return {
    assignment: rules.ok ? rules.data.assignment : undefined,
    admins: admins.ok ? admins.data.admins.map(({ id, email }) => ({ id, email })) : [],
  };
}

export const isAssignmentForm = (form: FormData) => form.get(INTENT_FIELD) === ASSIGNMENT_INTENT;

/** Saves every kind's posted rule; a refusal comes back said beside the kind it is about. */
export async function saveAssignmentForm(form: FormData, token: string) {
  const intent = ASSIGNMENT_INTENT;
  const outcome = await unlessSessionBlocked(
    await saveAssignmentRules({ assignment: assignmentFromForm(form) }, token),
  );
  if (outcome.ok) return data({ intent, saved: true } as const);
  if (outcome.status >= 500)
    return data({ intent, saved: false, message: UNAVAILABLE_MESSAGE } as const, 502);
  const result: AssignmentResult = {
    saved: false,
    message: outcome.errors
      ? 'Automatic assignment was not saved: see the kinds marked below.'
      : outcome.message,
    errors: assignmentErrorsByKind(outcome.errors),
  };
  return data({ intent, ...result }, outcome.status);
}
