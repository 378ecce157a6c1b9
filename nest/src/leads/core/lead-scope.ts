import { currentViewer } from '../../common/lead-viewer.context';
import { type LeadAccessLevel, type LeadKindKey, type LeadViewer } from '../../contract';

import { type LeadRecord } from './lead-record';

/** The kept totals' key of the leads nobody owns (an admin id is 24 hex digits: never this). */
export const UNASSIGNED_KEY = 'none';

/**
 * Which leads of one kind a viewer may see (issue 34): every one, none, or those of some owners,
 * named by their kept totals' keys (an admin's id as hex, UNASSIGNED_KEY for nobody's). Worked out
 * where leads are read (the repository's reads by id and its export, the list view), from the
 * viewer the request runs as (currentViewer), never in a controller.
 */
export type LeadScope =
  { see: 'all' } | { see: 'none' } | { see: 'owned'; owners: readonly string[] };

export function scopeOf(viewer: LeadViewer, kind: LeadKindKey): LeadScope {
  const level: LeadAccessLevel = viewer.access.kinds[kind];
  if (level === 'all') return { see: 'all' };
  if (level === 'none' || !viewer.id) return { see: 'none' };
  return {
    see: 'owned',
    owners: viewer.access.seeUnassigned ? [viewer.id, UNASSIGNED_KEY] : [viewer.id],
  };
}

/** The scope of the viewer the request runs as (an admin's, or the API's own: every lead). */
export const currentScope = (kind: LeadKindKey): LeadScope => scopeOf(currentViewer(), kind);

/** The kept totals' key of a lead's owner. */
export const ownerKeyOf = (record: Pick<LeadRecord, 'assigneeId'>): string =>
  record.assigneeId ? record.assigneeId.toHexString() : UNASSIGNED_KEY;

/** Whether the scope sees the leads of an owner (by kept totals' key). */
export function seesOwner(scope: LeadScope, owner: string): boolean {
  if (scope.see === 'all') return true;
  return scope.see === 'owned' && scope.owners.includes(owner);
}

/** Whether a stored lead is one the scope sees. */
export const inScope = (scope: LeadScope, record: Pick<LeadRecord, 'assigneeId'>): boolean =>
  seesOwner(scope, ownerKeyOf(record));
