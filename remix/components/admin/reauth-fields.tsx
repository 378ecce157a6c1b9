import { FIELD_LIMITS, htmlMaxLength, MFA_FIELD_MAX, REAUTH_WINDOW_MINUTES } from '@contract';

import { FormField } from '../forms/form-field';

import { ErrorAlert } from './page-parts';

/** A security change the API refused until a factor is checked again: what the form asks for. */
export interface ReauthAsk {
  /** The admin has a second factor: a code is asked beside the password. */
  withCode: boolean;
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
  const needs = ownPassword
    ? 'a code from your authenticator app'
    : ask.withCode
      ? 'your password and a code from your authenticator app'
      : 'your password';
  return (
    <fieldset className="reauth-fields border border-warning rounded p-3 mb-3">
      <legend className="h6 float-none w-auto px-1 mb-1">Confirm it is you</legend>
      <p className="small">
        This change needs {needs}, checked in the last {REAUTH_WINDOW_MINUTES} minutes. Enter{' '}
        {ownPassword || !ask.withCode ? 'it' : 'them'} and send the form again.
      </p>
      <ErrorAlert message={ask.message} />
      <input type="hidden" name="reauth" value="1" />
      {ask.withCode ? <input type="hidden" name="reauthWithCode" value="1" /> : null}
      {ownPassword ? null : (
        <FormField
          id={`${idPrefix}-reauth-password`}
          name="reauthPassword"
          type="password"
          label="Your password"
          autoComplete="current-password"
          maxLength={htmlMaxLength(FIELD_LIMITS.password)}
          required
          error={ask.passwordError}
        />
      )}
      {ask.withCode ? (
        <FormField
          id={`${idPrefix}-reauth-code`}
          name="reauthCode"
          label="Code from your authenticator app (or a recovery code)"
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
          maxLength={MFA_FIELD_MAX}
          required
          error={ask.codeError}
        />
      ) : null}
    </fieldset>
  );
}
