import { redirect } from '@remix-run/node';

import { type AccountView } from '~/components/admin/account/account-page';
import { ACCOUNT_PATH } from '~/config/paths';

// The Account page's notices, and the way back to it after a form's change. Server-only: the
// forms' routes use them in their actions, and a route module's other exports reach the browser
// (with @remix-run/node, which does not run there).

export const ACCOUNT_NOTICES = {
  'must-change': {
    variant: 'warning',
    text: 'You signed in with an initial password. Choose your own password to continue.',
  },
  'mfa-setup': {
    variant: 'warning',
    text: 'Every admin here needs a second factor. Set up an authenticator app or add a passkey to continue.',
  },
  changed: {
    variant: 'success',
    text: 'Your password has been changed. Your other sessions have been signed out.',
  },
  'mfa-removed': {
    variant: 'success',
    text: 'The second factor is off: your password alone signs you in.',
  },
  'totp-removed': {
    variant: 'success',
    text: 'The authenticator app is off: sign-in asks for one of your passkeys.',
  },
  'passkey-added': { variant: 'success', text: 'Your passkey has been added.' },
  'passkey-renamed': { variant: 'success', text: 'The passkey has been renamed.' },
  'passkey-removed': { variant: 'success', text: 'The passkey has been removed.' },
  'session-ended': { variant: 'success', text: 'That session has been signed out.' },
  'time-zone-saved': { variant: 'success', text: 'Your time zone has been saved.' },
  away: { variant: 'success', text: 'Your availability is saved.' },
  back: { variant: 'success', text: 'Welcome back: automatic assignment may choose you again.' },
} as const satisfies Record<string, NonNullable<AccountView['notice']>>;

/** Back to the page after a form's change, which it says once (`?reason=`). */
export const accountRedirect = (
  reason: Exclude<keyof typeof ACCOUNT_NOTICES, 'must-change' | 'mfa-setup'>,
  init?: ResponseInit,
) => redirect(`${ACCOUNT_PATH}?reason=${reason}`, init);
