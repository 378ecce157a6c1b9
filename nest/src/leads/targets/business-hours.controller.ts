import { HttpStatus } from '@nestjs/common';

import { businessHoursErrors } from '../../calendar/business-hours.validation';
import { ApiError } from '../../common/api-error';
import { createSettingsController } from '../../common/settings.controller';
import {
  type AuditEntry,
  BUSINESS_HOURS_PATH,
  type BusinessHours,
  type BusinessHoursRequest,
  WEEKDAYS,
} from '../../contract';

import { BusinessHoursService } from './business-hours';
import {
  BUSINESS_HOURS_REQUEST_SCHEMA,
  BusinessHoursRequestDto,
  BusinessHoursResponseDto,
} from './business-hours.dto';

/** GET and PUT /settings/business-hours: the team calendar response targets count in. */
export const BusinessHoursController = createSettingsController({
  name: 'BusinessHoursController',
  path: BUSINESS_HOURS_PATH,
  permission: 'settings.leads',
  keeper: BusinessHoursService,
  field: 'businessHours',
  answer: BusinessHoursResponseDto,
  read: {
    summary: 'The team calendar response targets count in (null: every hour, 24/7)',
    run: (hours) => hours.get(),
  },
  write: {
    summary: 'Replace the team calendar (null: count every hour again)',
    body: { schema: BUSINESS_HOURS_REQUEST_SCHEMA, validateAs: BusinessHoursRequestDto },
    written: 'The calendar as stored',
    invalid:
      'Not a calendar: an unknown time zone, a bad time, spans out of order or overlapping, a date that does not exist, a holiday twice, or a week without hours (each field named)',
    run: (hours, body: BusinessHoursRequest) => hours.set(valid(body.businessHours)),
    audit: { action: 'business-hours-changed', detail: (_body, stored) => summary(stored) },
  },
});

/** The calendar as sent, when it can be used; else a 400 naming each wrong field. */
function valid(calendar: BusinessHours | null): BusinessHours | null {
  if (calendar === null) return null;
  const errors = businessHoursErrors(calendar);
  const fields = Object.keys(errors);
  if (fields.length === 0) return calendar;
  const first = errors[fields[0] as string]?.[0] ?? 'invalid';
  throw new ApiError(HttpStatus.BAD_REQUEST, `${fields[0]}: ${first}`, errors);
}

/** What the log keeps of a calendar: its zone and sizes (the settings, not personal data). */
function summary(calendar: BusinessHours | null): AuditEntry['detail'] {
  if (calendar === null) return { businessHours: 'none (24/7)' };
  const spans = WEEKDAYS.reduce((sum, day) => sum + (calendar.weekly[day]?.length ?? 0), 0);
  return { timeZone: calendar.timeZone, spans, holidays: calendar.holidays.length };
}
