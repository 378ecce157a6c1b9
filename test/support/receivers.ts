import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';

import { SMTPServer } from 'smtp-server';

export interface WebhookReceiver {
  url: string;
  /** JSON bodies of the requests answered 2xx. */
  received: unknown[];
  /** Every request, including the failed ones. */
  attempts: number;
  /** Every request as it came (headers and raw body), the failed ones included: what a receiver verifies. */
  calls: { headers: Record<string, string>; body: string; answered: number }[];
  close(): Promise<void>;
}

/** A local HTTP endpoint that fails the first `failFirst` requests with 500, then accepts. */
export async function startWebhookReceiver(failFirst = 0, port = 0): Promise<WebhookReceiver> {
  const receiver = {
    received: [] as unknown[],
    attempts: 0,
    calls: [],
  } as unknown as WebhookReceiver;
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      receiver.attempts++;
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
      );
      const refused = receiver.attempts <= failFirst;
      receiver.calls.push({ headers, body, answered: refused ? 500 : 204 });
      if (refused) {
        res.writeHead(500).end('not now');
        return;
      }
      receiver.received.push(JSON.parse(body));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/leads`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

/** How a chat receiver answers its `n`th request (1 for the first). */
export type ChatAnswer = (n: number) => {
  status: number;
  headers?: Record<string, string>;
  body?: string;
};

export interface ChatReceiver {
  url: string;
  /** Every request as it came, answered or not, with when it came. */
  calls: {
    at: number;
    path: string;
    headers: Record<string, string>;
    body: unknown;
    answered: number;
  }[];
  /** JSON bodies of the requests answered 2xx: what was posted. */
  posted(): unknown[];
  close(): Promise<void>;
}

/**
 * A local HTTP endpoint standing in for a chat's incoming webhook (Slack answers 200 `ok`, a Teams
 * workflow 202): answers as `answer` says for each request, and keeps every request.
 */
export async function startChatReceiver(
  answer: ChatAnswer = () => ({ status: 200, body: 'ok' }),
  { port = 0, path = '/hook' }: { port?: number; path?: string } = {},
): Promise<ChatReceiver> {
  const calls: ChatReceiver['calls'] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const { status, headers = {}, body = '' } = answer(calls.length + 1);
      calls.push({
        at: Date.now(),
        path: req.url ?? '',
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
        ),
        body: JSON.parse(text) as unknown,
        answered: status,
      });
      res.writeHead(status, { 'Content-Type': 'text/plain', ...headers }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    calls,
    posted: () => calls.filter((call) => call.answered < 300).map((call) => call.body),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface MailReceiver {
  url: string;
  messages: { from: string; to: string[]; raw: string }[];
  close(): Promise<void>;
}

/**
 * A local SMTP server (no TLS, no auth) that keeps what it is sent; the first `refuse` messages
 * are refused with a 451 (a server busy for now), as a sender's retries must get past.
 */
export async function startMailReceiver({ refuse = 0 } = {}): Promise<MailReceiver> {
  const messages: MailReceiver['messages'] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        attempts++;
        if (attempts <= refuse) {
          const busy = Object.assign(new Error('4.3.0 Mailbox busy, try later'), {
            responseCode: 451,
          });
          callback(busy);
          return;
        }
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function eventually(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A header of a raw message, unfolded. */
export function mailHeader(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const line = head
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/**
 * The body of a single-part text message as its reader sees it: transfer encoding undone
 * (quoted-printable or base64, which a mailer picks for long lines or other than ASCII), line
 * ends as `\n`.
 */
export function mailText(raw: string): string {
  const body = raw.replace(/^[\s\S]*?\r?\n\r?\n/, '');
  const encoding = mailHeader(raw, 'Content-Transfer-Encoding')?.toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body, 'base64')
      : encoding === 'quoted-printable'
        ? quotedPrintable(body)
        : Buffer.from(body, 'utf8');
  return bytes.toString('utf8').replace(/\r\n/g, '\n').replace(/\n$/, '');
}

function quotedPrintable(body: string): Buffer {
  const text = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes);
}
