import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { useCallback, useRef } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';

import { type MfaMethod } from '@contract';
import { FormField } from '~/components/forms/form-field';
import { IntentField, intentForm } from '~/components/forms/intent-field';
import { PasswordField } from '~/components/forms/password-field';
import { ADMIN_PATH, PASSKEY_OPTIONS_PATH } from '~/config/paths';

import { ErrorAlert } from './page-parts';
import { PASSKEY_CHALLENGE_FORMS } from './passkeys/challenge-schema';
import { NeedsJavaScript } from './passkeys/needs-javascript';
import { usePasskeyCeremony } from './passkeys/use-passkey-ceremony';
import {
  CODE_STEP_FIELDS as CODE,
  PASSWORD_STEP_FIELDS as PASSWORD,
  SIGN_IN_FORMS as FORMS,
} from './sign-in-schema';

export interface SignInResult {
  intent: 'sign-in';
  /** The password step, or the code step of an admin with a second factor. */
  step: 'password' | 'code';
  email: string;
  /** Above the form: a refusal of the whole step (wrong password, throttled, unavailable). */
  error?: string;
  /** On the code field: a wrong or malformed code. */
  codeError?: string;
  /** The code step asks for a recovery code (letters too) instead of the app's 6 digits. */
  recovery?: boolean;
  /** The code step: what the admin can finish with (the sign-in's `methods`). */
  methods?: MfaMethod[];
}

/** Spec section 2: 'Sign In', Email and Password fields with those placeholders, 'Submit'. */
export function SignInForm({ notice }: { notice: string | null }) {
  const result = useActionData<SignInResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData !== undefined;
  const error = result?.intent === 'sign-in' ? (result.error ?? null) : null;
  const codeStep = result?.intent === 'sign-in' && result.step === 'code' ? result : null;

  return (
    <main className="admin-sign-in">
      <Card className="admin-sign-in__card shadow-sm">
        <Card.Body>
          <h1 className="h3 mb-3">Sign In</h1>
          {notice && !result ? (
            <Alert variant="info" className="py-2">
              {notice}
            </Alert>
          ) : null}
          {error ? (
            <Alert variant="danger" className="py-2" role="alert">
              {error}
            </Alert>
          ) : null}
          {codeStep ? (
            <CodeStep result={codeStep} busy={busy} />
          ) : (
            <PasswordStep email={result?.email ?? ''} busy={busy} />
          )}
        </Card.Body>
      </Card>
    </main>
  );
}

function PasswordStep({ email, busy }: { email: string; busy: boolean }) {
  return (
    <Form method="post" replace>
      <IntentField forms={FORMS} value="sign-in" />
      <FormField
        id="admin-email"
        {...PASSWORD.email}
        type="email"
        label="Email"
        hideLabel
        placeholder="Email"
        autoComplete="username"
        defaultValue={email}
      />
      <PasswordField
        id="admin-password"
        field={PASSWORD.password}
        label="Password"
        hideLabel
        placeholder="Password"
      />
      <Button type="submit" variant="primary" className="w-100" disabled={busy}>
        Submit
      </Button>
    </Form>
  );
}

/**
 * The second step: the code only. The challenge's `mfaToken` is in an httpOnly cookie, not in this
 * form (see mfa-challenge.server.ts); the email rides along only to say who is signing in.
 */
function CodeStep({ result, busy }: { result: SignInResult; busy: boolean }) {
  const methods = result.methods ?? ['totp', 'recovery-code'];
  // Without an authenticator app, the code is a recovery code.
  const recovery = result.recovery === true || !methods.includes('totp');
  const methodsField = <input type="hidden" name={CODE.methods.name} value={methods.join(',')} />;
  const emailField = <input type="hidden" name={CODE.email.name} value={result.email} />;
  return (
    <>
      <p>
        Signing in as <strong className="text-break">{result.email}</strong>.{' '}
        {methods.includes('passkey') ? 'Use your passkey, or enter a code. ' : ''}
        {recovery
          ? 'Enter one of your recovery codes. Each works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      {methods.includes('passkey') ? <UsePasskey email={result.email} methods={methods} /> : null}
      <Form method="post" replace noValidate>
        <IntentField forms={FORMS} value="mfa-verify" />
        {emailField}
        {methodsField}
        {recovery ? <input type="hidden" name={CODE.recovery.name} value="1" /> : null}
        <FormField
          key={recovery ? 'recovery' : 'totp'}
          id="admin-code"
          {...CODE.code}
          label={recovery ? 'Recovery code' : 'Code'}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoCapitalize={recovery ? 'characters' : undefined}
          spellCheck={false}
          error={result.codeError}
        />
        <Button type="submit" variant="primary" className="w-100" disabled={busy}>
          Verify
        </Button>
      </Form>
      <div className="d-flex justify-content-between align-items-center mt-3">
        {recovery ? null : (
          <Form method="post" replace>
            <IntentField forms={FORMS} value="mfa-recovery" />
            {emailField}
            {methodsField}
            <Button type="submit" variant="link" className="p-0" disabled={busy}>
              Use a recovery code
            </Button>
          </Form>
        )}
        <Link to={ADMIN_PATH} reloadDocument>
          Start over
        </Link>
      </div>
    </>
  );
}

/**
 * "Use a passkey": the ceremony's options for this sign-in (its mfaToken stays in the httpOnly
 * cookie), the browser's ceremony, then its answer posted as the code step's form would be.
 */
function UsePasskey({ email, methods }: { email: string; methods: MfaMethod[] }) {
  const form = useRef<HTMLFormElement>(null);
  const onAnswer = useCallback((answer: string) => {
    const target = form.current;
    if (!target) return;
    (target.elements.namedItem(CODE.passkey.name) as HTMLInputElement).value = answer;
    target.requestSubmit();
  }, []);
  const ceremony = usePasskeyCeremony('get', onAnswer);
  const start = () =>
    ceremony.start(intentForm(PASSKEY_CHALLENGE_FORMS, 'sign-in'), PASSKEY_OPTIONS_PATH);
  return (
    <div className="mb-3">
      <ErrorAlert message={ceremony.problem} />
      <Button
        type="button"
        variant="primary"
        className="w-100"
        disabled={!ceremony.ready || ceremony.busy}
        onClick={start}
      >
        Use a passkey
      </Button>
      <NeedsJavaScript>
        <p className="small mt-1 mb-0">Passkeys need JavaScript: turn it on to use one.</p>
      </NeedsJavaScript>
      <Form ref={form} method="post" replace hidden>
        <IntentField forms={FORMS} value="mfa-verify" />
        <input type="hidden" name={CODE.email.name} value={email} />
        <input type="hidden" name={CODE.methods.name} value={methods.join(',')} />
        <input type="hidden" name={CODE.passkey.name} defaultValue="" />
      </Form>
    </div>
  );
}
