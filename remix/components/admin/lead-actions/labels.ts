import { type LeadAction } from '@contract';

/** Each action as its button says it. */
export const ACTION_LABELS: Record<LeadAction, string> = {
  archive: 'Archive',
  unarchive: 'Unarchive',
  read: 'Mark read',
  unread: 'Mark unread',
  delete: 'Delete',
  stage: 'Set stage',
  assign: 'Assign',
  spam: 'Mark spam',
  'not-spam': 'Not spam',
};
