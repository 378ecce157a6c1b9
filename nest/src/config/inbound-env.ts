import { IsEmail, IsIn, IsOptional, IsString, Matches, MinLength } from 'class-validator';

import { LEAD_KIND_KEYS, type LeadKindKey } from '../contract';

import { ChatWebhookVariables } from './chat-webhook-env';
import { WholeNumber } from './whole-number';

/** Room left in an address's 64-character local part for `+` and the reply token (41 characters). */
export const INBOUND_LOCAL_PART_MAX = 22;
const MAX_BYTES_MESSAGE =
  'INBOUND_MAX_BYTES must be a whole number of bytes from 65536 to 104857600';

/**
 * The inbound-mail settings (issue 33), validated with the rest of the environment (the class the
 * API's environment extends; the chat webhooks' settings under it). One line each in
 * docs/inbound-email.md.
 */
export class InboundEnvironmentVariables extends ChatWebhookVariables {
  /** The mailbox read for answers: `imaps://user:password@host[:port]/MAILBOX` (INBOX if none). */
  @IsOptional()
  @Matches(/^imaps?:\/\/[^\s:@/]+(:[^\s@/]*)?@[^\s/:@]+(:\d{1,5})?(\/\S*)?$/, {
    message:
      'INBOUND_IMAP_URL must look like imaps://user:app-password@imap.example.com/INBOX (user and password URL-encoded)',
  })
  INBOUND_IMAP_URL?: string;

  /** How often the mailbox is looked into when IDLE does not tell (and as a safety net when it does). */
  @Matches(/^\d+(ms|s|m|h|d)$/, {
    message: 'INBOUND_POLL_INTERVAL must look like 1m, 30s or 5m',
  })
  INBOUND_POLL_INTERVAL = '1m';

  /** Where processed messages are moved (created if missing); unset: they stay, flagged \Seen. */
  @IsOptional()
  @IsString()
  // eslint-disable-next-line no-control-regex -- NUL is what a mailbox name must not hold
  @Matches(/^[^\r\n\u0000*%]{1,200}$/, {
    message: 'INBOUND_IMAP_DONE_FOLDER must be a mailbox name (one line, no * or %)',
  })
  INBOUND_IMAP_DONE_FOLDER?: string;

  /** The Standard Webhooks secret `POST /inbound/email` is signed with; unset: the webhook is off. */
  @IsOptional()
  @Matches(/^whsec_(?:[A-Za-z0-9+/]{4}){8,128}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, {
    message:
      'INBOUND_WEBHOOK_SECRET must be whsec_ followed by a base64 key of at least 24 bytes (whsec_$(openssl rand -base64 32))',
  })
  INBOUND_WEBHOOK_SECRET?: string;

  /** The largest message taken in, in bytes (raw, as received). */
  @WholeNumber(MAX_BYTES_MESSAGE, 65_536, 104_857_600)
  INBOUND_MAX_BYTES = 26_214_400;

  /**
   * The address answers come back to: replies go out with `Reply-To: <local>+<token>@<domain>`.
   * Unset: Reply-To stays the replying admin, and answers are matched by headers and sender only.
   */
  @IsOptional()
  @IsEmail({}, { message: 'INBOUND_ADDRESS must be an email address' })
  INBOUND_ADDRESS?: string;

  /** Signs the reply tokens; every API process must share it. Unset: made once into DATA_DIR. */
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'INBOUND_TOKEN_SECRET must be at least 32 characters' })
  INBOUND_TOKEN_SECRET?: string;

  /** The kind of lead a message from an unknown sender becomes, or `none` (the Unmatched list). */
  @IsIn([...LEAD_KIND_KEYS, 'none'], {
    message: `INBOUND_NEW_KIND must be one of: ${LEAD_KIND_KEYS.join(', ')}, none`,
  })
  INBOUND_NEW_KIND: LeadKindKey | 'none' = 'contactUs';

  /**
   * The authserv-id of the receiving server whose `Authentication-Results` header is trusted (its
   * SPF, DKIM or DMARC fail counts in a new lead's spam score). Unset: the header is not read.
   */
  @IsOptional()
  @Matches(/^[A-Za-z0-9.-]{1,253}$/, {
    message: 'INBOUND_TRUSTED_AUTHSERV_ID must be a host name such as mx.example.com',
  })
  INBOUND_TRUSTED_AUTHSERV_ID?: string;
}

/** The cross-variable rules of the inbound settings: a one-line message, or null. */
export function inboundProblem(
  env: InboundEnvironmentVariables & { NODE_ENV: string },
): string | null {
  const local = env.INBOUND_ADDRESS?.slice(0, env.INBOUND_ADDRESS.lastIndexOf('@'));
  if (local !== undefined && local.length > INBOUND_LOCAL_PART_MAX)
    return `INBOUND_ADDRESS's local part must be at most ${INBOUND_LOCAL_PART_MAX} characters: the reply token takes the rest of the 64`;
  if (local?.includes('+'))
    return 'INBOUND_ADDRESS must have no + in it: replies add +<token> themselves';
  if (env.NODE_ENV === 'production' && env.INBOUND_ADDRESS && !env.INBOUND_TOKEN_SECRET)
    return 'INBOUND_TOKEN_SECRET is required (at least 32 characters) when INBOUND_ADDRESS is set and NODE_ENV=production';
  return null;
}

/** The mailbox INBOUND_IMAP_URL names, its parts decoded. */
export interface ImapSettings {
  host: string;
  port: number;
  /** imaps:// (TLS from the start); imap:// upgrades with STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  pass: string;
  mailbox: string;
}

/** INBOUND_IMAP_URL's parts (validated before: the pattern above). */
export function imapSettingsOf(url: string): ImapSettings {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  const mailbox = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'INBOX';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(parsed.username),
    pass: decodeURIComponent(parsed.password),
    mailbox,
  };
}
