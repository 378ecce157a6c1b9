import { Form } from '@remix-run/react';
import { Alert, Button } from 'react-bootstrap';

import { type MfaStatusResponse, RECOVERY_CODES_LOW } from '@contract';
import { FormField } from '~/components/forms/form-field';
import { IntentField } from '~/components/forms/intent-field';
import { PasswordField } from '~/components/forms/password-field';
import { ACCOUNT_FORM_PATHS } from '~/config/paths';

import { ErrorAlert } from '../page-parts';
import { type ReauthAsk, ReauthFields } from '../reauth-fields';

import { RecoveryCodes } from './recovery-codes';
import {
  SECOND_FACTOR_FORMS as FORMS,
  type SecondFactorIntent,
  TOTP_CONFIRM_FIELDS,
  TOTP_ENROL_FIELDS,
  TOTP_REMOVE_FIELDS,
} from './second-factor-schema';

/** A pending TOTP secret as the page shows it: a QR code and the key to type. */
export interface TotpEnrolment {
  otpauthUrl: string;
  secret: string;
  /** The QR code of `otpauthUrl`, an SVG data URL drawn on the server. */
  qrCode: string;
}

/** What the second factor's forms answered (their own route's action). */
export interface SecondFactorResult {
  intent: SecondFactorIntent;
  errors?: Partial<Record<'password' | 'code', string>>;
  message?: string;
  reauth?: ReauthAsk;
  enrolment?: TotpEnrolment;
  recoveryCodes?: string[];
}

/** The Account page's second factor: setting up TOTP, its recovery codes, removing it. */
export function SecondFactor({
  status,
  result,
  recoveryCodes,
  busy,
}: {
  status: Pick<MfaStatusResponse, 'totp' | 'passkeys' | 'recoveryCodesLeft'>;
  result: SecondFactorResult | undefined;
  /** A new set, from these forms or with the first passkey: shown this once, in place. */
  recoveryCodes: string[] | undefined;
  busy: boolean;
}) {
  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} />;
  if (result?.enrolment)
    return <ConfirmEnrolment enrolment={result.enrolment} result={result} busy={busy} />;
  if (status.totp) return <FactorOn left={status.recoveryCodesLeft} result={result} busy={busy} />;
  return (
    <>
      {status.passkeys > 0 ? (
        <>
          <p>
            <span className="badge text-bg-success me-1">On</span> Sign-in asks for one of your
            passkeys. You may add an authenticator app as well.
          </p>
          <RecoveryCodesLeft left={status.recoveryCodesLeft} result={result} busy={busy} />
        </>
      ) : null}
      <StartEnrolment result={result} busy={busy} />
    </>
  );
}

function StartEnrolment({ result, busy }: { result?: SecondFactorResult; busy: boolean }) {
  const own = result?.intent === 'totp-enrol' ? result : undefined;
  return (
    <>
      <p>
        Sign-in asks for a code from an authenticator app on your phone (such as Google
        Authenticator, Microsoft Authenticator, 1Password or Aegis) after your password.
      </p>
      <ErrorAlert message={own?.message} />
      <Form method="post" action={ACCOUNT_FORM_PATHS.secondFactor} noValidate>
        <IntentField forms={FORMS} value="totp-enrol" />
        <PasswordField
          id="totp-enrol-password"
          field={TOTP_ENROL_FIELDS.password}
          label="Your password"
          error={own?.errors?.password}
        />
        <Button type="submit" variant="primary" disabled={busy}>
          Set up an authenticator app
        </Button>
      </Form>
    </>
  );
}

/** Groups of four, as authenticator apps print keys; they ignore the spaces. */
const readableKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function ConfirmEnrolment({
  enrolment,
  result,
  busy,
}: {
  enrolment: TotpEnrolment;
  result: SecondFactorResult;
  busy: boolean;
}) {
  return (
    <>
      <ol className="totp-steps">
        <li>
          Scan this QR code with your authenticator app:
          <img
            className="totp-qr d-block my-2"
            src={enrolment.qrCode}
            width={200}
            height={200}
            alt="QR code of your new authenticator key (the same key is written out below)"
          />
          Or type this key in: <code className="totp-secret">{readableKey(enrolment.secret)}</code>
        </li>
        <li>Enter the 6-digit code the app shows now.</li>
      </ol>
      <ErrorAlert message={result.intent === 'totp-confirm' ? result.message : undefined} />
      <Form method="post" action={ACCOUNT_FORM_PATHS.secondFactor} noValidate>
        <IntentField forms={FORMS} value="totp-confirm" />
        {/* Already on the page as the key: kept so a mistyped code shows the same QR code again. */}
        <input
          type="hidden"
          name={TOTP_CONFIRM_FIELDS.otpauthUrl.name}
          value={enrolment.otpauthUrl}
        />
        <FormField
          id="totp-confirm-code"
          {...TOTP_CONFIRM_FIELDS.code}
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
          error={result.intent === 'totp-confirm' ? result.errors?.code : undefined}
        />
        <Button type="submit" variant="primary" disabled={busy}>
          Turn on
        </Button>
      </Form>
    </>
  );
}

function FactorOn({
  left,
  result,
  busy,
}: {
  left: number;
  result?: SecondFactorResult;
  busy: boolean;
}) {
  const removal = result?.intent === 'totp-remove' ? result : undefined;
  return (
    <>
      <p>
        <span className="badge text-bg-success me-1">On</span> Sign-in asks for a code from your
        authenticator app.
      </p>
      <RecoveryCodesLeft left={left} result={result} busy={busy} />
      <h4 className="h6">Turn off</h4>
      <ErrorAlert message={removal?.message} />
      <Form method="post" action={ACCOUNT_FORM_PATHS.secondFactor} noValidate>
        <IntentField forms={FORMS} value="totp-remove" />
        <PasswordField
          id="totp-remove-password"
          field={TOTP_REMOVE_FIELDS.password}
          label="Your password"
          error={removal?.errors?.password}
        />
        <FormField
          id="totp-remove-code"
          {...TOTP_REMOVE_FIELDS.code}
          label="Code from your authenticator app (or a recovery code)"
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
          error={removal?.errors?.code}
        />
        <Button type="submit" variant="outline-danger" disabled={busy}>
          Turn off the second factor
        </Button>
      </Form>
    </>
  );
}

/** How many recovery codes are left, the warning when few are, and a new set. */
function RecoveryCodesLeft({
  left,
  result,
  busy,
}: {
  left: number;
  result?: SecondFactorResult;
  busy: boolean;
}) {
  const renew = result?.intent === 'recovery-codes' ? result : undefined;
  return (
    <>
      <p>
        You have {left} recovery {left === 1 ? 'code' : 'codes'} left.
      </p>
      {left <= RECOVERY_CODES_LOW ? (
        <Alert variant="warning" role="status">
          {left === 0 ? 'No recovery codes are left.' : `Only ${left} recovery codes are left.`} Get
          a new set before you run out: without your second factor, they are your way back in.
        </Alert>
      ) : null}
      <ErrorAlert message={renew?.message} />
      <Form method="post" action={ACCOUNT_FORM_PATHS.secondFactor} className="mb-4">
        <IntentField forms={FORMS} value="recovery-codes" />
        <ReauthFields ask={renew?.reauth} idPrefix="recovery-codes" />
        <Button type="submit" variant="outline-secondary" disabled={busy}>
          New recovery codes
        </Button>
      </Form>
    </>
  );
}
