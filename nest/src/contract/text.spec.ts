import { characterCount, hasLoneSurrogate, htmlMaxLength, textProblem } from './text';

describe('the text rule', () => {
  it('counts code points: astral characters once, a skin-toned emoji as two', () => {
    expect(characterCount('')).toBe(0);
    expect(characterCount('Boat')).toBe(4);
    expect(characterCount('🛥🛥')).toBe(2);
    expect(characterCount('👍🏽')).toBe(2);
    expect(characterCount('é')).toBe(1);
    expect(characterCount('e\u0301')).toBe(2);
    // A lone surrogate still counts once, so a limit never lets it in uncounted.
    expect(characterCount('a\ud800b')).toBe(3);
  });

  it('counts as JSON Schema does (its maxLength is in code points)', () => {
    for (const text of ['', 'abc', '🛥x🛥', '👍🏽 ok', '\u00e9\u0301'])
      expect(characterCount(text)).toBe([...text].length);
  });

  it('finds surrogates without their pair, and only those', () => {
    for (const bad of ['\ud800', 'a\udc00', '\ud83d', 'x\ud83dy', '\udc00\ud800'])
      expect(hasLoneSurrogate(bad)).toBe(true);
    for (const good of ['', 'plain', '🛥', '👍🏽', 'a🛥b']) expect(hasLoneSurrogate(good)).toBe(false);
  });

  it('lets a form field hold its limit in any characters', () => {
    expect('🛥'.repeat(120).length).toBeLessThanOrEqual(htmlMaxLength(120));
  });

  it('says what is wrong with a text field, counting characters as code points', () => {
    const rule = { max: 3 };
    expect(textProblem('🛥🛥🛥', rule)).toBeNull();
    expect(textProblem('🛥🛥🛥🛥', rule)).toBe('too-long');
    expect(textProblem(' \t\n', rule)).toBe('blank');
    expect(textProblem('a\u0000', rule)).toBe('not-text');
    expect(textProblem('a\ud800', rule)).toBe('not-text');
    expect(textProblem('a\nb', rule)).toBeNull();
    expect(textProblem('a\nb', { ...rule, oneLine: true })).toBe('line-break');
    expect(textProblem('a\rb', { ...rule, oneLine: true })).toBe('line-break');
  });
});
