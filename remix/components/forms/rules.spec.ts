import { z } from 'zod';

import { htmlMaxLength } from '@contract';

import { formOf } from '../../../test/support/form-data';

import { formFields } from './form-fields';
import { readForm, readIntentForm } from './read-form';
import { apiText, checkedText, flag, list, objectId, passkeyAnswer } from './rules';

const MESSAGES = {
  blank: 'Write it.',
  'not-text': 'Not text.',
  'line-break': 'One line only.',
  'too-long': 'At most 3 characters.',
};

describe('the schemas’ parts, from the contract’s rules', () => {
  const schema = z.object({
    password: apiText(8, 'Password'),
    title: checkedText(3, MESSAGES, { oneLine: true, trim: true }),
    body: checkedText(3, MESSAGES),
    sure: flag,
    ids: list(objectId('Not an id.')),
    answer: passkeyAnswer,
  });
  const read = (entries: [string, string | Blob][]) => readForm(formOf(entries), schema);

  it('counts characters as the contract does: three emoji are three characters', () => {
    const emoji = '🛥🛥🛥';
    expect(emoji.length).toBe(6);
    expect(
      read([
        ['title', emoji],
        ['body', '👍🏽a'],
      ]),
    ).toMatchObject({
      ok: true,
      value: { title: emoji, body: '👍🏽a' },
    });
    expect(
      read([
        ['title', `${emoji}🛥`],
        ['body', 'abcd'],
      ]),
    ).toEqual({
      ok: false,
      errors: { title: ['At most 3 characters.'], body: ['At most 3 characters.'] },
    });
  });

  it('refuses a lone surrogate and NUL as not text, blanks and line breaks with their message', () => {
    expect(
      read([
        ['title', 'a\u0000'],
        ['body', 'a\u0000'],
      ]),
    ).toEqual({
      ok: false,
      errors: { title: ['Not text.'], body: ['Not text.'] },
    });
    // A form's values are USVStrings (WebIDL): a lone surrogate arrives as U+FFFD, never as
    // itself. The rule still refuses one, given to the schema directly.
    expect(formOf([['title', 'a\ud800']]).get('title')).toBe('a\ufffd');
    const direct = schema.safeParse({ title: 'a\ud800', body: 'b\udc00' });
    expect(direct.success ? null : direct.error.issues.map((i) => [i.path, i.message])).toEqual([
      [['title'], 'Not text.'],
      [['body'], 'Not text.'],
    ]);
    expect(
      read([
        ['title', ' \t '],
        ['body', 'a\nb'],
      ]),
    ).toEqual({
      ok: false,
      errors: { title: ['Write it.'] },
    });
    expect(
      read([
        ['title', 'a\rb'],
        ['body', 'ok'],
      ]),
    ).toEqual({
      ok: false,
      errors: { title: ['One line only.'] },
    });
    // Surrounding blanks are not part of a trimmed field: read (and sent) without them.
    expect(
      read([
        ['title', '  ab\n'],
        ['body', 'ok'],
      ]),
    ).toMatchObject({ value: { title: 'ab' } });
  });

  it('says once that an over-long field is too long, however long it is', () => {
    expect(
      read([
        ['title', 'x'.repeat(10_000)],
        ['body', 'ok'],
      ]),
    ).toEqual({
      ok: false,
      errors: { title: ['At most 3 characters.'] },
    });
  });

  it('reads a missing field the API judges as empty, and a missing checked one as blank', () => {
    expect(read([['body', 'ok']])).toEqual({ ok: false, errors: { title: ['Write it.'] } });
    expect(
      read([
        ['title', 'ok'],
        ['body', 'ok'],
      ]),
    ).toEqual({
      ok: true,
      value: { password: '', title: 'ok', body: 'ok', sure: false, ids: [], answer: null },
    });
  });

  it('sends on what the API judges as typed, up to what its form lets a browser send', () => {
    const base: [string, string][] = [
      ['title', 'ok'],
      ['body', 'ok'],
    ];
    // NUL is the API's to refuse, in its words (a lone surrogate arrives as U+FFFD, see above).
    expect(read([...base, ['password', ' a\u0000🔑 ']])).toMatchObject({
      value: { password: ' a\u0000🔑 ' },
    });
    expect(read([...base, ['password', 'p'.repeat(htmlMaxLength(8))]])).toMatchObject({ ok: true });
    expect(read([...base, ['password', 'p'.repeat(htmlMaxLength(8) + 1)]])).toEqual({
      ok: false,
      errors: { password: ['Password must be at most 8 characters'] },
    });
    expect(read([...base, ['password', new Blob(['file'])]])).toEqual({
      ok: false,
      errors: { password: ['Password must be text'] },
    });
  });

  it('reads flags, lists of ids and a passkey’s answer', () => {
    const id = 'a'.repeat(24);
    const base: [string, string][] = [
      ['title', 'ok'],
      ['body', 'ok'],
    ];
    expect(
      read([...base, ['sure', '1'], ['ids', id], ['ids', id], ['answer', '{"id":"x"}']]),
    ).toMatchObject({ value: { sure: true, ids: [id, id], answer: { id: 'x' } } });
    expect(read([...base, ['sure', 'yes'], ['answer', '[1]']])).toMatchObject({
      value: { sure: false, answer: null },
    });
    expect(read([...base, ['answer', '{not json']])).toMatchObject({ value: { answer: null } });
    expect(read([...base, ['ids', id], ['ids', 'nope']])).toEqual({
      ok: false,
      errors: { 'ids[1]': ['Not an id.'] },
    });
  });

  it('refuses the names Conform reserves, rather than failing on them', () => {
    for (const name of ['__intent__', '__state__'])
      expect(
        read([
          [name, '{not json'],
          ['title', 'ok'],
          ['body', 'ok'],
        ]),
      ).toEqual({
        ok: false,
        errors: { '': ['That request is not valid.'] },
      });
  });

  it('reads a form by its intent, and nothing for an intent the route does not have', () => {
    const forms = { keep: z.object({}), say: z.object({ what: checkedText(3, MESSAGES) }) };
    expect(
      readIntentForm(
        formOf([
          ['intent', 'say'],
          ['what', 'hi'],
        ]),
        forms,
      ),
    ).toEqual({
      intent: 'say',
      ok: true,
      value: { what: 'hi' },
    });
    expect(readIntentForm(formOf([['intent', 'say']]), forms)).toEqual({
      intent: 'say',
      ok: false,
      errors: { what: ['Write it.'] },
    });
    for (const intent of ['shred', 'toString', '__proto__'])
      expect(readIntentForm(formOf([['intent', intent]]), forms)).toBeNull();
    expect(readIntentForm(formOf([]), forms)).toBeNull();
  });

  it('gives a form’s builder each field’s name and constraints', () => {
    expect(formFields(schema)).toMatchObject({
      password: { name: 'password', required: true, maxLength: htmlMaxLength(8) },
      title: { name: 'title', required: true, maxLength: htmlMaxLength(3) },
      body: { name: 'body', required: true, maxLength: htmlMaxLength(3) },
    });
    // Every character of the limit fits the field, as a browser counts them (UTF-16 units).
    expect('🛥🛥🛥'.length).toBeLessThanOrEqual(formFields(schema).title.maxLength!);
    expect(formFields(z.object({ note: apiText(8, 'Note').optional() })).note).toEqual({
      name: 'note',
      maxLength: htmlMaxLength(8),
    });
  });
});
