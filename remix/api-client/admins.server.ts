import {
  ADMINS_PATH,
  type AdminListResponse,
  type CreateAdminRequest,
  type CreateAdminResponse,
} from '@contract';

import { type ApiOutcome, apiRequest, hasSuccess } from './http.server';

const isList = (body: unknown): body is AdminListResponse =>
  hasSuccess('admins')(body) && Array.isArray(body.admins);

const isCreated = (body: unknown): body is CreateAdminResponse =>
  hasSuccess('admin')(body) && typeof body.admin === 'object' && body.admin !== null;

export function listAdmins(token: string): Promise<ApiOutcome<AdminListResponse>> {
  return apiRequest(ADMINS_PATH, isList, { token });
}

export function addAdmin(
  admin: CreateAdminRequest,
  token: string,
): Promise<ApiOutcome<CreateAdminResponse>> {
  return apiRequest(ADMINS_PATH, isCreated, { method: 'POST', body: admin, token });
}

export function removeAdmin(id: string, token: string): Promise<ApiOutcome<{ success: true }>> {
  return apiRequest(`${ADMINS_PATH}/${encodeURIComponent(id)}`, hasSuccess(), {
    method: 'DELETE',
    token,
  });
}
