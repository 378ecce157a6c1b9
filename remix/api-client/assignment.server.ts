import {
  ASSIGNMENT_PATH,
  type AssignmentRequest,
  type AssignmentResponse,
  AVAILABILITY_PATH,
  type AvailabilityRequest,
  type AvailabilityResponse,
} from '@contract';

import { type ApiOutcome, apiRequest, hasSuccess } from './http.server';

// Automatic assignment and the admin's own availability (issue 35).

const isAssignment = (body: unknown): body is AssignmentResponse => hasSuccess('assignment')(body);

const isAvailability = (body: unknown): body is AvailabilityResponse =>
  hasSuccess('availability')(body);

export function assignmentRules(token: string): Promise<ApiOutcome<AssignmentResponse>> {
  return apiRequest(ASSIGNMENT_PATH, isAssignment, { token });
}

export function saveAssignmentRules(
  body: AssignmentRequest,
  token: string,
): Promise<ApiOutcome<AssignmentResponse>> {
  return apiRequest(ASSIGNMENT_PATH, isAssignment, { method: 'PUT', body, token });
}

export function availability(token: string): Promise<ApiOutcome<AvailabilityResponse>> {
  return apiRequest(AVAILABILITY_PATH, isAvailability, { token });
}

export function saveAvailability(
  body: AvailabilityRequest,
  token: string,
): Promise<ApiOutcome<AvailabilityResponse>> {
  return apiRequest(AVAILABILITY_PATH, isAvailability, { method: 'PUT', body, token });
}
