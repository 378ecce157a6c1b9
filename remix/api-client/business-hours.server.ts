import {
  BUSINESS_HOURS_PATH,
  type BusinessHoursRequest,
  type BusinessHoursResponse,
} from '@contract';

import { type ApiOutcome, apiRequest, hasSuccess } from './http.server';

// The team calendar response targets count in (issue 35).

const isBusinessHours = (body: unknown): body is BusinessHoursResponse =>
  hasSuccess('businessHours')(body);

export function businessHours(token: string): Promise<ApiOutcome<BusinessHoursResponse>> {
  return apiRequest(BUSINESS_HOURS_PATH, isBusinessHours, { token });
}

export function saveBusinessHours(
  body: BusinessHoursRequest,
  token: string,
): Promise<ApiOutcome<BusinessHoursResponse>> {
  return apiRequest(BUSINESS_HOURS_PATH, isBusinessHours, { method: 'PUT', body, token });
}
