import { z } from 'zod';

import { hidden } from '~/components/forms/rules';

/** The sessions' forms on the Account page, by intent. */
export const SESSION_FORMS = {
  /** One session's own "Sign out": its id (a UUID) as the list showed it; the API checks it. */
  'end-session': z.object({ id: hidden(64) }),
  'sign-out-everywhere': z.object({}),
};

export type SessionsIntent = keyof typeof SESSION_FORMS;
