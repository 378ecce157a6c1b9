import { scriptJson } from './script-json';

describe('scriptJson', () => {
  it('reads back as the same value, whatever the text holds', () => {
    const value = {
      message: '</script><script>alert(1)</script> & <!-- \u2028\u2029 🚤 \ud800 "quoted" \\',
      nested: [{ a: '<b>' }],
    };
    expect(JSON.parse(scriptJson(value))).toEqual(value);
  });

  it('never writes a character that could end the script element or start markup', () => {
    const out = scriptJson({ v: '</script><!--<script>&amp;\u2028' });
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    // A lone surrogate stays an escape, so the page stays well-formed UTF-8.
    expect(scriptJson('\ud800')).toBe('"\\ud800"');
  });
});
