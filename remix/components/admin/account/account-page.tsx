import { Form } from '@remix-run/react';
import { Alert, Button } from 'react-bootstrap';

import {
  type AvailabilityResponse,
  leadAccessSummary,
  type MfaStatusResponse,
  type PasskeySummary,
  type SessionSummary,
} from '@contract';
import { IntentField } from '~/components/forms/intent-field';
import { ACCOUNT_FORM_PATHS } from '~/config/paths';
import { useMe } from '~/hooks/use-me';

import { CardSection, ErrorAlert, useBusy } from '../page-parts';

import { Availability, type AvailabilityResult } from './availability';
import { AVAILABILITY_FORMS } from './availability-schema';
import { ChangePassword, type PasswordResult } from './change-password';
import { Passkeys, type PasskeysResult } from './passkeys';
import { PASSKEY_FORMS } from './passkeys-schema';
import { SecondFactor, type SecondFactorResult } from './second-factor';
import { SECOND_FACTOR_FORMS } from './second-factor-schema';
import { SessionsList } from './sessions-list';
import { SESSION_FORMS } from './sessions-schema';
import { TimeZoneForm, type TimeZoneResult } from './time-zone-form';
import { TIME_ZONE_FORMS } from './time-zone-schema';

/** What the Account page shows (its layout route's loader): null for what a gate holds back. */
export interface AccountView {
  mustChangePassword: boolean;
  mfaSetupRequired: boolean;
  notice: { text: string; variant: 'warning' | 'success' } | null;
  mfa: Pick<MfaStatusResponse, 'totp' | 'passkeys' | 'recoveryCodesLeft'> | null;
  passkeys: PasskeySummary[] | null;
  sessions: SessionSummary[] | null;
  /** Whether the assignment rules skip you (null: not read, or held back by a gate). */
  availability: AvailabilityResponse['availability'] | null;
  /** The zone the admin chose (null: the browser's), and the browser's as it last said. */
  timeZone: { chosen: string | null; browser: string };
}

/** What the sessions' forms answered, when they did not go through. */
export interface SessionsResult {
  intent: 'end-session' | 'sign-out-everywhere';
  message?: string;
}

/** The answer of whichever of the page's forms was posted (each to a route of its own). */
export type AccountResult =
  | PasswordResult
  | SecondFactorResult
  | PasskeysResult
  | SessionsResult
  | AvailabilityResult
  | TimeZoneResult;

/** The answer when it is one of `forms`' (a route's schemas by intent). */
const answerOf = <R extends AccountResult>(result: AccountResult | undefined, forms: object) =>
  result && Object.hasOwn(forms, result.intent) ? (result as R) : undefined;

/**
 * The Account page: second factor, passkeys, password and sessions, each a card whose forms post
 * to their own route. Every route of the page renders it, with its own form's answer.
 */
export function AccountPage({ view, result }: { view: AccountView; result?: AccountResult }) {
  const { mustChangePassword, mfaSetupRequired, notice, mfa, passkeys, sessions, availability } =
    view;
  const busy = useBusy();
  const passkeysResult = answerOf<PasskeysResult>(result, PASSKEY_FORMS);
  const sessionsResult = answerOf<SessionsResult>(result, SESSION_FORMS);
  const timeZoneResult = answerOf<TimeZoneResult>(result, TIME_ZONE_FORMS);

  return (
    <>
      <h2 className="h4 mb-3">Account</h2>
      <OwnRole />
      {notice ? (
        <Alert variant={notice.variant} role="status">
          {notice.text}
        </Alert>
      ) : null}
      <div className="row g-4">
        <CardSection id="second-factor-heading" title="Second factor" className="col-12 col-lg-6">
          {mfa ? (
            <SecondFactor
              status={mfa}
              result={answerOf<SecondFactorResult>(result, SECOND_FACTOR_FORMS)}
              recoveryCodes={result && 'recoveryCodes' in result ? result.recoveryCodes : undefined}
              busy={busy}
            />
          ) : (
            <p className="mb-0">Change your password first; then set up a second factor.</p>
          )}
        </CardSection>
        <CardSection id="passkeys-heading" title="Passkeys" className="col-12 col-lg-6">
          {mfa && passkeys ? (
            <Passkeys
              passkeys={passkeys}
              needsPassword={!mfa.totp && mfa.passkeys === 0}
              result={passkeysResult}
              busy={busy}
            />
          ) : (
            <p className="mb-0">Change your password first; then add a passkey.</p>
          )}
        </CardSection>
        <CardSection
          id="change-password-heading"
          title="Change password"
          className="col-12 col-lg-6"
        >
          {mfaSetupRequired ? (
            <p className="mb-0">
              Set up your second factor first; then you can change your password.
            </p>
          ) : (
            <ChangePassword
              result={result?.intent === 'change-password' ? result : undefined}
              busy={busy}
            />
          )}
        </CardSection>
        <CardSection id="availability-heading" title="Availability" className="col-12 col-lg-6">
          {availability ? (
            <Availability
              availability={availability}
              result={answerOf<AvailabilityResult>(result, AVAILABILITY_FORMS)}
              busy={busy}
            />
          ) : (
            <p className="mb-0">Your availability could not be read.</p>
          )}
        </CardSection>
        <CardSection id="time-zone-heading" title="Time zone" className="col-12 col-lg-6">
          <ErrorAlert message={timeZoneResult?.message} />
          <TimeZoneForm
            chosen={view.timeZone.chosen}
            browser={view.timeZone.browser}
            result={timeZoneResult}
            busy={busy}
          />
        </CardSection>
        <CardSection id="sessions-heading" title="Sessions" className="col-12">
          {sessions ? (
            <>
              <ErrorAlert
                message={
                  sessionsResult?.intent === 'end-session' ? sessionsResult.message : undefined
                }
              />
              <SessionsList sessions={sessions} busy={busy} />
              <p>
                Signed in on another device, or left a session open somewhere? Sign it out above, or
                sign out everywhere: that ends every session of your account, this one included.
              </p>
              <ErrorAlert
                message={
                  sessionsResult?.intent === 'sign-out-everywhere'
                    ? sessionsResult.message
                    : undefined
                }
              />
              <Form method="post" action={ACCOUNT_FORM_PATHS.sessions}>
                <IntentField forms={SESSION_FORMS} value="sign-out-everywhere" />
                <Button type="submit" variant="outline-danger" disabled={busy}>
                  Sign out everywhere
                </Button>
              </Form>
            </>
          ) : (
            <p className="mb-0">
              {mustChangePassword
                ? 'Change your password first; then you can manage sessions.'
                : 'Set up your second factor first; then you can manage sessions.'}
            </p>
          )}
        </CardSection>
      </div>
    </>
  );
}

/** Who is signed in, their role and the leads they see, in plain words. */
function OwnRole() {
  const me = useMe();
  if (!me) return null;
  return (
    <p className="account-role">
      Signed in as {me.email}. Your role: <strong>{me.role}</strong>.
      {` You see ${leadAccessSummary(me.access, 'you')}.`}
    </p>
  );
}
