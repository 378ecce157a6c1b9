import { cleanSource, FIRST_TOUCH_KEY, firstTouchOf, rememberFirstTouch } from './first-touch';

/** A session storage of one tab, in memory. */
function tabStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const NOW = new Date('2026-11-24T09:30:00.000Z');

describe('the first touch of a visit', () => {
  it('takes the five tags, the referring host only, the path and the time', () => {
    const url = new URL(
      'https://boats.example/pricing?utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_term=boat%20prices&utm_content=ad1&gclid=x',
    );
    expect(firstTouchOf(url, 'https://www.Google.com/search?q=ada', NOW)).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      utm_term: 'boat prices',
      utm_content: 'ad1',
      referrer: 'www.google.com',
      landingPath: '/pricing',
      startedAt: '2026-11-24T09:30:00.000Z',
    });
  });

  it('names no referrer for the site itself or for none', () => {
    const url = new URL('https://boats.example/');
    expect(firstTouchOf(url, 'https://boats.example/?contact=1', NOW).referrer).toBeUndefined();
    expect(firstTouchOf(url, '', NOW).referrer).toBeUndefined();
  });

  it('keeps the first page’s touch for the rest of the visit', () => {
    const storage = tabStorage();
    const first = rememberFirstTouch(
      () => storage,
      new URL('https://boats.example/?utm_source=newsletter'),
      'https://news.example.org/story',
      NOW,
    );
    const later = rememberFirstTouch(
      () => storage,
      new URL('https://boats.example/?utm_source=other'),
      '',
      new Date(),
    );
    expect(later).toEqual(first);
    expect(JSON.parse(storage.getItem(FIRST_TOUCH_KEY) ?? '')).toEqual(first);
  });

  it('still answers when storage is refused', () => {
    const refused = () => {
      throw new Error('SecurityError');
    };
    expect(
      rememberFirstTouch(refused, new URL('https://boats.example/?utm_source=x'), '', NOW),
    ).toMatchObject({ utm_source: 'x' });
  });

  it('leaves out what the intake would refuse, and cuts what is too long', () => {
    expect(
      cleanSource({
        utm_source: 'a\u0000b\nc',
        utm_medium: 'x'.repeat(300),
        utm_term: '   ',
        referrer: 'not a host',
        landingPath: 'no-slash',
        startedAt: 'yesterday',
      }),
    ).toEqual({ utm_source: 'abc', utm_medium: 'x'.repeat(200) });
  });
});
