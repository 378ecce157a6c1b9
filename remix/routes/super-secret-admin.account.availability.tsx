import { type ActionFunctionArgs, data } from '@remix-run/node';

import { saveAvailability } from '~/api-client/assignment.server';
import { type AvailabilityResult } from '~/components/admin/account/availability';
import { AVAILABILITY_FORMS, dayStart } from '~/components/admin/account/availability-schema';
import { readIntentForm } from '~/components/forms/read-form';
import { accountRedirect } from '~/utils/account-notices.server';
import { refusedAccountForm, unknownAccountForm } from '~/utils/account.server';
import { requireAdmin, unlessSessionBlocked } from '~/utils/session.server';

/** Away (now, or between two days) or back: the assignment rules skip an admin who is away. */
export async function action({ request }: ActionFunctionArgs) {
  const token = await requireAdmin(request);
  const read = readIntentForm(await request.formData(), AVAILABILITY_FORMS);
  if (!read) return unknownAccountForm();
  const { intent } = read;
  if (!read.ok) return data<AvailabilityResult>({ intent, message: 'Choose a date.' }, 400);
  const body =
    read.intent === 'away'
      ? {
          away: true,
          ...(read.value.from ? { from: dayStart(read.value.from) } : {}),
          ...(read.value.until ? { until: dayStart(read.value.until) } : {}),
        }
      : { away: false };
  const outcome = await unlessSessionBlocked(await saveAvailability(body, token));
  if (!outcome.ok) return refusedAccountForm<AvailabilityResult>({ intent }, outcome);
  return accountRedirect(read.intent === 'away' ? 'away' : 'back');
}

// The page with this form's answer (the same component as every route of the page).
export { AccountRoute as default } from './super-secret-admin.account';
