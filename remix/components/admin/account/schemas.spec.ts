import { FIELD_LIMITS, htmlMaxLength, MFA_FIELD_MAX, PASSKEY_NAME_MAX } from '@contract';
import { readForm, readIntentForm } from '~/components/forms/read-form';

import { formOf } from '../../../../test/support/form-data';

import { PASSKEY_FORMS, PASSKEY_OPTIONS_FIELDS } from './passkeys-schema';
import { CHANGE_PASSWORD_FIELDS, changePasswordSchema } from './password-schema';
import { SECOND_FACTOR_FORMS, TOTP_REMOVE_FIELDS } from './second-factor-schema';
import { SESSION_FORMS } from './sessions-schema';

describe('the Account page’s forms', () => {
  it('changes a password: the repeat must match, the rest is the API’s to judge', () => {
    const posted = {
      currentPassword: ' old 🛥 ',
      newPassword: 'a new one',
      repeatPassword: 'a new one',
    };
    expect(readForm(formOf(posted), changePasswordSchema)).toEqual({ ok: true, value: posted });
    expect(
      readForm(formOf({ ...posted, repeatPassword: 'a new onE' }), changePasswordSchema),
    ).toEqual({ ok: false, errors: { repeatPassword: ['The two new passwords differ.'] } });
    // Missing fields are empty: the API says what an empty password is.
    expect(readForm(formOf({}), changePasswordSchema)).toEqual({
      ok: true,
      value: { currentPassword: '', newPassword: '', repeatPassword: '' },
    });
    // Longer than a browser sends: said on the field, as the API says it, and sent nowhere.
    const long = 'p'.repeat(htmlMaxLength(FIELD_LIMITS.password) + 1);
    expect(readForm(formOf({ ...posted, currentPassword: long }), changePasswordSchema)).toEqual({
      ok: false,
      errors: {
        currentPassword: [`Current password must be at most ${FIELD_LIMITS.password} characters`],
      },
    });
    expect(CHANGE_PASSWORD_FIELDS.newPassword).toEqual({
      name: 'newPassword',
      required: true,
      maxLength: htmlMaxLength(FIELD_LIMITS.password),
    });
  });

  it('names a passkey in at most 64 characters as the contract counts them, on one line', () => {
    const read = (name: string) =>
      readIntentForm(formOf({ intent: 'passkey-options', name }), PASSKEY_FORMS);
    const emoji = '🔑'.repeat(PASSKEY_NAME_MAX);
    expect(read(emoji)).toEqual({ intent: 'passkey-options', ok: true, value: { name: emoji } });
    const refused = (message: string) => ({
      intent: 'passkey-options',
      ok: false,
      errors: { name: [message] },
    });
    expect(read(`${emoji}🔑`)).toEqual(refused('The name may be at most 64 characters.'));
    expect(read('  ')).toEqual(refused('Enter a name for the passkey.'));
    expect(read('Key\nTwo')).toEqual(refused('The name must be on one line.'));
    const notText = 'The name holds a character that cannot be stored (NUL, or half an emoji).';
    expect(read('Key\u0000')).toEqual(refused(notText));
    // A lone surrogate arrives as U+FFFD from a form; given directly, the rule refuses it.
    const direct = PASSKEY_FORMS['passkey-options'].safeParse({ name: 'Key\udc00' });
    expect(direct.success ? null : direct.error.issues[0]?.message).toBe(notText);
    expect(emoji.length).toBeLessThanOrEqual(PASSKEY_OPTIONS_FIELDS.name.maxLength!);
    // The password is sent only when the form has it (before the admin's first factor).
    expect(
      readIntentForm(
        formOf({ intent: 'passkey-options', name: 'Key', password: '' }),
        PASSKEY_FORMS,
      ),
    ).toMatchObject({ value: { name: 'Key', password: '' } });
  });

  it('reads a passkey’s registration answer, a rename and a removal', () => {
    const read = (entries: Record<string, string>) =>
      readIntentForm(formOf(entries), PASSKEY_FORMS);
    expect(read({ intent: 'passkey-add', name: 'Key', response: '{"id":"abc"}' })).toEqual({
      intent: 'passkey-add',
      ok: true,
      value: { name: 'Key', response: { id: 'abc' } },
    });
    for (const response of ['', 'null', '[]', '{oops'])
      expect(read({ intent: 'passkey-add', name: 'Key', response })).toEqual({
        intent: 'passkey-add',
        ok: false,
        errors: { response: ['The passkey’s answer did not arrive: try again.'] },
      });
    expect(read({ intent: 'passkey-rename', id: 'a-B_9', name: 'New' })).toMatchObject({
      ok: true,
      value: { id: 'a-B_9', name: 'New' },
    });
    for (const id of ['', 'a/b', '../x', 'x'.repeat(1365)])
      expect(read({ intent: 'passkey-remove', id })).toEqual({
        intent: 'passkey-remove',
        ok: false,
        errors: { id: ['That passkey is not valid.'] },
      });
  });

  it('reads the second factor’s forms: codes trimmed and no longer than a code can be', () => {
    const read = (entries: Record<string, string>) =>
      readIntentForm(formOf(entries), SECOND_FACTOR_FORMS);
    expect(read({ intent: 'totp-remove', password: ' pw ', code: ' 123 456 ' })).toEqual({
      intent: 'totp-remove',
      ok: true,
      value: { password: ' pw ', code: '123 456' },
    });
    expect(read({ intent: 'totp-confirm', code: '1'.repeat(MFA_FIELD_MAX + 1) })).toEqual({
      intent: 'totp-confirm',
      ok: false,
      errors: { code: [`Code must be at most ${MFA_FIELD_MAX} characters`] },
    });
    // A pending secret's URL longer than one can be is none: the page says to start again.
    expect(
      read({ intent: 'totp-confirm', code: '1', otpauthUrl: `otpauth://totp/${'x'.repeat(2000)}` }),
    ).toMatchObject({ ok: true, value: { otpauthUrl: '' } });
    expect(read({ intent: 'recovery-codes' })).toEqual({
      intent: 'recovery-codes',
      ok: true,
      value: {},
    });
    expect(TOTP_REMOVE_FIELDS.code).toEqual({
      name: 'code',
      required: true,
      maxLength: MFA_FIELD_MAX,
    });
  });

  it('reads the sessions’ forms, and no form the page does not have', () => {
    const id = '123e4567-e89b-12d3-a456-426614174000';
    expect(readIntentForm(formOf({ intent: 'end-session', id }), SESSION_FORMS)).toEqual({
      intent: 'end-session',
      ok: true,
      value: { id },
    });
    expect(
      readIntentForm(formOf({ intent: 'end-session', id: 'x'.repeat(65) }), SESSION_FORMS),
    ).toMatchObject({ ok: false });
    expect(readIntentForm(formOf({ intent: 'totp-remove' }), SESSION_FORMS)).toBeNull();
  });
});
