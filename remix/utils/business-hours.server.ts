import { data } from '@remix-run/node';

import { businessHours, saveBusinessHours } from '~/api-client/business-hours.server';
import { UNAVAILABLE_MESSAGE } from '~/api-client/http.server';
import {
  BUSINESS_HOURS_INTENT,
  businessHoursErrorsByField,
  businessHoursFromForm,
} from '~/components/admin/business-hours-fields';
import { type BusinessHoursResult } from '~/components/admin/business-hours-form';
import { INTENT_FIELD } from '~/components/forms/read-form';
import { unlessSessionBlocked } from '~/utils/session.server';

/** The Settings page's business hours: the calendar, and the time zones it may name. */
export async function loadBusinessHours(token: string) {
  const read = await unlessSessionBlocked(await businessHours(token));
  return {
    businessHours: read.ok ? read.data.businessHours : undefined,
    zones: Intl.supportedValuesOf('timeZone'),
  };
}

/** Whether a posted form is the business hours one. */
export const isBusinessHoursForm = (form: FormData) =>
  form.get(INTENT_FIELD) === BUSINESS_HOURS_INTENT;

/** Saves the posted calendar; a refusal comes back said beside the fields it is about. */
export async function saveBusinessHoursForm(form: FormData, token: string) {
  const posted = businessHoursFromForm(form);
  const outcome = await unlessSessionBlocked(
    await saveBusinessHours({ businessHours: posted.calendar }, token),
  );
  const intent = BUSINESS_HOURS_INTENT;
  if (outcome.ok) return data({ intent, saved: true } as const);
  if (outcome.status >= 500)
    return data({ intent, saved: false, message: UNAVAILABLE_MESSAGE } as const, 502);
  const errors = businessHoursErrorsByField(outcome.errors, posted);
  const result: BusinessHoursResult = {
    saved: false,
    message: errors.general ?? 'The business hours were not saved: see the fields marked below.',
    errors,
  };
  return data({ intent, ...result }, outcome.status);
}
