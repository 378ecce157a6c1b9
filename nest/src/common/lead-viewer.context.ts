import { AsyncLocalStorage } from 'node:async_hooks';

import { FULL_LEAD_ACCESS, type LeadViewer } from '../contract';

/** The API's own jobs (the notification worker, retention, the intake) read every lead. */
export const SYSTEM_VIEWER: LeadViewer = { id: null, access: FULL_LEAD_ACCESS };

const viewers = new AsyncLocalStorage<LeadViewer>();

/**
 * Runs `work` as `viewer`: every lead read inside it (a list, one lead, an export, the inbox) is
 * narrowed to what the viewer sees, where leads are read (decision 0031). The interceptor runs
 * each admin request so; nothing else needs to pass the viewer on.
 */
export function asViewer<T>(viewer: LeadViewer, work: () => T): T {
  return viewers.run(viewer, work);
}

/** Runs `work` as the API itself (every lead), whoever's request started it. */
export function asSystem<T>(work: () => T): T {
  return viewers.run(SYSTEM_VIEWER, work);
}

/** Who reads leads now: the admin of the request under way, or the API's own jobs. */
export function currentViewer(): LeadViewer {
  return viewers.getStore() ?? SYSTEM_VIEWER;
}
