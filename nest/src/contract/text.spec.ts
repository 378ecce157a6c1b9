import { characterCount, hasLoneSurrogate, htmlMaxLength } from './text';

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
});
