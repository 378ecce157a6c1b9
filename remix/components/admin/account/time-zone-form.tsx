import { Form } from '@remix-run/react';
import { Button } from 'react-bootstrap';

import { TimeZoneSelect } from '~/components/admin/dates/time-zone-select';
import { formFields } from '~/components/forms/form-fields';
import { IntentField } from '~/components/forms/intent-field';
import { ACCOUNT_FORM_PATHS } from '~/config/paths';

import { TIME_ZONE_FORMS } from './time-zone-schema';

const FIELDS = formFields(TIME_ZONE_FORMS['time-zone']);

/** What the time zone form answered, when it did not go through. */
export interface TimeZoneResult {
  intent: 'time-zone';
  message?: string;
  error?: string;
}

/** Which zone the admin's dates are shown in: their browser's, or one they choose. */
export function TimeZoneForm({
  chosen,
  browser,
  result,
  busy,
}: {
  chosen: string | null;
  browser: string;
  result: TimeZoneResult | undefined;
  busy: boolean;
}) {
  return (
    <Form method="post" action={ACCOUNT_FORM_PATHS.timeZone}>
      <IntentField forms={TIME_ZONE_FORMS} value="time-zone" />
      <TimeZoneSelect
        id="account-time-zone"
        name={FIELDS.timeZone.name}
        label="Show dates in"
        value={chosen ?? ''}
        emptyLabel={`This browser's zone (${browser})`}
        error={result?.error}
        hint="Every date in the admin area, the Insights days and the CSV downloads follow it."
      />
      <Button type="submit" variant="primary" disabled={busy}>
        Save time zone
      </Button>
    </Form>
  );
}
