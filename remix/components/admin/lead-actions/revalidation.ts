import { type ShouldRevalidateFunctionArgs } from '@remix-run/react';

import { LEADS_PATH } from './paths';

/**
 * A lead action's answer replaces the panel's lists (spec section 4), so re-reading the admin's
 * pages after it would only repeat that; after a failed one they are read again.
 */
export const leadActionAnswered = ({ formAction, actionResult }: ShouldRevalidateFunctionArgs) =>
  formAction === LEADS_PATH && (actionResult as { ok?: boolean } | undefined)?.ok === true;
