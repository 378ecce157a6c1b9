import { Form } from '@remix-run/react';
import { type FormEvent, useCallback, useRef } from 'react';
import { Alert, Button } from 'react-bootstrap';

import { type PasskeySummary } from '@contract';
import { FormField } from '~/components/forms/form-field';
import { IntentField } from '~/components/forms/intent-field';
import { PasswordField } from '~/components/forms/password-field';
import { ACCOUNT_FORM_PATHS } from '~/config/paths';

import { ErrorAlert } from '../page-parts';
import { NeedsJavaScript } from '../passkeys/needs-javascript';
import { usePasskeyCeremony } from '../passkeys/use-passkey-ceremony';
import { type ReauthAsk, ReauthFields } from '../reauth-fields';
import { RelativeTime } from '../relative-time';

import {
  PASSKEY_ADD_FIELDS,
  PASSKEY_FORMS as FORMS,
  PASSKEY_OPTIONS_FIELDS,
  PASSKEY_RENAME_FIELDS,
  type PasskeyIntent,
} from './passkeys-schema';

const ACTION = ACCOUNT_FORM_PATHS.passkeys;

/** What the passkeys' forms answered (their own route's action). */
export interface PasskeysResult {
  intent: PasskeyIntent;
  /** The passkey a rename or removal was about. */
  id?: string;
  errors?: Partial<Record<'name' | 'password', string>>;
  message?: string;
  reauth?: ReauthAsk;
  passkeyOptions?: Record<string, unknown>;
  /** With the admin's first factor: a new set of recovery codes, shown once. */
  recoveryCodes?: string[];
}

/**
 * The Account page's passkeys: the list with a rename and a remove form each (plain forms, which
 * work without JavaScript), and adding one, whose ceremony needs JavaScript (the page says so).
 */
export function Passkeys({
  passkeys,
  needsPassword,
  result,
  busy,
}: {
  passkeys: PasskeySummary[];
  /** No second factor yet: adding the first asks for the password. */
  needsPassword: boolean;
  result: PasskeysResult | undefined;
  busy: boolean;
}) {
  return (
    <>
      <p>
        A passkey signs you in with your device’s screen lock (fingerprint, face or PIN) or a
        security key, instead of a code. It works only on this site, so it cannot be phished.
      </p>
      <NeedsJavaScript>
        <Alert variant="info">
          Passkeys need JavaScript: turn it on to add a passkey or to sign in with one. Renaming and
          removing work without it.
        </Alert>
      </NeedsJavaScript>
      {passkeys.length === 0 ? (
        <p>You have no passkey yet.</p>
      ) : (
        <ul className="list-unstyled passkey-list" aria-label="Your passkeys">
          {passkeys.map((passkey, index) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              index={index}
              result={result?.id === passkey.id ? result : undefined}
              busy={busy}
            />
          ))}
        </ul>
      )}
      <h4 className="h6 mt-3">Add a passkey</h4>
      <AddPasskey needsPassword={needsPassword} result={result} busy={busy} />
    </>
  );
}

function PasskeyItem({
  passkey,
  index,
  result,
  busy,
}: {
  passkey: PasskeySummary;
  index: number;
  result: PasskeysResult | undefined;
  busy: boolean;
}) {
  const rename = result?.intent === 'passkey-rename' ? result : undefined;
  const removal = result?.intent === 'passkey-remove' ? result : undefined;
  return (
    <li className="passkey-list__item border rounded p-3 mb-2">
      <p className="mb-2">
        <strong className="text-break">{passkey.name}</strong>
        <span className="d-block small text-body-secondary">
          Added <RelativeTime iso={passkey.createdAt} />, last used{' '}
          {passkey.lastUsedAt ? <RelativeTime iso={passkey.lastUsedAt} /> : 'never'}
        </span>
      </p>
      <ErrorAlert message={rename?.message ?? removal?.message} />
      <Form method="post" action={ACTION} noValidate className="passkey-list__rename">
        <IntentField forms={FORMS} value="passkey-rename" />
        <input type="hidden" name={PASSKEY_RENAME_FIELDS.id.name} value={passkey.id} />
        <FormField
          id={`passkey-name-${index}`}
          {...PASSKEY_RENAME_FIELDS.name}
          label={`New name for ${passkey.name}`}
          defaultValue={passkey.name}
          error={rename?.errors?.name}
        />
        <Button type="submit" variant="outline-secondary" size="sm" disabled={busy}>
          Rename<span className="visually-hidden"> {passkey.name}</span>
        </Button>
      </Form>
      <Form method="post" action={ACTION} noValidate className="mt-2">
        <IntentField forms={FORMS} value="passkey-remove" />
        <input type="hidden" name={PASSKEY_RENAME_FIELDS.id.name} value={passkey.id} />
        <ReauthFields ask={removal?.reauth} idPrefix={`passkey-remove-${index}`} />
        <Button type="submit" variant="outline-danger" size="sm" disabled={busy}>
          Remove<span className="visually-hidden"> {passkey.name}</span>
        </Button>
      </Form>
    </li>
  );
}

/**
 * A name (and the password for a first factor) asks the API for the ceremony's options; the
 * browser then makes the passkey, and its answer is sent with the name.
 */
function AddPasskey({
  needsPassword,
  result,
  busy,
}: {
  needsPassword: boolean;
  result: PasskeysResult | undefined;
  busy: boolean;
}) {
  const form = useRef<HTMLFormElement>(null);
  const added = useRef<HTMLFormElement>(null);
  const onAnswer = useCallback((answer: string) => {
    const target = added.current;
    const name = form.current?.elements.namedItem(PASSKEY_OPTIONS_FIELDS.name.name);
    if (!target) return;
    (target.elements.namedItem(PASSKEY_ADD_FIELDS.name.name) as HTMLInputElement).value =
      name instanceof HTMLInputElement ? name.value : '';
    (target.elements.namedItem(PASSKEY_ADD_FIELDS.response.name) as HTMLInputElement).value =
      answer;
    target.requestSubmit();
  }, []);
  const ceremony = usePasskeyCeremony<PasskeysResult>('create', onAnswer);
  const asked = ceremony.answer;
  const own = result?.intent === 'passkey-add' ? result : undefined;
  const errors = { ...asked?.errors, ...own?.errors };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    ceremony.start(new FormData(event.currentTarget), ACTION);
  };
  return (
    <>
      <ErrorAlert message={ceremony.problem ?? own?.message} />
      <form ref={form} method="post" action={ACTION} noValidate onSubmit={onSubmit}>
        <IntentField forms={FORMS} value="passkey-options" />
        <FormField
          id="passkey-add-name"
          {...PASSKEY_OPTIONS_FIELDS.name}
          label="Name of the new passkey"
          hint="Such as the device or security key it is on, to tell your passkeys apart."
          error={errors.name}
        />
        {needsPassword ? (
          // Absent once the admin has a factor; asked (so required) before the first.
          <PasswordField
            id="passkey-add-password"
            field={PASSKEY_OPTIONS_FIELDS.password}
            required
            label="Your password"
            error={errors.password}
          />
        ) : null}
        <ReauthFields ask={asked?.reauth} idPrefix="passkey-add" />
        <Button type="submit" variant="primary" disabled={!ceremony.ready || busy || ceremony.busy}>
          Add a passkey
        </Button>
      </form>
      {/* The ceremony's answer goes to the page's action as a form post, as everything else. */}
      <Form ref={added} method="post" action={ACTION} hidden>
        <IntentField forms={FORMS} value="passkey-add" />
        <input type="hidden" name={PASSKEY_ADD_FIELDS.name.name} defaultValue="" />
        <input type="hidden" name={PASSKEY_ADD_FIELDS.response.name} defaultValue="" />
      </Form>
    </>
  );
}
