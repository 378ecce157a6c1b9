import { UNKNOWN_PLACEHOLDER, unknownPlaceholders } from './lead-work';

// The OpenAPI document states the template rule as a pattern (UNKNOWN_PLACEHOLDER, nowhere in the
// text) while the API refuses with unknownPlaceholders' words: the two must agree on every text,
// or the contract run finds a body the document allows and the server refuses.
const documented = new RegExp(String.raw`^(?![\s\S]*${UNKNOWN_PLACEHOLDER})`);

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
