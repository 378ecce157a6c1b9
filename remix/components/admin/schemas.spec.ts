import { FIELD_LIMITS, htmlMaxLength, MFA_FIELD_MAX } from '@contract';
import { readForm, readIntentForm } from '~/components/forms/read-form';

import { formOf } from '../../../test/support/form-data';

import { ADD_ADMIN_FIELDS, ADMINS_FORMS } from './admins-schema';
import { PRIVACY_FORMS } from './privacy-schema';
import { REAUTH_FIELDS, reauthSchema } from './reauth-schema';
import { SETTINGS_FORMS, TARGET_MESSAGE } from './settings-schema';
import { CODE_STEP_SCHEMA, PASSWORD_STEP_FIELDS, SIGN_IN_FORMS } from './sign-in-schema';
import { UNMATCHED_FORMS } from './unmatched-schema';

const ID = 'f'.repeat(24);

describe('the admin area’s forms', () => {
  it('signs in with the address trimmed and the password as typed', () => {
    expect(
      readIntentForm(
        formOf({ intent: 'sign-in', email: ' ada@example.com ', password: ' 🔑 pass ' }),
        SIGN_IN_FORMS,
      ),
    ).toEqual({
      intent: 'sign-in',
      ok: true,
      value: { email: 'ada@example.com', password: ' 🔑 pass ' },
    });
    expect(readIntentForm(formOf({ intent: 'sign-in' }), SIGN_IN_FORMS)).toMatchObject({
      ok: true,
      value: { email: '', password: '' },
    });
    const long = 'p'.repeat(htmlMaxLength(FIELD_LIMITS.password) + 1);
    expect(
      readIntentForm(formOf({ intent: 'sign-in', email: 'a', password: long }), SIGN_IN_FORMS),
    ).toMatchObject({ ok: false });
    expect(PASSWORD_STEP_FIELDS.email.maxLength).toBe(htmlMaxLength(FIELD_LIMITS.email));
  });

  it('reads the code step: the methods it offers, a code or a passkey’s answer', () => {
    expect(
      readIntentForm(
        formOf({
          intent: 'mfa-verify',
          email: ' ada@example.com ',
          methods: 'passkey,fax,totp',
          recovery: '1',
          code: '123456',
          passkey: '{"id":"k"}',
        }),
        SIGN_IN_FORMS,
      ),
    ).toEqual({
      intent: 'mfa-verify',
      ok: true,
      value: {
        email: 'ada@example.com',
        methods: ['passkey', 'totp'],
        recovery: true,
        code: '123456',
        passkey: { id: 'k' },
      },
    });
    // The step is shown again whatever its carried fields hold.
    expect(readForm(formOf({ methods: 'fax', email: 'x'.repeat(600) }), CODE_STEP_SCHEMA)).toEqual({
      ok: true,
      value: { email: '', methods: undefined, recovery: false },
    });
    expect(
      readIntentForm(
        formOf({ intent: 'mfa-verify', code: '1'.repeat(MFA_FIELD_MAX + 1) }),
        SIGN_IN_FORMS,
      ),
    ).toEqual({
      intent: 'mfa-verify',
      ok: false,
      errors: { code: [`Code must be at most ${MFA_FIELD_MAX} characters`] },
    });
  });

  it('reads the reauthentication asked in place, and what was asked', () => {
    expect(readForm(formOf({}), reauthSchema)).toEqual({
      ok: true,
      value: {
        reauth: false,
        reauthWithCode: false,
        reauthWithTotp: true,
        reauthWithPasskey: false,
        reauthPassword: '',
        reauthCode: '',
        reauthPasskey: null,
      },
    });
    expect(
      readForm(
        formOf({
          reauth: '1',
          reauthWithCode: '1',
          reauthWithTotp: '0',
          reauthPassword: 'pw',
          reauthCode: ' abcd-efgh ',
        }),
        reauthSchema,
      ),
    ).toMatchObject({
      value: { reauth: true, reauthWithTotp: false, reauthCode: 'abcd-efgh' },
    });
    expect(REAUTH_FIELDS.reauthPassword).toEqual({
      name: 'reauthPassword',
      required: true,
      maxLength: htmlMaxLength(FIELD_LIMITS.password),
    });
  });

  it('adds an admin (the API judges both fields) and removes one by id', () => {
    expect(
      readIntentForm(
        formOf({ intent: 'add', email: ' b@example.com ', password: 'x' }),
        ADMINS_FORMS,
      ),
    ).toEqual({
      intent: 'add',
      ok: true,
      value: { email: 'b@example.com', password: 'x', role: 'viewer' },
    });
    expect(ADD_ADMIN_FIELDS.password.maxLength).toBe(htmlMaxLength(FIELD_LIMITS.password));
    expect(
      readIntentForm(formOf({ intent: 'remove', id: ID, email: 'b@example.com' }), ADMINS_FORMS),
    ).toMatchObject({ ok: true, value: { id: ID } });
    for (const id of ['', 'nope', `${ID}0`])
      expect(readIntentForm(formOf({ intent: 'remove', id }), ADMINS_FORMS)).toEqual({
        intent: 'remove',
        ok: false,
        errors: { id: ['Unknown admin.'] },
      });
  });

  it('reads response targets in minutes, each kind refused on its own', () => {
    const targets = {
      intent: 'targets',
      'contactUs-amount': '24',
      'contactUs-unit': 'hours',
      'keDemo-amount': ' 90 ',
      'keDemo-unit': 'minutes',
      'brokerDemo-amount': '0',
      'brokerDemo-unit': 'hours',
      'consultation-amount': '1.5',
      'consultation-unit': 'hours',
    };
    expect(readIntentForm(formOf(targets), SETTINGS_FORMS)).toEqual({
      intent: 'targets',
      ok: false,
      errors: { brokerDemo: [TARGET_MESSAGE], consultation: [TARGET_MESSAGE] },
    });
    expect(
      readIntentForm(
        formOf({
          ...targets,
          'brokerDemo-amount': '4',
          'consultation-amount': '720',
          'consultation-unit': 'hours',
        }),
        SETTINGS_FORMS,
      ),
    ).toEqual({
      intent: 'targets',
      ok: true,
      value: { contactUs: 1440, keDemo: 90, brokerDemo: 240, consultation: 43_200 },
    });
    expect(
      readIntentForm(
        formOf({ intent: 'template', kind: 'boats', subject: 's', text: 't' }),
        SETTINGS_FORMS,
      ),
    ).toEqual({ intent: 'template', ok: false, errors: { kind: ['Unknown kind.'] } });
  });

  it('erases only what the confirmation names', () => {
    expect(
      readIntentForm(
        formOf({ intent: 'erase', email: ' a@example.com ', confirmed: '1' }),
        PRIVACY_FORMS,
      ),
    ).toEqual({ intent: 'erase', ok: true, value: { email: 'a@example.com', confirmed: true } });
    expect(readIntentForm(formOf({ intent: 'erase', email: ' ' }), PRIVACY_FORMS)).toMatchObject({
      ok: false,
    });
  });

  it('attaches an unmatched email to a lead chosen as kind:id, or deletes it', () => {
    const id = 'a'.repeat(32);
    expect(
      readIntentForm(formOf({ intent: 'attach', id, lead: `keDemo:${ID}` }), UNMATCHED_FORMS),
    ).toEqual({ intent: 'attach', ok: true, value: { id, lead: { kind: 'keDemo', leadId: ID } } });
    for (const lead of ['', `nope:${ID}`, 'keDemo:123', `keDemo:${ID}:x`])
      expect(readIntentForm(formOf({ intent: 'attach', id, lead }), UNMATCHED_FORMS)).toMatchObject(
        { ok: false, errors: { lead: ['Choose the lead to attach it to.'] } },
      );
    expect(readIntentForm(formOf({ intent: 'delete', id: '../x' }), UNMATCHED_FORMS)).toMatchObject(
      { ok: false, errors: { id: ['No such email.'] } },
    );
    expect(readIntentForm(formOf({ intent: 'delete', id }), UNMATCHED_FORMS)).toEqual({
      intent: 'delete',
      ok: true,
      value: { id },
    });
  });
});
