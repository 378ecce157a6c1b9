import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { type AppConfig } from '../../config/app-config';

import { MessageParser, MessageRefused } from './message-parser';
import { ReplySplitter } from './reply-splitter';

const FIXTURES = join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'mail');
const fill = (name: string) =>
  readFileSync(join(FIXTURES, name), 'utf8')
    .replace(/\{\{IN_REPLY_TO\}\}/g, '<reply.0123456789abcdef01234567@boats.example>')
    .replace(/\{\{MESSAGE_ID\}\}/g, `<${name}@fixture.example>`)
    .replace(/\{\{FROM\}\}/g, 'person@example.org')
    .replace(/\{\{TO\}\}/g, 'leads+token@boats.example')
    .replace(/\r?\n/g, '\r\n');

const config = {
  inbound: { maxBytes: 1024 * 1024, trustedAuthservId: 'mx.boats.example' },
} as AppConfig;

describe('MessageParser', () => {
  const splitter = new ReplySplitter();
  const parser = new MessageParser(config, splitter);
  afterAll(() => splitter.onModuleDestroy());

  it.each([
    ['gmail-reply.eml', 'Tuesday at 10 works for us', 'Thank you for asking for a KE demo'],
    [
      'outlook-winmail-reply.eml',
      'Thursday afternoon suits us',
      'Thank you for asking for a broker demo',
    ],
    ['apple-mail-inline-image-reply.eml', 'Nice in April would be perfect', 'consultation in Nice'],
    [
      'outlook-web-html-only-reply.eml',
      'I will join the call as well',
      'Thank you for asking for a broker demo',
    ],
  ])('separates what %s wrote from what it quotes', async (name, wrote, quoted) => {
    const message = await parser.parse(Buffer.from(fill(name)));
    expect(message.text).toContain(wrote);
    expect(message.text).not.toContain(quoted);
    expect(message.quoted).toContain(quoted);
    expect(message.from?.address).toBe('person@example.org');
    expect(message.recipients).toContain('leads+token@boats.example');
    expect(message.auto).toBe(false);
  });

  it('lists attachments with their names, types and sizes, the inline image marked', async () => {
    const outlook = await parser.parse(Buffer.from(fill('outlook-winmail-reply.eml')));
    expect(
      outlook.attachments.map(({ name, type, size, inline }) => ({ name, type, size, inline })),
    ).toEqual([{ name: 'winmail.dat', type: 'application/ms-tnef', size: 525, inline: false }]);
    const apple = await parser.parse(Buffer.from(fill('apple-mail-inline-image-reply.eml')));
    expect(apple.attachments).toEqual([
      expect.objectContaining({ name: 'sketch.png', type: 'image/png', inline: true }),
    ]);
    expect(apple.threadIds).toEqual([]);
  });

  it('keeps one line of a subject and a name that decode to CR/LF', async () => {
    const raw = [
      'From: =?utf-8?B?RXZlDQpCY2M6IHhAZXZpbC5leGFtcGxl?= <eve@example.org>',
      'Subject: =?utf-8?Q?Hi=0D=0ABcc:_everyone@example.org?=',
      'Message-ID: <crlf@example.org>',
      '',
      'Hello',
    ].join('\r\n');
    const message = await parser.parse(Buffer.from(raw));
    expect(message.subject).toBe('Hi Bcc: everyone@example.org');
    expect(message.from).toEqual({ name: 'Eve Bcc: x@evil.example', address: 'eve@example.org' });
  });

  it('turns a lone surrogate into U+FFFD and an invalid charset into text', async () => {
    const surrogate = Buffer.from([0x3d, 0xd8]).toString('base64');
    const raw = [
      `From: =?utf-16le?B?${surrogate}?= <x@example.org>`,
      `Subject: =?x-no-such-charset?Q?caf=E9?= =?utf-16le?B?${surrogate}?=`,
      'Message-ID: <odd@example.org>',
      '',
      'Body',
    ].join('\r\n');
    const message = await parser.parse(Buffer.from(raw));
    expect(message.from?.name).toBe('\uFFFD');
    expect(message.subject).toMatch(/^caf.*\uFFFD$/);
    expect(JSON.stringify(message)).not.toMatch(/\\ud83d(?!\\ud[c-f])/i);
  });

  it('marks automatic replies', async () => {
    const headers = [
      'Auto-Submitted: auto-replied',
      'X-Autoreply: yes',
      'Precedence: bulk',
      'Precedence: list',
      'Precedence: auto_reply',
    ];
    for (const header of headers) {
      const raw = `From: a@example.org\r\nSubject: Hello\r\n${header}\r\nMessage-ID: <${header.length}@x>\r\n\r\nAway`;
      expect((await parser.parse(Buffer.from(raw))).auto).toBe(true);
    }
    for (const subject of [
      'Out of Office: Your demo',
      'Automatic reply: Your demo',
      'Abwesenheitsnotiz: Demo',
    ]) {
      const raw = `From: a@example.org\r\nSubject: ${subject}\r\n\r\nAway until Monday`;
      expect((await parser.parse(Buffer.from(raw))).auto).toBe(true);
    }
    const person = `From: a@example.org\r\nSubject: Re: Your demo\r\nAuto-Submitted: no\r\n\r\nYes`;
    expect((await parser.parse(Buffer.from(person))).auto).toBe(false);
  });

  it('reads a failed SPF, DKIM or DMARC only from the trusted receiving server', async () => {
    const raw = (results: string) =>
      Buffer.from(
        `Authentication-Results: ${results}\r\nFrom: a@example.org\r\nSubject: x\r\n\r\nx`,
      );
    expect(
      (await parser.parse(raw('mx.boats.example; dmarc=fail header.from=example.org'))).authFailed,
    ).toBe(true);
    expect((await parser.parse(raw('mx.boats.example; spf=pass; dkim=pass'))).authFailed).toBe(
      false,
    );
    expect((await parser.parse(raw('forged.example; dkim=fail'))).authFailed).toBe(false);
  });

  it.each<[string, Buffer]>([
    [
      'a header block of 10 MB',
      Buffer.from(`From: a@example.org\r\nX-Big: ${'a'.repeat(10 * 1024 * 1024)}\r\n\r\nx`),
    ],
    ['5,000 nested multiparts', nested(5000)],
    ['bytes that are no message', Buffer.from([0, 1, 2, 3, 255, 254])],
    ['more than INBOUND_MAX_BYTES', Buffer.alloc(1024 * 1024 + 1, 'a')],
  ])('refuses %s with a reason', async (_name, raw) => {
    await expect(parser.parse(raw)).rejects.toBeInstanceOf(MessageRefused);
  });

  it('keeps the last 50 ids of a References header of 10,000, newest first', async () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => `<id${i}@example.org>`);
    const raw = `From: a@example.org\r\nIn-Reply-To: <last@example.org>\r\nReferences: ${ids.join(' ')}\r\n\r\nx`;
    const message = await parser.parse(Buffer.from(raw));
    expect(message.threadIds[0]).toBe('<last@example.org>');
    expect(message.threadIds[1]).toBe('<id9999@example.org>');
    expect(message.threadIds).toHaveLength(51);
  });

  it('keeps a crafted text whole rather than split it for a minute', async () => {
    const started = Date.now();
    const message = await parser.parse(
      Buffer.from(`From: a@example.org\r\nSubject: x\r\n\r\nOn ${' a'.repeat(40_000)}`),
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(message.text.startsWith('On  a a')).toBe(true);
    expect(message.quoted).toBe('');
  });
});

function nested(depth: number): Buffer {
  let raw = 'From: a@example.org\r\nContent-Type: multipart/mixed; boundary=b0\r\n\r\n';
  for (let i = 0; i < depth; i++)
    raw += `--b${i}\r\nContent-Type: multipart/mixed; boundary=b${i + 1}\r\n\r\n`;
  raw += `--b${depth}\r\nContent-Type: text/plain\r\n\r\ndeep\r\n`;
  for (let i = depth; i >= 0; i--) raw += `--b${i}--\r\n`;
  return Buffer.from(raw);
}
