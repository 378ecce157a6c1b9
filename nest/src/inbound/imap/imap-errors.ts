import { type ImapSettings } from '../../config/inbound-env';

/**
 * A mailbox failure in words an operator can act on ("authentication failed", "could not connect
 * to …"), never with the password in it. imapflow marks a refused login `authenticationFailed`
 * and keeps the server's own words in `responseText`.
 */
export function describeImapError(error: unknown, settings: ImapSettings): string {
  const field = (name: string): unknown =>
    typeof error === 'object' && error !== null ? Reflect.get(error, name) : undefined;
  const said = typeof field('responseText') === 'string' ? (field('responseText') as string) : '';
  const code = typeof field('code') === 'string' ? (field('code') as string) : '';
  const where = `${settings.host}:${settings.port}`;
  let text: string;
  if (field('authenticationFailed') === true)
    text = `authentication failed${said ? `: ${said}` : ''} (check the user and app password in INBOUND_IMAP_URL)`;
  else if (code === 'ECONNREFUSED') text = `could not connect to ${where} (connection refused)`;
  else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') text = `no such host: ${settings.host}`;
  else if (code === 'ETIMEDOUT' || code === 'CONNECT_TIMEOUT' || code === 'GREETING_TIMEOUT')
    text = `no answer from ${where} (timed out)`;
  else if (/NONEXISTENT|doesn.t exist|not exist/i.test(said))
    text = `no mailbox "${settings.mailbox}" there: ${said}`;
  else {
    const message = error instanceof Error ? error.message : String(error);
    text = said ? `${message}: ${said}` : message;
  }
  const firstLine = text.split(/\r?\n/)[0] ?? text;
  return settings.pass ? firstLine.split(settings.pass).join('***') : firstLine;
}
