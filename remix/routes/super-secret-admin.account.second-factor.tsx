import { type ActionFunctionArgs, data } from '@remix-run/node';

import {
  confirmTotp,
  enrolTotp,
  mfaStatus,
  removeTotp,
  renewRecoveryCodes,
} from '~/api-client/mfa.server';
import { type SecondFactorResult } from '~/components/admin/account/second-factor';
import {
  OTPAUTH_URL_MAX,
  SECOND_FACTOR_FORMS,
} from '~/components/admin/account/second-factor-schema';
import { fieldErrors } from '~/components/forms/field-errors';
import { firstErrors, readForm, readIntentForm } from '~/components/forms/read-form';
import { accountRedirect } from '~/utils/account-notices.server';
import { refusedAccountForm, unknownAccountForm } from '~/utils/account.server';
import { qrCodeDataUrl } from '~/utils/qr-code.server';
import { withFreshFactor } from '~/utils/reauth.server';
import { requireAdmin, unlessSessionBlocked } from '~/utils/session.server';

const LABELS = { password: 'Password', code: 'Code' } as const;
const FIELDS = ['password', 'code'] as const;

const answer = (result: SecondFactorResult, status = 200) => data(result, { status });
const refused = refusedAccountForm<SecondFactorResult>;

/** The second factor's forms: setting up TOTP, turning it off, a new set of recovery codes. */
export async function action({ request }: ActionFunctionArgs) {
  const token = await requireAdmin(request);
  const form = await request.formData();
  const read = readIntentForm(form, SECOND_FACTOR_FORMS);
  if (!read) return unknownAccountForm();
  const { intent } = read;
  if (!read.ok) {
    const errors = firstErrors(read.errors, FIELDS);
    if (intent !== 'totp-confirm') return answer({ intent, errors }, 400);
    const pending = readForm(form, SECOND_FACTOR_FORMS[intent].pick({ otpauthUrl: true }));
    return codeAgain(errors, pending.ok ? pending.value.otpauthUrl : '');
  }
  switch (read.intent) {
    case 'totp-enrol': {
      const outcome = await unlessSessionBlocked(await enrolTotp(read.value.password, token));
      if (outcome.ok)
        return answer({
          intent,
          enrolment: await enrolmentView(outcome.data.otpauthUrl, outcome.data.secret),
        });
      const errors = fieldErrors(outcome.errors, LABELS);
      return errors.password
        ? answer({ intent, errors }, outcome.status)
        : refused({ intent }, outcome);
    }
    case 'totp-confirm': {
      const outcome = await unlessSessionBlocked(await confirmTotp(read.value.code, token));
      if (outcome.ok) return answer({ intent, recoveryCodes: outcome.data.recoveryCodes });
      // A wrong code: the same QR code again, the code marked. Anything else: start over.
      const errors = fieldErrors(outcome.errors, LABELS);
      if (outcome.status === 400 && errors.code) return codeAgain(errors, read.value.otpauthUrl);
      return refused({ intent }, outcome);
    }
    case 'totp-remove': {
      const outcome = await unlessSessionBlocked(await removeTotp(read.value, token));
      if (outcome.ok) {
        // With a passkey left, the password alone does not sign in.
        const left = await mfaStatus(token);
        return accountRedirect(left.ok && left.data.passkeys > 0 ? 'totp-removed' : 'mfa-removed');
      }
      const errors = fieldErrors(outcome.errors, LABELS);
      if (errors.password || errors.code) return answer({ intent, errors }, outcome.status);
      // 409 says why it stays (ADMIN_MFA=required) in the API's own words.
      return refused({ intent }, outcome);
    }
    case 'recovery-codes': {
      const fresh = await withFreshFactor(form, token, () => renewRecoveryCodes(token));
      if ('reauth' in fresh) return answer({ intent, reauth: fresh.reauth }, 403);
      const outcome = await unlessSessionBlocked(fresh.done);
      if (!outcome.ok) return refused({ intent }, outcome);
      return answer({ intent, recoveryCodes: outcome.data.recoveryCodes });
    }
  }
}

/** A refused code: the same QR code again (from the form), the code marked; or start over. */
async function codeAgain(errors: SecondFactorResult['errors'], otpauthUrl: string) {
  const enrolment = await enrolmentView(otpauthUrl);
  return answer(
    {
      intent: 'totp-confirm',
      errors,
      ...(enrolment ? { enrolment } : { message: 'Start again.' }),
    },
    400,
  );
}

/** The QR code and key of a pending secret; from a refused confirmation's form, when it is one. */
async function enrolmentView(otpauthUrl: string, secret?: string) {
  let key = secret;
  if (
    key === undefined &&
    otpauthUrl.length <= OTPAUTH_URL_MAX &&
    otpauthUrl.startsWith('otpauth://totp/')
  )
    key = new URL(otpauthUrl).searchParams.get('secret') ?? undefined;
  if (!key) return undefined;
  return { otpauthUrl, secret: key, qrCode: await qrCodeDataUrl(otpauthUrl) };
}

// The page with this form's answer (the same component as every route of the page).
export { AccountRoute as default } from './super-secret-admin.account';
