import { createHash } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { convert } from 'html-to-text';
import { type AddressObject, type Attachment, type ParsedMail, simpleParser } from 'mailparser';

import { AppConfig } from '../../config/app-config';
import { type MessageAddress } from '../../contract';
import { ATTACHMENTS_MAX } from '../../leads/conversation/message-params';
import { keyOfContent, keyOfMessageId } from '../../leads/conversation/store/message-key';

import { authenticationFailed } from './authentication-results';
import { isAutomatic } from './auto-reply';
import { cleanLine, cleanText } from './clean-text';
import { ReplySplitter } from './reply-splitter';

/** Bounds of what is kept of a message (what a person writes is far less). */
export const MESSAGE_LIMITS = {
  text: 100_000,
  subject: 500,
  name: 200,
  addresses: 100,
  fileName: 255,
  /** The ids of a References header looked up (its newest); a thread is rarely longer. */
  references: 50,
  /** The bytes of one MIME part's header block; more is refused (Postfix's default is 100 kB). */
  headBytes: 512 * 1024,
  /** MIME parts in one message. */
  parts: 500,
  /** HTML converted to text (an HTML-only message's body). */
  htmlBytes: 2 * 1024 * 1024,
} as const;

/** A message refused as bad input: recorded as failed with `reason`, never retried. */
export class MessageRefused extends Error {}

/** An attachment as parsed, its content still in hand. */
export interface ParsedAttachment {
  name: string;
  type: string;
  size: number;
  inline: boolean;
  content: Buffer;
}

/** A message as read: cleaned, bounded, plain text, split into what was written and quoted. */
export interface ParsedInbound {
  /** The key it is kept once by (message-key.ts). */
  key: string;
  messageId: string | null;
  from: MessageAddress | null;
  to: MessageAddress[];
  cc: MessageAddress[];
  /** Every address it was delivered to (To, Cc, Delivered-To, X-Original-To): the token's place. */
  recipients: string[];
  subject: string;
  text: string;
  quoted: string;
  attachments: ParsedAttachment[];
  /** In-Reply-To, then References newest first: our Message-IDs are looked for among them. */
  threadIds: string[];
  auto: boolean;
  /** A trusted receiving server found its sender forged (SPF, DKIM or DMARC failed). */
  authFailed: boolean;
}

const ADDRESS = /^[^\s@<>",;]{1,64}@[^\s@<>",;]{1,253}$/;

/** Reads raw messages with `mailparser` (never by hand) and `html-to-text` for HTML-only mail. */
@Injectable()
export class MessageParser {
  constructor(
    private readonly config: AppConfig,
    private readonly splitter: ReplySplitter,
  ) {}

  async parse(raw: Buffer): Promise<ParsedInbound> {
    if (raw.length > this.config.inbound.maxBytes)
      throw new MessageRefused(
        `larger than INBOUND_MAX_BYTES (${this.config.inbound.maxBytes} bytes)`,
      );
    const mail = await simpleParser(raw, {
      skipTextToHtml: true,
      skipImageLinks: true,
      skipTextLinks: true,
      skipHtmlToText: true,
      keepCidLinks: true,
      maxHtmlLengthToParse: MESSAGE_LIMITS.htmlBytes,
      maxHeadSize: MESSAGE_LIMITS.headBytes,
      maxChildNodes: MESSAGE_LIMITS.parts,
    }).catch((error: unknown) => {
      throw new MessageRefused(refusalOf(error));
    });
    if (!looksLikeAMessage(mail)) throw new MessageRefused('not an email message (no headers)');
    if (mail.attachments.length > ATTACHMENTS_MAX)
      throw new MessageRefused(`more than ${ATTACHMENTS_MAX} attachments`);
    const header = (name: string) => headerText(mail, name);
    const subject = cleanLine(mail.subject ?? '', MESSAGE_LIMITS.subject);
    const body = bodyText(mail);
    const { text, quoted } = await this.splitter.split(body);
    const messageId = mail.messageId ? cleanLine(mail.messageId, 998) || null : null;
    const attachments = mail.attachments.map(attachmentOf);
    const from = addressesOf(mail.from)[0] ?? null;
    return {
      key: messageId
        ? keyOfMessageId(messageId)
        : keyOfContent([
            from?.address ?? '',
            mail.date?.toISOString() ?? '',
            subject,
            body,
            ...attachments.map((a) => createHash('sha256').update(a.content).digest('hex')),
          ]),
      messageId,
      from,
      to: addressesOf(mail.to),
      cc: addressesOf(mail.cc),
      recipients: recipientsOf(mail),
      subject,
      text: cleanText(text, MESSAGE_LIMITS.text),
      quoted: cleanText(quoted, MESSAGE_LIMITS.text),
      attachments,
      threadIds: threadIdsOf(mail),
      auto: isAutomatic(header, subject, header('content-type') ?? ''),
      authFailed: authenticationFailed(
        headerValues(mail, 'authentication-results'),
        this.config.inbound.trustedAuthservId,
      ),
    };
  }
}

/** A message has at least one of the headers every mail client writes. */
function looksLikeAMessage(mail: ParsedMail): boolean {
  return ['from', 'to', 'cc', 'subject', 'message-id', 'date', 'in-reply-to'].some((name) =>
    mail.headers.has(name),
  );
}

/** What the person wrote, as plain text: the text part, else the HTML part turned into text. */
function bodyText(mail: ParsedMail): string {
  if (mail.text?.trim()) return mail.text;
  if (typeof mail.html !== 'string' || !mail.html) return '';
  return convert(mail.html, {
    wordwrap: false,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'style', format: 'skip' },
      { selector: 'script', format: 'skip' },
    ],
  });
}

function attachmentOf(attachment: Attachment, n: number): ParsedAttachment {
  const name =
    cleanLine(attachment.filename ?? '', MESSAGE_LIMITS.fileName).replace(/[/\\]/g, '_') ||
    `attachment-${n + 1}`;
  return {
    name,
    type: cleanLine(attachment.contentType || 'application/octet-stream', 255),
    size: attachment.content.length,
    inline: attachment.contentDisposition === 'inline' || Boolean(attachment.related),
    content: attachment.content,
  };
}

/** The addresses of an address header, groups flattened, each well formed or left out. */
function addressesOf(field: AddressObject | AddressObject[] | undefined): MessageAddress[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  const flat = objects.flatMap((object) =>
    object.value.flatMap((entry) => (entry.group ? entry.group : [entry])),
  );
  return flat.slice(0, MESSAGE_LIMITS.addresses).flatMap((entry) => {
    const address = cleanLine(entry.address ?? '', 320).toLowerCase();
    if (!ADDRESS.test(address)) return [];
    return [{ name: cleanLine(entry.name ?? '', MESSAGE_LIMITS.name), address }];
  });
}

/** Every address the message was delivered to: its own headers and the ones its MTA added. */
function recipientsOf(mail: ParsedMail): string[] {
  const listed = [...addressesOf(mail.to), ...addressesOf(mail.cc)].map((a) => a.address);
  const delivered = ['delivered-to', 'x-original-to', 'envelope-to'].flatMap((name) =>
    headerValues(mail, name).map((value) => value.replace(/[<>\s]/g, '').toLowerCase()),
  );
  return [...new Set([...delivered, ...listed])].slice(0, MESSAGE_LIMITS.addresses);
}

/** In-Reply-To, then References newest first, each cleaned; at most MESSAGE_LIMITS.references. */
function threadIdsOf(mail: ParsedMail): string[] {
  const references = Array.isArray(mail.references)
    ? mail.references
    : mail.references
      ? [mail.references]
      : [];
  const ids = [mail.inReplyTo ?? '', ...references.slice(-MESSAGE_LIMITS.references).reverse()];
  return [...new Set(ids.map((id) => cleanLine(id, 998)).filter(Boolean))].slice(
    0,
    MESSAGE_LIMITS.references + 1,
  );
}

/** A header's first value as text (structured ones by their value), or undefined. */
function headerText(mail: ParsedMail, name: string): string | undefined {
  const value: unknown = mail.headers.get(name);
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : String(value[0]);
  if (typeof value === 'object' && typeof Reflect.get(value, 'value') === 'string')
    return Reflect.get(value, 'value') as string;
  if (typeof value === 'object' && typeof Reflect.get(value, 'text') === 'string')
    return Reflect.get(value, 'text') as string;
  return String(value);
}

/** Every occurrence of a header, each unfolded, from the raw header lines. */
function headerValues(mail: ParsedMail, name: string): string[] {
  return mail.headerLines
    .filter((line) => line.key === name)
    .map((line) =>
      line.line
        .slice(line.line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    );
}

/** The parser's failure in words an operator can act on. */
function refusalOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/header size/i.test(message))
    return `a header block larger than ${MESSAGE_LIMITS.headBytes / 1024} kB`;
  if (/child nodes/i.test(message)) return `more than ${MESSAGE_LIMITS.parts} MIME parts`;
  return `not a readable email message (${message.split('\n')[0]?.slice(0, 200) ?? ''})`;
}
