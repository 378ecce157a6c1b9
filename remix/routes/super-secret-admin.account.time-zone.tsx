import { type ActionFunctionArgs, data } from '@remix-run/node';

import { setTimeZone } from '~/api-client/auth.server';
import { type TimeZoneResult } from '~/components/admin/account/time-zone-form';
import { TIME_ZONE_FORMS } from '~/components/admin/account/time-zone-schema';
import { fieldErrors } from '~/components/forms/field-errors';
import { INVALID_REQUEST, readIntentForm } from '~/components/forms/read-form';
import { accountRedirect } from '~/utils/account-notices.server';
import { refusedAccountForm, unknownAccountForm } from '~/utils/account.server';
import { requireAdmin, unlessSessionBlocked } from '~/utils/session.server';

/** The time zone form: a zone of the list, or none to follow the browser's again. */
export async function action({ request }: ActionFunctionArgs) {
  const token = await requireAdmin(request);
  const read = readIntentForm(await request.formData(), TIME_ZONE_FORMS);
  if (!read) return unknownAccountForm();
  if (!read.ok) return data<TimeZoneResult>({ intent: 'time-zone', message: INVALID_REQUEST }, 400);
  const outcome = await unlessSessionBlocked(
    await setTimeZone({ timeZone: read.value.timeZone || null }, token),
  );
  if (outcome.ok) return accountRedirect('time-zone-saved');
  if (outcome.status === 400)
    return data<TimeZoneResult>(
      {
        intent: 'time-zone',
        error: fieldErrors(outcome.errors, { timeZone: 'Time zone' }).timeZone ?? outcome.message,
      },
      400,
    );
  return refusedAccountForm<TimeZoneResult>({ intent: 'time-zone' }, outcome);
}

// The page with this form's answer (the same component as every route of the page).
export { AccountRoute as default } from './super-secret-admin.account';
