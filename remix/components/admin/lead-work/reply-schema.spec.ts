import { characterCount, NOTE_TEXT_MAX, REPLY_LIMITS } from '@contract';

import { formOf } from '../../../../test/support/form-data';

import { isWorkRefusal, NOTE_FIELDS, readWorkForm, REPLY_FIELDS, WORK_FORMS } from './fields';

const reply = (subject: string, text = 'Hello') =>
  readWorkForm(formOf({ intent: 'reply', subject, text }));
const refusal = (subject: string, text = 'Hello') => {
  const read = reply(subject, text);
  return isWorkRefusal(read) ? read.errors : null;
};

/**
 * The reply's subject counted as the API counts it (code points: test/api/lead-replies takes a
 * subject of 200 emoji): the web once counted UTF-16 units, and refused what the API takes.
 */
describe('a reply’s and a note’s lengths, as the contract counts them', () => {
  const emoji = (n: number) => '🚤'.repeat(n);

  it('takes a subject of as many emoji as the API does, and refuses one more', () => {
    expect(characterCount(emoji(REPLY_LIMITS.subject))).toBe(REPLY_LIMITS.subject);
    expect(reply(emoji(REPLY_LIMITS.subject))).toEqual({
      intent: 'reply',
      subject: emoji(REPLY_LIMITS.subject),
      text: 'Hello',
    });
    expect(refusal(emoji(REPLY_LIMITS.subject + 1))).toEqual({
      subject: [`At most ${REPLY_LIMITS.subject} characters.`],
    });
    // A skin-toned emoji is two code points, as the API counts it.
    expect(refusal('👍🏽'.repeat(REPLY_LIMITS.subject / 2 + 1))).toEqual({
      subject: [`At most ${REPLY_LIMITS.subject} characters.`],
    });
  });

  it('lets its fields hold that many characters as a browser counts them', () => {
    expect(emoji(REPLY_LIMITS.subject).length).toBeLessThanOrEqual(REPLY_FIELDS.subject.maxLength!);
    expect(emoji(REPLY_LIMITS.text).length).toBeLessThanOrEqual(REPLY_FIELDS.text.maxLength!);
    expect(emoji(NOTE_TEXT_MAX).length).toBeLessThanOrEqual(NOTE_FIELDS.text.maxLength!);
    expect(REPLY_FIELDS.subject).toMatchObject({ name: 'subject', required: true });
  });

  it('counts the text and a note in code points too', () => {
    expect(reply('Hi', emoji(REPLY_LIMITS.text))).toMatchObject({ intent: 'reply' });
    expect(refusal('Hi', `${emoji(REPLY_LIMITS.text)}x`)).toEqual({
      text: [`At most ${REPLY_LIMITS.text} characters.`],
    });
    expect(readWorkForm(formOf({ intent: 'note', text: ` ${emoji(NOTE_TEXT_MAX)} ` }))).toEqual({
      intent: 'note',
      text: emoji(NOTE_TEXT_MAX),
    });
    expect(readWorkForm(formOf({ intent: 'note', text: emoji(NOTE_TEXT_MAX + 1) }))).toEqual({
      intent: 'note',
      message: `At most ${NOTE_TEXT_MAX} characters.`,
      errors: { text: [`At most ${NOTE_TEXT_MAX} characters.`] },
    });
  });

  it('refuses NUL and a lone surrogate, which the API cannot store, and a missing field', () => {
    const notText = ['It holds a character that cannot be stored (NUL, or half an emoji).'];
    expect(refusal('Hi\u0000')).toEqual({ subject: notText });
    expect(refusal('Hi', 'Hello\u0000')).toEqual({ text: notText });
    // A lone surrogate arrives as U+FFFD from a form; given directly, the rule refuses it.
    const direct = WORK_FORMS.reply.safeParse({ subject: 'Hi \ud83d', text: 'Hello \udea4' });
    expect(direct.success ? null : direct.error.issues.map((issue) => issue.message)).toEqual([
      notText[0],
      notText[0],
    ]);
    const missing = readWorkForm(formOf({ intent: 'reply' }));
    expect(isWorkRefusal(missing) && missing).toEqual({
      intent: 'reply',
      message: 'The reply was not sent.',
      errors: { subject: ['Write a subject.'], text: ['Write the reply.'] },
    });
    expect(readWorkForm(formOf({ intent: 'delete-note', noteId: 'nope' }))).toEqual({
      intent: 'delete-note',
      message: 'That note is not valid.',
    });
  });

  it('says an over-long field is too long once, however long', () => {
    expect(refusal('x'.repeat(1_000_000))).toEqual({
      subject: [`At most ${REPLY_LIMITS.subject} characters.`],
    });
  });
});
