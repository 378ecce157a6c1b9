import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';

import { EMAIL_PATTERN, IsEmailAddress } from './validation';

class Body {
  @IsEmailAddress()
  email: string;
}

/** What the API answers for an address: null when taken, else the message a client is shown. */
async function problem(email: unknown): Promise<string | null> {
  const errors = await validate(plainToInstance(Body, { email }), { stopAtFirstError: true });
  return errors[0] ? Object.values(errors[0].constraints ?? {})[0]! : null;
}

describe('the email rule (IsEmailAddress, stated in the document as EMAIL_PATTERN)', () => {
  it.each([
    'ada@example.com',
    "o'brien+leads@sub.example.co.uk",
    '  Ada@Example.COM \n',
    'josé@exämple.de',
    'ada@xn--80ak6aa92e.xn--p1ai',
  ])('takes %j', async (email) => {
    expect(await problem(email)).toBeNull();
    expect(new RegExp(EMAIL_PATTERN).test(email)).toBe(true);
  });

  it.each([
    ['a one-letter top-level label', '0@0.a'],
    ['no dot in the domain', 'ada@gmail'],
    ['a numeric top-level label', 'ada@10.0.0.1'],
    ['an IP literal', 'ada@[127.0.0.1]'],
    ['a quoted local part', '"ada lovelace"@example.com'],
    ['two dots in a row', 'ada..l@example.com'],
    ['a label ending in a hyphen', 'ada@example-.com'],
    ['a lone surrogate', 'ada\ud800@example.com'],
    ['NUL', 'ada\u0000@example.com'],
    ['no address at all', 'not-an-email'],
  ])('refuses %s', async (_name, email) => {
    expect(await problem(email)).toBe('email must be an email address');
    expect(new RegExp(EMAIL_PATTERN).test(email)).toBe(false);
  });

  it('counts characters as the document does, before the pattern runs', async () => {
    const local = 'a'.repeat(64);
    const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.de`;
    expect(`${local}@${domain}`).toHaveLength(254);
    expect(await problem(`${local}@${domain}`)).toBeNull();
    expect(await problem(`${local}@e${domain}`)).toBe('email must be at most 254 characters');
    const started = Date.now();
    expect(await problem(`${'\u3000'.repeat(500_000)}a`)).toBe(
      'email must be at most 254 characters',
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses what is not a string', async () => {
    expect(await problem(['ada@example.com'])).toBe('email must be a string');
    expect(await problem({ $ne: null })).toBe('email must be a string');
  });
});
