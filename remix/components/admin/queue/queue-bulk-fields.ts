import { z } from 'zod';

import {
  isLeadKindKey,
  isObjectId,
  LEAD_STAGES,
  type LeadAction,
  type LeadKindKey,
  type LeadStage,
  LEAD_IDS_MAX,
} from '@contract';
import { INVALID_REQUEST, readForm } from '~/components/forms/read-form';
import { list } from '~/components/forms/rules';

/**
 * What the queue's bulk toolbar does to a selection of leads of any kinds: the dashboard's bulk
 * actions that make sense across kinds (not unarchive or delete: the queue's inbox holds neither).
 */
export const QUEUE_BULK_ACTIONS = [
  'archive',
  'spam',
  'read',
  'unread',
  'stage',
  'assign',
] as const satisfies readonly LeadAction[];
export type QueueBulkAction = (typeof QUEUE_BULK_ACTIONS)[number];

/** The toolbar form's fields. */
export const BULK_FIELD = { action: 'action', lead: 'lead', stage: 'stage' } as const;

/** A selected lead as the form carries it: `<kind>:<id>`. */
export const leadRef = (kind: LeadKindKey, id: string) => `${kind}:${id}`;

function refOf(value: unknown): { kind: LeadKindKey; id: string } | null {
  if (typeof value !== 'string') return null;
  const [kind, id, ...rest] = value.split(':');
  return isLeadKindKey(kind) && isObjectId(id) && rest.length === 0 ? { kind, id } : null;
}

const schema = z
  .object({
    [BULK_FIELD.action]: z.enum(QUEUE_BULK_ACTIONS, { message: INVALID_REQUEST }),
    [BULK_FIELD.lead]: list(z.unknown())
      .pipe(
        z
          .array(z.unknown())
          .min(1, 'Select at least one lead first.')
          // Each kind's call takes at most this many; a page of the queue holds no more.
          .max(LEAD_IDS_MAX, `Select at most ${LEAD_IDS_MAX} leads at once.`),
      )
      .transform((values, context) => {
        const refs = values.map(refOf);
        if (refs.every((ref) => ref !== null)) return refs;
        context.addIssue({ code: 'custom', message: INVALID_REQUEST });
        return z.NEVER;
      }),
    [BULK_FIELD.stage]: z.enum(LEAD_STAGES).optional(),
  })
  .refine((posted) => posted.action !== 'stage' || posted.stage, {
    message: 'Choose a stage first.',
  });

/** A posted bulk request: the action, and the selected leads grouped by kind. */
export interface QueueBulkRequest {
  action: QueueBulkAction;
  stage?: LeadStage;
  byKind: Partial<Record<LeadKindKey, string[]>>;
}

/** The toolbar's form as posted: its request, or what is wrong with it (said to the admin). */
export function readQueueBulkForm(form: FormData): QueueBulkRequest | string {
  const read = readForm(form, schema);
  if (!read.ok) return Object.values(read.errors)[0]?.[0] ?? INVALID_REQUEST;
  const byKind: QueueBulkRequest['byKind'] = {};
  for (const { kind, id } of read.value.lead) {
    const ids = (byKind[kind] ??= []);
    if (!ids.includes(id)) ids.push(id);
  }
  return { action: read.value.action, stage: read.value.stage, byKind };
}

/** One kind's part of the answer: done, or refused with the API's words. */
export type QueueBulkPart =
  | { kind: LeadKindKey; ok: true; count: number }
  | { kind: LeadKindKey; ok: false; count: number; message: string };

/** The answer the toolbar shows: each kind's part (a kind's failure leaves the others done). */
export interface QueueBulkOutcome {
  action: QueueBulkAction | null;
  parts: QueueBulkPart[];
  /** The form itself was refused (nothing was done). */
  message?: string;
}
