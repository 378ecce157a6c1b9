import {
  ADMINS_PATH,
  type AdminRole,
  type AdminListResponse,
  type LeadAccessChange,
  type CreateAdminRequest,
  type CreateAdminResponse,
  type UpdateAdminResponse,
} from '@contract';

import { type ApiOutcome, apiRequest, hasSuccess } from './http.server';

const isList = (body: unknown): body is AdminListResponse =>
  hasSuccess('admins')(body) && Array.isArray(body.admins);

const isCreated = (body: unknown): body is CreateAdminResponse =>
  hasSuccess('admin')(body) && typeof body.admin === 'object' && body.admin !== null;

const isUpdated = (body: unknown): body is UpdateAdminResponse =>
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

/** Gives an admin a role (owners, with a fresh factor): their rights change at their next request. */
export function changeRole(
  id: string,
  role: AdminRole,
  token: string,
): Promise<ApiOutcome<UpdateAdminResponse>> {
  return apiRequest(`${ADMINS_PATH}/${encodeURIComponent(id)}`, isUpdated, {
    method: 'PATCH',
    body: { role },
    token,
  });
}

/** Sets which leads of each kind an admin sees (owners, with a fresh factor): from their next request. */
export function changeAccess(
  id: string,
  access: LeadAccessChange,
  token: string,
): Promise<ApiOutcome<UpdateAdminResponse>> {
  return apiRequest(`${ADMINS_PATH}/${encodeURIComponent(id)}`, isUpdated, {
    method: 'PATCH',
    body: { access },
    token,
  });
}
