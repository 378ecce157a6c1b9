import { type LeadKindKey } from '@contract';
import { ADMIN_PATH } from '~/config/paths';

/** A lead's detail, a URL admins can share: `/super-secret-admin/lead/<kind>/<id>`. */
export const leadDetailPath = (kind: LeadKindKey, id: string) => `${ADMIN_PATH}/lead/${kind}/${id}`;

/** The id of a lead's link in its list, where focus returns when its detail closes. */
export const leadLinkId = (kind: LeadKindKey, id: string) => `lead-${kind}-${id}`;
