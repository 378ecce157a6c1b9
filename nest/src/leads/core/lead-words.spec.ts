import { LEAD_KINDS } from '../../contract';

import { leadWords, searchWords, WORD_MAX } from './lead-words';

describe('searchWords', () => {
  it('lower-cases, folds accents and splits on whatever is not a letter or digit', () => {
    expect(searchWords('Valérie DURAND-Lefèvre, 42 rue Ça')).toEqual([
      'valerie',
      'durand',
      'lefevre',
      '42',
      'rue',
      'ca',
    ]);
    expect(searchWords('x@gmail.com')).toEqual(['x', 'gmail', 'com']);
    expect(searchWords('  ...@@  ')).toEqual([]);
  });

  it('keeps the letters and digits of any script, folding what decomposes', () => {
    // `й` decomposes to `и` plus a breve, so it folds as `é` does: both sides alike, a wider match.
    expect(searchWords('Дмитрий Орлов')).toEqual(['дмитрии', 'орлов']);
    expect(searchWords('İstanbul Ærø Zoë')).toEqual(['istanbul', 'ærø', 'zoe']);
    expect(searchWords('東京タワー ٣٤')).toEqual(['東京タワー', '٣٤']);
  });

  it('cuts long words to the same length, stored or searched', () => {
    const long = `${'a'.repeat(WORD_MAX)}bcd`;
    expect(searchWords(long)).toEqual(['a'.repeat(WORD_MAX)]);
    expect(searchWords('😀'.repeat(WORD_MAX + 1))).toEqual([]);
  });
});

describe('leadWords', () => {
  it('takes the name, both parts of the email and the kind’s text field, each word once', () => {
    const lead = {
      name: 'Ada Lovelace',
      email: 'ada.lovelace@example.com',
      company: 'Lovelace Engines',
      phone_number: '+44 20 7946 0000',
    };
    expect(leadWords(LEAD_KINDS.brokerDemo, lead)).toEqual([
      'ada',
      'lovelace',
      'example',
      'com',
      'engines',
    ]);
  });
});
