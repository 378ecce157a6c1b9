import { Form } from '@remix-run/react';
import { Button } from 'react-bootstrap';

import { type AvailabilityResponse } from '@contract';
import { IntentField } from '~/components/forms/intent-field';
import { ACCOUNT_FORM_PATHS } from '~/config/paths';

import { ErrorAlert } from '../page-parts';

import { AVAILABILITY_FORMS } from './availability-schema';

export interface AvailabilityResult {
  intent: keyof typeof AVAILABILITY_FORMS;
  message?: string;
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

/** Whether the assignment rules skip you: away now, or for dates ahead, and back again. */
export function Availability({
  availability,
  result,
  busy,
}: {
  availability: AvailabilityResponse['availability'];
  result: AvailabilityResult | undefined;
  busy: boolean;
}) {
  const { away, awayNow, from, until } = availability;
  const dates = [day(from) ? `from ${day(from)}` : '', day(until) ? `until ${day(until)}` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <p role="status">
        {awayNow
          ? `You are away${dates ? ` ${dates}` : ''}: automatic assignment skips you.`
          : away
            ? `You are available now; away ${dates}.`
            : 'You are available: automatic assignment may choose you.'}
      </p>
      <ErrorAlert message={result?.message} />
      <Form method="post" action={ACCOUNT_FORM_PATHS.availability} noValidate className="mb-2">
        <IntentField forms={AVAILABILITY_FORMS} value="away" />
        <div className="row g-2 mb-2">
          <div className="col-6">
            <label htmlFor="away-from" className="form-label">
              Away from (blank: now)
            </label>
            <input id="away-from" name="from" type="date" className="form-control" />
          </div>
          <div className="col-6">
            <label htmlFor="away-until" className="form-label">
              Back on (blank: until I say so)
            </label>
            <input id="away-until" name="until" type="date" className="form-control" />
          </div>
        </div>
        <Button type="submit" variant="outline-secondary" disabled={busy}>
          Mark me away
        </Button>
      </Form>
      {away ? (
        <Form method="post" action={ACCOUNT_FORM_PATHS.availability}>
          <IntentField forms={AVAILABILITY_FORMS} value="back" />
          <Button type="submit" variant="primary" disabled={busy}>
            I’m back
          </Button>
        </Form>
      ) : null}
    </>
  );
}
