import { FIELD_LIMITS, htmlMaxLength } from '@contract';
import { readForm } from '~/components/forms/read-form';

import { formOf } from '../../test/support/form-data';

import { CONTACT_FIELDS, readContact, REQUIRED_MESSAGE, validateContact } from './contact-fields';
import { contactSchema, contactValuesSchema } from './contact-schema';

const complete = { name: 'Ada', email: 'ada@example.com', subject: 'Boats', message: 'Hello' };

describe('the contact form’s schema', () => {
  it('reads a complete form as the lead the API is sent, trimmed', () => {
    const form = formOf({
      name: ' Ada ',
      email: ' ada@example.com',
      subject: '🛥 ',
      message: '\nHi',
    });
    expect(readForm(form, contactSchema)).toEqual({
      ok: true,
      value: {
        lead: { name: 'Ada', email: 'ada@example.com', subject: '🛥', message: 'Hi' },
        source: {},
      },
    });
  });

  it('says the spec’s message under each empty or missing field, and nothing else', () => {
    expect(readForm(formOf({ name: ' ', subject: 'x', message: '\t' }), contactSchema)).toEqual({
      ok: false,
      errors: { name: [REQUIRED_MESSAGE], email: [REQUIRED_MESSAGE], message: [REQUIRED_MESSAGE] },
    });
  });

  it('applies the rule the page’s script applies, on the same forms', () => {
    const cases = [
      complete,
      {},
      { name: ' ', email: '\n', subject: '\u00a0', message: '\ufeff' },
      { name: '🛥', email: 'not an address', subject: '\u0000', message: 'a\ud800' },
      { ...complete, subject: '' },
    ];
    for (const entries of cases) {
      const read = readForm(formOf(entries), contactSchema);
      const inPage = validateContact(readContact(formOf(entries)));
      const onServer = read.ok ? {} : read.errors;
      for (const field of CONTACT_FIELDS)
        expect([field, onServer[field]?.[0]]).toEqual([field, inPage[field]]);
    }
  });

  it('passes what the API judges on as typed: emoji, NUL, a bad address', () => {
    const typed = {
      name: '🛥'.repeat(FIELD_LIMITS.name),
      email: 'not an address',
      subject: 'a\u0000',
      message: 'b\ud83d\udea4',
    };
    expect(readForm(formOf(typed), contactSchema)).toMatchObject({
      ok: true,
      value: { lead: typed },
    });
  });

  it('refuses a field longer than its form lets a browser send, in the API’s words', () => {
    const long = 'm'.repeat(htmlMaxLength(FIELD_LIMITS.message) + 1);
    expect(readForm(formOf({ ...complete, message: long }), contactSchema)).toEqual({
      ok: false,
      errors: { message: [`Message can be at most ${FIELD_LIMITS.message} characters.`] },
    });
  });

  it('passes the honeypot, the proof and the visit’s first touch on, cleaned', () => {
    const form = formOf({
      ...complete,
      website: 'http://spam.example',
      altcha: 'proof',
      utm_source: ' news\u0007letter ',
      referrer: 'https://Search.Example/q?who=ada',
      landingPath: 'not a path',
    });
    expect(readForm(form, contactSchema)).toEqual({
      ok: true,
      value: {
        lead: { ...complete, website: 'http://spam.example', altcha: 'proof' },
        source: { utm_source: 'newsletter', referrer: 'search.example' },
      },
    });
  });

  it('keeps what was posted, whatever it is, to show the form again', () => {
    const form = formOf({ name: ' Ada ', subject: '\u0000' });
    form.append('email', new Blob(['a file']));
    expect(readForm(form, contactValuesSchema)).toEqual({
      ok: true,
      value: { name: ' Ada ', email: '', subject: '\u0000', message: '' },
    });
  });
});
