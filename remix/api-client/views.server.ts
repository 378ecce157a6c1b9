import {
  type CreateViewRequest,
  type UpdateViewRequest,
  VIEWS_ORDER_PATH,
  VIEWS_PATH,
  viewPath,
  type ViewResponse,
  type ViewsResponse,
} from '@contract';

import { type ApiOutcome, apiRequest, hasSuccess } from './http.server';

const isViews = (body: unknown): body is ViewsResponse =>
  hasSuccess('views')(body) && Array.isArray(body.views);
const isView = (body: unknown): body is ViewResponse => hasSuccess('view')(body);

/** The queue's views the admin sees, in their order, each with its count (`GET /views`). */
export function listViews(token: string): Promise<ApiOutcome<ViewsResponse>> {
  return apiRequest(VIEWS_PATH, isViews, { token });
}

export function createView(
  input: CreateViewRequest,
  token: string,
): Promise<ApiOutcome<ViewResponse>> {
  return apiRequest(VIEWS_PATH, isView, { method: 'POST', body: input, token });
}

export function updateView(
  id: string,
  input: UpdateViewRequest,
  token: string,
): Promise<ApiOutcome<ViewResponse>> {
  return apiRequest(viewPath(id), isView, { method: 'PATCH', body: input, token });
}

export function deleteView(id: string, token: string): Promise<ApiOutcome<{ success: true }>> {
  return apiRequest(viewPath(id), hasSuccess(), { method: 'DELETE', token });
}

export function orderViews(ids: string[], token: string): Promise<ApiOutcome<ViewsResponse>> {
  return apiRequest(VIEWS_ORDER_PATH, isViews, { method: 'PUT', body: { ids }, token });
}
