import { z } from 'zod';

import { VIEW_NAME_MAX } from '@contract';
import { apiText, hidden } from '~/components/forms/rules';

/** A view's id as the page posts it back: a default's name-like id or 24 hex (the API judges). */
const viewId = hidden(24);

/** The queue's view forms, by intent: save the filters as a view, rename, delete, move. */
export const QUEUE_VIEW_FORMS = {
  save: z.object({
    name: apiText(VIEW_NAME_MAX, 'Name'),
    shared: z.preprocess((value) => value === 'true', z.boolean()),
    /** The page's URL search when the form was posted: the filters saved. */
    search: hidden(4096),
  }),
  rename: z.object({ id: viewId, name: apiText(VIEW_NAME_MAX, 'Name') }),
  delete: z.object({ id: viewId }),
  move: z.object({
    id: viewId,
    to: z.enum(['up', 'down']),
    /** The list's ids in the order shown, comma-separated. */
    order: hidden(4096),
  }),
};

/** What a view form's post answers: done, or why not (per field where the API says so). */
export interface QueueViewResult {
  intent: string | null;
  ok: boolean;
  message?: string;
  errors?: Record<string, string>;
}
