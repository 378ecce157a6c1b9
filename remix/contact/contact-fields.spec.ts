import { CONTACT_FIELDS, REQUIRED_MESSAGE, validateContact } from './contact-fields';

describe('validateContact', () => {
  it('requires each of the four fields and nothing more', () => {
    expect(validateContact({ name: '', email: 'x', subject: ' ', message: '\n' })).toEqual({
      name: REQUIRED_MESSAGE,
      subject: REQUIRED_MESSAGE,
      message: REQUIRED_MESSAGE,
    });
    expect(
      validateContact({ name: 'a', email: 'not an email', subject: 'b', message: 'c' }),
    ).toEqual({});
    expect(CONTACT_FIELDS).toEqual(['name', 'email', 'subject', 'message']);
  });
});
