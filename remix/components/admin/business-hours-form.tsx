import { Form } from '@remix-run/react';
import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';

import { type BusinessHours, type Weekday, WEEKDAYS } from '@contract';
import {
  BH_FIELDS,
  BUSINESS_HOURS_INTENT,
  SUGGESTED_WEEK,
  WEEKDAY_NAMES,
} from '~/components/admin/business-hours-fields';
import { ErrorAlert } from '~/components/admin/page-parts';
import { FormField } from '~/components/forms/form-field';
import { INTENT_FIELD } from '~/components/forms/read-form';

/** What the last save of this form answered. */
export interface BusinessHoursResult {
  saved: boolean;
  message?: string;
  /** Messages by the form's places (businessHoursErrorsByField). */
  errors?: Record<string, string>;
}

interface Row {
  key: number;
  from: string;
  to: string;
}

let nextKey = 0;
const rowsOf = (week: BusinessHours['weekly']) =>
  Object.fromEntries(
    WEEKDAYS.map((day) => [day, (week[day] ?? []).map((span) => ({ ...span, key: nextKey++ }))]),
  ) as Record<Weekday, Row[]>;

/**
 * The team calendar: every hour counts (the default), or only the hours of a week in one time
 * zone, less holidays. Each day has its spans (several for split shifts), added and removed here;
 * the API judges what is posted and its refusals show beside the field they are about.
 */
export function BusinessHoursForm({
  calendar,
  zones,
  result,
  busy,
}: {
  calendar: BusinessHours | null;
  zones: readonly string[];
  result: BusinessHoursResult | undefined;
  busy: boolean;
}) {
  const [counting, setCounting] = useState(calendar ? 'calendar' : 'always');
  const [week, setWeek] = useState(() => rowsOf(calendar?.weekly ?? SUGGESTED_WEEK));
  const errors = result?.errors ?? {};
  const zoneList =
    calendar && !zones.includes(calendar.timeZone) ? [calendar.timeZone, ...zones] : zones;
  const change = (day: Weekday, rows: Row[]) => setWeek((all) => ({ ...all, [day]: rows }));
  return (
    <Form method="post" noValidate aria-describedby="bh-intro">
      <input type="hidden" name={INTENT_FIELD} value={BUSINESS_HOURS_INTENT} />
      <p id="bh-intro">
        Response targets count only the team&apos;s business hours: a request that arrives on Friday
        evening is due on Monday, not on Saturday.
      </p>
      {result ? (
        result.saved ? (
          <Alert variant="success" role="status">
            Business hours saved.
          </Alert>
        ) : (
          <ErrorAlert message={result.message ?? errors.general} />
        )
      ) : null}
      <fieldset className="mb-3">
        <legend className="h6">Response targets count</legend>
        {(
          [
            ['always', 'Every hour, every day (24/7)'],
            ['calendar', 'Only business hours'],
          ] as const
        ).map(([value, label]) => (
          <div className="form-check" key={value}>
            <input
              className="form-check-input"
              type="radio"
              id={`bh-mode-${value}`}
              name={BH_FIELDS.mode}
              value={value}
              checked={counting === value}
              onChange={() => setCounting(value)}
            />
            <label className="form-check-label" htmlFor={`bh-mode-${value}`}>
              {label}
            </label>
          </div>
        ))}
      </fieldset>
      <div hidden={counting !== 'calendar'}>
        <div className="mb-3">
          <label htmlFor={BH_FIELDS.timeZone} className="form-label">
            Time zone
          </label>
          <select
            id={BH_FIELDS.timeZone}
            name={BH_FIELDS.timeZone}
            className={`form-select${errors[BH_FIELDS.timeZone] ? ' is-invalid' : ''}`}
            defaultValue={calendar?.timeZone ?? 'UTC'}
            aria-describedby={
              errors[BH_FIELDS.timeZone] ? `${BH_FIELDS.timeZone}-error` : undefined
            }
          >
            {zoneList.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
          {errors[BH_FIELDS.timeZone] ? (
            <div id={`${BH_FIELDS.timeZone}-error`} className="invalid-feedback">
              {errors[BH_FIELDS.timeZone]}
            </div>
          ) : null}
        </div>
        <p className="form-text" id="bh-spans-hint">
          Times as HH:MM in that zone; 24:00 is the end of the day. A night shift is two spans, one
          each side of midnight. A day without spans is closed.
        </p>
        {errors['bh-week'] ? <p className="text-danger">{errors['bh-week']}</p> : null}
        <div className="settings-business-days">
          {WEEKDAYS.map((day) => (
            <fieldset
              key={day}
              className="settings-business-day mb-3"
              aria-describedby="bh-spans-hint"
            >
              <legend className="h6">{WEEKDAY_NAMES[day]}</legend>
              {errors[`bh-${day}`] ? <p className="text-danger">{errors[`bh-${day}`]}</p> : null}
              {week[day].length === 0 ? <p className="text-body-secondary mb-2">Closed</p> : null}
              {week[day].map((row, i) => (
                <div key={row.key} className="d-flex flex-wrap gap-2 align-items-start mb-2">
                  {(['from', 'to'] as const).map((end) => (
                    <FormField
                      key={end}
                      id={BH_FIELDS.span(day, i, end)}
                      name={BH_FIELDS.span(day, i, end)}
                      label={`${WEEKDAY_NAMES[day]}, span ${i + 1}, ${end}`}
                      hideLabel
                      placeholder={end === 'from' ? 'from 09:00' : 'to 17:00'}
                      inputMode="numeric"
                      size={8}
                      value={row[end]}
                      onChange={(event) =>
                        change(
                          day,
                          week[day].map((r) =>
                            r.key === row.key ? { ...r, [end]: event.target.value } : r,
                          ),
                        )
                      }
                      error={errors[BH_FIELDS.span(day, i, end)]}
                      className="mb-0"
                    />
                  ))}
                  <Button
                    variant="outline-secondary"
                    size="sm"
                    onClick={() =>
                      change(
                        day,
                        week[day].filter((r) => r.key !== row.key),
                      )
                    }
                  >
                    Remove
                    <span className="visually-hidden">
                      {' '}
                      span {i + 1} of {WEEKDAY_NAMES[day]}
                    </span>
                  </Button>
                </div>
              ))}
              <Button
                variant="outline-secondary"
                size="sm"
                onClick={() => change(day, [...week[day], { key: nextKey++, from: '', to: '' }])}
              >
                Add a span<span className="visually-hidden"> to {WEEKDAY_NAMES[day]}</span>
              </Button>
            </fieldset>
          ))}
        </div>
        <div className="mb-3">
          <label htmlFor={BH_FIELDS.holidays} className="form-label">
            Holidays
          </label>
          <textarea
            id={BH_FIELDS.holidays}
            name={BH_FIELDS.holidays}
            className={`form-control${errors[BH_FIELDS.holidays] ? ' is-invalid' : ''}`}
            rows={4}
            defaultValue={calendar?.holidays.join('\n') ?? ''}
            aria-invalid={errors[BH_FIELDS.holidays] ? true : undefined}
            aria-describedby={`bh-holidays-hint${errors[BH_FIELDS.holidays] ? ' bh-holidays-error' : ''}`}
          />
          <div id="bh-holidays-hint" className="form-text">
            Whole days closed, one date a line, as YYYY-MM-DD (2025-12-25).
          </div>
          {errors[BH_FIELDS.holidays] ? (
            <div id="bh-holidays-error" className="invalid-feedback">
              {errors[BH_FIELDS.holidays]}
            </div>
          ) : null}
        </div>
      </div>
      <Button type="submit" variant="primary" disabled={busy}>
        Save business hours
      </Button>
    </Form>
  );
}
