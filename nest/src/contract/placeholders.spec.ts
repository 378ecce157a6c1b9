import { UNKNOWN_PLACEHOLDER, unknownPlaceholders } from './lead-work';
import { wordOutside } from './word-outside';

// The OpenAPI document states the template rule as a pattern (UNKNOWN_PLACEHOLDER, nowhere in the
// text) while the API refuses with unknownPlaceholders' words: the two must agree on every text,
// or the contract run finds a body the document allows and the server refuses.
const unknown = new RegExp(UNKNOWN_PLACEHOLDER);
const documented = { test: (text: string) => !unknown.test(text) };

const TEXTS = [
  'Hello {name}',
  'Hi {name}, about {company} in {location}: {subject}',
  'Dear {unknown}',
  '{name}{names}',
  '{Name}',
  '{ name }',
  '{}',
  '{{name}}',
  '{name',
  'name}',
  '{na-me}',
  '{é}',
  '{name_2}',
  '{subject}\n{company}\r\n{x}',
  'emoji 🚤 {location} 🚤',
  '{nam}{e}',
  '',
];

describe('the reply template placeholder rule', () => {
  it.each(TEXTS)('agrees between the document and the server for %j', (text) => {
    expect(documented.test(text)).toBe(unknownPlaceholders(text).length === 0);
  });

  it('refuses a word that is no placeholder and takes the four', () => {
    expect(documented.test('{unknown}')).toBe(false);
    expect(documented.test('{name} {company} {location} {subject}')).toBe(true);
  });
});

describe('wordOutside', () => {
  const outside = new RegExp(`^(?:${wordOutside(['name', 'nap', 'n'])})$`);
  it.each([
    ['name', false],
    ['nap', false],
    ['n', false],
    ['na', true],
    ['nam', true],
    ['names', true],
    ['napa', true],
    ['x', true],
    ['N', true],
    ['_n', true],
    ['', false],
    ['na-', false],
  ])('%j is outside name, nap and n: %s', (word, expected) => {
    expect(outside.test(word)).toBe(expected);
  });

  it('agrees with a plain check on every word of up to 3 letters from a small alphabet', () => {
    const letters = ['n', 'a', 'm', 'e', 'x'];
    const words = ['name', 'na', 'x'];
    const pattern = new RegExp(`^(?:${wordOutside(words)})$`);
    const all = [''];
    for (let length = 0; length < 5; length++)
      for (const word of all.filter((w) => w.length === length))
        for (const c of letters) all.push(word + c);
    for (const word of all)
      expect([word, pattern.test(word)]).toEqual([word, word !== '' && !words.includes(word)]);
  });

  it('holds no lookaround', () => {
    expect(UNKNOWN_PLACEHOLDER).not.toMatch(/\(\?<?[=!]/);
  });
});
