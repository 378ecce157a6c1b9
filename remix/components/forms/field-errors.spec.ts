import { fieldErrors, humanErrors, humanFieldError, refusalWords } from './field-errors';

describe("the API's per-field messages in a person's words", () => {
  it.each([
    ['subject', 'subject should not be empty', 'Subject', 'Please enter the subject.'],
    [
      'email',
      'email must be an email address',
      'Email',
      'Please enter an email address such as name@example.com.',
    ],
    [
      'subject',
      'subject must be at most 200 characters',
      'Subject',
      'Subject can be at most 200 characters.',
    ],
    [
      'subject',
      'subject must be one line (no CR or LF)',
      'Subject',
      'Subject must be on one line.',
    ],
    [
      'text',
      'text must not contain NUL characters',
      'Message',
      'Message has characters that cannot be stored. Please type it again.',
    ],
    [
      'name',
      'name must be a string',
      'Name',
      'Name has characters that cannot be stored. Please type it again.',
    ],
    ['newPassword', 'newPassword is too common', 'New password', 'New password is too common'],
    ['code', 'Enter the code.', 'Code', 'Enter the code.'],
  ])('%s: %j', (field, message, label, said) => {
    expect(humanFieldError(field, message, label)).toBe(said);
  });

  it('never shows a wire name or a rule as the API words it', () => {
    const said = fieldErrors(
      {
        email: ['email must be an email address'],
        subject: ['subject should not be empty'],
        phone_number: ['phone_number must be a string'],
      },
      { email: 'Email', subject: 'Subject', phone_number: 'Phone' },
    );
    for (const message of Object.values(said)) {
      expect(message).not.toMatch(/should not be empty|must be an email address|must be a string/);
      expect(message).not.toMatch(/^(email|subject|phone_number) /);
    }
  });

  it('lets a form say blank in its own words (the spec’s *required field)', () => {
    expect(
      fieldErrors(
        { name: ['name should not be empty'] },
        { name: 'Name' },
        { blank: '*required field' },
      ),
    ).toEqual({ name: '*required field' });
  });

  it('says a refusal in one message, the first labelled field’s, or the API’s own', () => {
    const failure = {
      message: 'subject should not be empty; text should not be empty',
      errors: { subject: ['subject should not be empty'], text: ['text should not be empty'] },
    };
    expect(refusalWords(failure, { subject: 'Subject', text: 'Message' })).toBe(
      'Please enter the subject.',
    );
    expect(humanErrors(failure.errors, { text: 'Message' })).toEqual({
      text: ['Please enter the message.'],
    });
    expect(refusalWords({ message: 'Not found' }, { subject: 'Subject' })).toBe('Not found');
  });
});
