import { type ActionFunctionArgs, data } from '@remix-run/node';

import {
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
} from '~/api-client/mfa.server';
import { type PasskeysResult } from '~/components/admin/account/passkeys';
import { PASSKEY_ANSWER_MISSING, PASSKEY_FORMS } from '~/components/admin/account/passkeys-schema';
import { fieldErrors } from '~/components/forms/field-errors';
import { firstErrors, readForm, readIntentForm } from '~/components/forms/read-form';
import { accountRedirect } from '~/utils/account-notices.server';
import { refusedAccountForm, unknownAccountForm } from '~/utils/account.server';
import { withFreshFactor } from '~/utils/reauth.server';
import { requireAdmin, unlessSessionBlocked } from '~/utils/session.server';

const answer = (result: PasskeysResult, status = 200) => data(result, { status });
const refused = refusedAccountForm<PasskeysResult>;

/** The passkey a refused rename or removal was about, to say it beside that passkey. */
const aboutId = (form: FormData) => {
  const read = readForm(form, PASSKEY_FORMS['passkey-remove']);
  return read.ok ? { id: read.value.id } : {};
};

/**
 * The passkeys' forms: adding one (the ceremony's options, then its answer; its name checked before
 * either), renaming one, removing one (after a fresh factor).
 */
export async function action({ request }: ActionFunctionArgs) {
  const token = await requireAdmin(request);
  const form = await request.formData();
  const read = readIntentForm(form, PASSKEY_FORMS);
  if (!read) return unknownAccountForm();
  const { intent } = read;
  if (!read.ok) {
    const errors = firstErrors(read.errors, ['name', 'password'] as const);
    const about = intent === 'passkey-rename' || intent === 'passkey-remove' ? aboutId(form) : {};
    if (Object.keys(errors).length) return answer({ intent, ...about, errors }, 400);
    const message = read.errors.response ? PASSKEY_ANSWER_MISSING : 'That passkey is not valid.';
    return answer({ intent, ...about, message }, 400);
  }
  switch (read.intent) {
    case 'passkey-options': {
      const { password } = read.value;
      const fresh = await withFreshFactor(form, token, () =>
        passkeyRegistrationOptions(password, token),
      );
      if ('reauth' in fresh) return answer({ intent, reauth: fresh.reauth }, 403);
      const outcome = await unlessSessionBlocked(fresh.done);
      if (outcome.ok) return answer({ intent, passkeyOptions: outcome.data.options });
      const errors = fieldErrors(outcome.errors, { password: 'Password' });
      return errors.password
        ? answer({ intent, errors }, outcome.status)
        : refused({ intent }, outcome);
    }
    case 'passkey-add': {
      const outcome = await unlessSessionBlocked(await registerPasskey(read.value, token));
      if (!outcome.ok) {
        const errors = fieldErrors(outcome.errors, { name: 'Name' });
        return errors.name
          ? answer({ intent, errors }, outcome.status)
          : refused({ intent }, outcome);
      }
      // The first factor comes with recovery codes, shown once.
      if (outcome.data.recoveryCodes)
        return answer({ intent, recoveryCodes: outcome.data.recoveryCodes });
      return accountRedirect('passkey-added');
    }
    case 'passkey-rename': {
      const { id, name } = read.value;
      const outcome = await unlessSessionBlocked(await renamePasskey(id, name, token));
      if (outcome.ok) return accountRedirect('passkey-renamed');
      const errors = fieldErrors(outcome.errors, { name: 'Name' });
      return errors.name
        ? answer({ intent, id, errors }, outcome.status)
        : refused({ intent, id }, outcome);
    }
    case 'passkey-remove': {
      const { id } = read.value;
      const fresh = await withFreshFactor(form, token, () => removePasskey(id, token));
      if ('reauth' in fresh) return answer({ intent, id, reauth: fresh.reauth }, 403);
      const outcome = await unlessSessionBlocked(fresh.done);
      if (outcome.ok) return accountRedirect('passkey-removed');
      // 409 says why it stays (ADMIN_MFA=required, the only factor) in the API's own words.
      return refused({ intent, id }, outcome);
    }
  }
}

// The page with this form's answer (the same component as every route of the page).
export { AccountRoute as default } from './super-secret-admin.account';
