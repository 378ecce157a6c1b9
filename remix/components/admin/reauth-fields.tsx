import { useCallback, useRef } from 'react';
import { Button } from 'react-bootstrap';

import { REAUTH_WINDOW_MINUTES } from '@contract';
import { PASSKEY_OPTIONS_PATH } from '~/config/paths';

import { FormField } from '../forms/form-field';
import { intentForm } from '../forms/intent-field';
import { PasswordField } from '../forms/password-field';

import { ErrorAlert } from './page-parts';
import { PASSKEY_CHALLENGE_FORMS } from './passkeys/challenge-schema';
import { NeedsJavaScript } from './passkeys/needs-javascript';
import { usePasskeyCeremony } from './passkeys/use-passkey-ceremony';
import { REAUTH_FIELDS } from './reauth-schema';

/** A security change the API refused until a factor is checked again: what the form asks for. */
export interface ReauthAsk {
  /** The admin has a second factor: a code is asked beside the password. */
  withCode: boolean;
  /** The admin has a passkey: it may confirm instead of the password and code. */
  withPasskey?: boolean;
  /** The admin has TOTP (else the code is a recovery code). */
  withTotp?: boolean;
  passwordError?: string;
  codeError?: string;
  message?: string;
}

/**
 * Asked in place when the API wants a factor checked again before a security change: the form's
 * other fields stay as they were (with JavaScript they keep what was typed), and sending it again
 * confirms and then makes the change. `ownPassword`: the form already has the password field.
 */
export function ReauthFields({
  ask,
  idPrefix,
  ownPassword = false,
}: {
  ask: ReauthAsk | undefined;
  idPrefix: string;
  ownPassword?: boolean;
}) {
  if (!ask) return null;
  const totp = ask.withTotp ?? true;
  const codeName = totp ? 'a code from your authenticator app' : 'one of your recovery codes';
  const needs = ownPassword
    ? codeName
    : ask.withCode
      ? `your password and ${codeName}`
      : 'your password';
  return (
    <fieldset className="reauth-fields border border-warning rounded p-3 mb-3">
      <legend className="h6 float-none w-auto px-1 mb-1">Confirm it is you</legend>
      <p className="small">
        This change needs {needs}, checked in the last {REAUTH_WINDOW_MINUTES} minutes. Enter{' '}
        {ownPassword || !ask.withCode ? 'it' : 'them'} and send the form again.
      </p>
      <ErrorAlert message={ask.message} />
      <input type="hidden" name={REAUTH_FIELDS.reauth.name} value="1" />
      {ask.withCode ? (
        <input type="hidden" name={REAUTH_FIELDS.reauthWithCode.name} value="1" />
      ) : null}
      {totp ? null : <input type="hidden" name={REAUTH_FIELDS.reauthWithTotp.name} value="0" />}
      {ask.withPasskey ? (
        <input type="hidden" name={REAUTH_FIELDS.reauthWithPasskey.name} value="1" />
      ) : null}
      {ownPassword ? null : (
        <PasswordField
          id={`${idPrefix}-reauth-password`}
          field={REAUTH_FIELDS.reauthPassword}
          label="Your password"
          error={ask.passwordError}
        />
      )}
      {ask.withCode ? (
        <FormField
          id={`${idPrefix}-reauth-code`}
          {...REAUTH_FIELDS.reauthCode}
          label={totp ? 'Code from your authenticator app (or a recovery code)' : 'Recovery code'}
          autoComplete={totp ? 'one-time-code' : 'off'}
          inputMode={totp ? 'numeric' : 'text'}
          spellCheck={false}
          error={ask.codeError}
        />
      ) : null}
      {ask.withPasskey ? <PasskeyInstead /> : null}
    </fieldset>
  );
}

/**
 * Confirms with a passkey instead: the ceremony's answer goes into the form, which is then sent as
 * it is, so the change it was about is made right after. Needs JavaScript; the page says so.
 */
function PasskeyInstead() {
  const answerField = useRef<HTMLInputElement>(null);
  const onAnswer = useCallback((answer: string) => {
    const field = answerField.current;
    if (!field?.form) return;
    field.value = answer;
    // The password and code are not needed with a passkey: the form goes as it is, through its
    // own submit handler (a page may send it its own way).
    field.form.noValidate = true;
    field.form.requestSubmit();
    // The submit handlers read it as it went: a later send with the password goes without it.
    field.value = '';
  }, []);
  const ceremony = usePasskeyCeremony('get', onAnswer);
  return (
    <div className="mt-2">
      <input
        ref={answerField}
        type="hidden"
        name={REAUTH_FIELDS.reauthPasskey.name}
        defaultValue=""
      />
      <ErrorAlert message={ceremony.problem} />
      <Button
        type="button"
        variant="outline-secondary"
        size="sm"
        disabled={!ceremony.ready || ceremony.busy}
        onClick={() =>
          ceremony.start(intentForm(PASSKEY_CHALLENGE_FORMS, 'reauth'), PASSKEY_OPTIONS_PATH)
        }
      >
        Use a passkey instead
      </Button>
      <NeedsJavaScript>
        <p className="small mb-0 mt-1">Passkeys need JavaScript: turn it on to use one here.</p>
      </NeedsJavaScript>
    </div>
  );
}
