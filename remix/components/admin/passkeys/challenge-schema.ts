import { z } from 'zod';

/**
 * The passkey ceremonies that answer a challenge, whose options a page's script asks for (the
 * passkey-options route): finishing a sign-in, or confirming it is the signed-in admin.
 */
export const PASSKEY_CHALLENGE_FORMS = {
  /** The pending sign-in's (its mfaToken is in the httpOnly cookie, never in the form). */
  'sign-in': z.object({}),
  reauth: z.object({}),
};
