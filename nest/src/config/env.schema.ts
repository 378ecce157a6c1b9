import { plainToInstance } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MinLength,
  validateSync,
} from 'class-validator';

import {
  ADMIN_MFA_MODES,
  type AdminMfaMode,
  INTAKE_PROOF_MODES,
  type IntakeProofMode,
  PASSWORD_MIN_LENGTH,
} from '../contract';

import { inboundProblem, InboundEnvironmentVariables } from './inbound-env';
import { IsMailbox } from './mailbox';
import { WholeNumber } from './whole-number';

const DURATION = /^\d+(ms|s|m|h|d)$/;
const PORT_MESSAGE = '$property must be a port number (0-65535)';
const COUNT_MESSAGE = '$property must be a whole number of at least 1';
/** A domain name of dot-separated labels whose last one has a letter: WebAuthn refuses IP addresses. */
const RP_ID =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9-]*[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/i;

/** The API's environment (more in inbound-env.ts, chat-webhook-env.ts): docs/configuration.md */
export class EnvironmentVariables extends InboundEnvironmentVariables {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @WholeNumber(PORT_MESSAGE, 0, 65535)
  API_PORT = 3001;

  @IsString()
  API_HOST = '127.0.0.1';

  @IsOptional()
  @Matches(/^mongodb(\+srv)?:\/\/\S+$/, {
    message: 'MONGODB_URI must be a mongodb:// or mongodb+srv:// URI',
  })
  MONGODB_URI?: string;

  /** Database name; the URI's own path, if any, wins over the default. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,63}$/, { message: 'MONGODB_DB must be 1-63 letters, digits, _ or -' })
  MONGODB_DB?: string;

  @IsString()
  @MinLength(1)
  DATA_DIR = './.data';

  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' })
  JWT_SECRET?: string;

  @Matches(DURATION, { message: 'JWT_TTL must look like 8h, 30m, 3600s or 1d' })
  JWT_TTL = '8h';

  /** A session unused for longer is refused, even before JWT_TTL ends (ASVS V7.3.1). */
  @Matches(DURATION, { message: 'SESSION_IDLE_TIMEOUT must look like 30m, 45s, 1h or 1d' })
  SESSION_IDLE_TIMEOUT = '30m';

  /** Whether every admin must have a second factor; unset: `required` in production only. */
  @IsOptional()
  @IsIn(ADMIN_MFA_MODES, { message: 'ADMIN_MFA must be required or optional' })
  ADMIN_MFA?: AdminMfaMode;

  /** How often the kept lead totals are checked against a count (decision 0005). */
  @Matches(DURATION, { message: 'TOTALS_CHECK_INTERVAL must look like 10m, 600s or 1h' })
  TOTALS_CHECK_INTERVAL = '10m';

  /** How often leads an assignment rule left waiting are looked at again (issue 35). */
  @Matches(DURATION, { message: 'ASSIGNMENT_SWEEP_INTERVAL must look like 30s, 1m or 1h' })
  ASSIGNMENT_SWEEP_INTERVAL = '30s';

  /** Whether the API builds missing indexes at start; `false` leaves it to `npm run db:indexes`. */
  @IsIn(['true', 'false'], { message: 'MONGODB_AUTO_INDEX must be true or false' })
  MONGODB_AUTO_INDEX: 'true' | 'false' = 'true';

  @IsOptional()
  @IsEmail({}, { message: 'ADMIN_EMAIL must be an email address' })
  ADMIN_EMAIL?: string;

  @IsOptional()
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH, {
    message: `ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters`,
  })
  ADMIN_PASSWORD?: string;

  /** Comma-separated list of origins allowed to call the API from a browser. */
  @Matches(/^https?:\/\/[^\s,]+(,\s*https?:\/\/[^\s,]+)*$/, {
    message: 'CORS_ORIGINS must be a comma-separated list of http(s) origins',
  })
  CORS_ORIGINS = 'http://localhost:3000';

  /** Which proxies may tell us the client's address (Express `trust proxy` syntax). */
  @IsString()
  TRUST_PROXY = 'loopback';

  @WholeNumber(COUNT_MESSAGE, 1)
  INTAKE_RATE_LIMIT = 10;

  @WholeNumber(COUNT_MESSAGE, 1)
  INTAKE_RATE_TTL = 60;

  /** Requests one API key may make per minute, on all API processes together (429 beyond). */
  @WholeNumber(COUNT_MESSAGE, 1)
  API_KEY_RATE_LIMIT = 300;

  /**
   * Where the intake limit and the sign-in throttle count: `database` (shared by every API process
   * on it, so replicas don't multiply the limits) or `memory` (one process: the embedded default).
   */
  @IsIn(['database', 'memory'], { message: 'RATE_LIMIT_STORE must be database or memory' })
  RATE_LIMIT_STORE: 'database' | 'memory' = 'database';

  /** `off` scores no submission: none is held as spam (a deployment behind its own filter, a load test). */
  @IsIn(['on', 'off'], { message: 'SPAM_FILTER must be on or off' })
  SPAM_FILTER: 'on' | 'off' = 'on';

  /** Failed sign-ins that lock one (client address, account) pair for 15 minutes. */
  @WholeNumber(COUNT_MESSAGE, 1)
  LOGIN_LIMIT_PER_ADDRESS_AND_ACCOUNT = 5;

  /** Failed sign-ins that lock one client address for 15 minutes. */
  @WholeNumber(COUNT_MESSAGE, 1)
  LOGIN_LIMIT_PER_ADDRESS = 20;

  /** The longest wait before answering a sign-in to an account with recent failures (0: none). */
  @WholeNumber('LOGIN_DELAY_MAX_MS must be a whole number of milliseconds', 0)
  LOGIN_DELAY_MAX_MS = 4_000;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent' = 'info';

  /** Public URL of the web app, used in notification emails to link to the admin. */
  @Matches(/^https?:\/\/\S+$/, { message: 'WEB_URL must be an http(s) URL' })
  WEB_URL = 'http://localhost:3000';

  /**
   * The passkeys' relying party: a domain the web app's host is (or is under). Unset: WEB_URL's
   * host. Passkeys registered under one RP ID work only under it.
   */
  @IsOptional()
  @Matches(RP_ID, {
    message: 'WEBAUTHN_RP_ID must be a domain name such as example.com (not an IP address)',
  })
  WEBAUTHN_RP_ID?: string;

  /** The origin browsers run passkey ceremonies on (the web app's). Unset: WEB_URL's origin. */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#]+$/, {
    message: 'WEBAUTHN_ORIGIN must be an http(s) origin such as https://example.com (no path)',
  })
  WEBAUTHN_ORIGIN?: string;

  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'LEAD_WEBHOOK_URL must be an http(s) URL' })
  LEAD_WEBHOOK_URL?: string;

  /**
   * The Standard Webhooks secret every webhook call is signed with: `whsec_` and a base64 key of
   * at least 24 bytes (`whsec_$(openssl rand -base64 32)`). Required with LEAD_WEBHOOK_URL.
   */
  @IsOptional()
  @Matches(/^whsec_(?:[A-Za-z0-9+/]{4}){8,128}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, {
    message:
      'LEAD_WEBHOOK_SECRET must be whsec_ followed by a base64 key of at least 24 bytes (whsec_$(openssl rand -base64 32))',
  })
  LEAD_WEBHOOK_SECRET?: string;

  /**
   * The intake's proof of work (issue 22): `score` (a missing proof counts against a submission),
   * `required` (a JSON intake without a valid proof or key is refused) or `off`.
   */
  @IsIn(INTAKE_PROOF_MODES, {
    message: `INTAKE_PROOF must be one of: ${INTAKE_PROOF_MODES.join(', ')}`,
  })
  INTAKE_PROOF: IntakeProofMode = 'score';

  /** Signs the intake's challenges; every API process on the database must share it. */
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'ALTCHA_HMAC_KEY must be at least 32 characters' })
  ALTCHA_HMAC_KEY?: string;

  /** Secrets of trusted server-to-server senders (X-Intake-Key), comma-separated. */
  @IsOptional()
  @Matches(/^\s*[^,\s]{24,}\s*(,\s*[^,\s]{24,}\s*)*$/, {
    message: 'INTAKE_KEYS must be a comma-separated list of secrets of at least 24 characters',
  })
  INTAKE_KEYS?: string;

  /** Days an archived lead is kept before the daily run deletes it; unset: kept until deleted. */
  @IsOptional()
  @WholeNumber(COUNT_MESSAGE, 1)
  RETENTION_ARCHIVED_DAYS?: number;

  /** Days a lead stays in Spam before the daily run deletes it. */
  @WholeNumber(COUNT_MESSAGE, 1)
  SPAM_RETENTION_DAYS = 30;

  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsOptional()
  @IsEmail({}, { message: 'NOTIFY_EMAIL must be an email address' })
  NOTIFY_EMAIL?: string;

  @IsOptional()
  @IsMailbox()
  NOTIFY_FROM?: string;
}

export class ConfigError extends Error {}

/** Validates raw environment values; throws a ConfigError whose message is one line naming the variable. */
export function parseEnvironment(raw: Record<string, unknown>): EnvironmentVariables {
  // Empty strings mean "unset", as in a .env file with `KEY=`.
  const present = Object.fromEntries(
    Object.entries(raw).filter(([, v]) => v !== undefined && v !== ''),
  );
  const env = plainToInstance(EnvironmentVariables, present, { exposeDefaultValues: true });
  const errors = validateSync(env, { stopAtFirstError: true });
  const first = errors[0];
  if (first) {
    const message = Object.values(first.constraints ?? {})[0] ?? 'is invalid';
    throw new ConfigError(
      message.startsWith(first.property) ? message : `${first.property} ${message}`,
    );
  }
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
    throw new ConfigError(
      'JWT_SECRET is required (at least 32 characters) when NODE_ENV=production',
    );
  }
  // Production asks for a second factor unless told otherwise; a newcomer's demo does not.
  env.ADMIN_MFA ??= env.NODE_ENV === 'production' ? 'required' : 'optional';
  // Replicas check each other's challenges: a key made up by each process would refuse them.
  if (env.NODE_ENV === 'production' && env.INTAKE_PROOF !== 'off' && !env.ALTCHA_HMAC_KEY) {
    throw new ConfigError(
      'ALTCHA_HMAC_KEY is required (at least 32 characters) when NODE_ENV=production, unless INTAKE_PROOF=off',
    );
  }
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (env.LEAD_WEBHOOK_URL && !env.LEAD_WEBHOOK_SECRET) {
    throw new ConfigError(
      'LEAD_WEBHOOK_URL is set but LEAD_WEBHOOK_SECRET is not: webhook calls are signed (whsec_$(openssl rand -base64 32))',
    );
  }
  const passkeys = webauthnOf(env);
  if (passkeys) {
    const host = new URL(passkeys.origin).hostname;
    if (host !== passkeys.rpId && !host.endsWith(`.${passkeys.rpId}`))
      throw new ConfigError(
        `WEBAUTHN_ORIGIN's host (${host}) must be WEBAUTHN_RP_ID (${passkeys.rpId}) or under it`,
      );
  }
  if (env.NOTIFY_EMAIL && !env.SMTP_URL) {
    throw new ConfigError('NOTIFY_EMAIL is set but SMTP_URL is not');
  }
  const inbound = inboundProblem(env);
  if (inbound) throw new ConfigError(inbound);
  return env;
}

/**
 * The passkeys' relying party ID and origin: as set, else from WEB_URL (the web app's address).
 * Null when WEB_URL's host is an IP address and no RP ID is set: browsers refuse passkeys there, so
 * the API runs without them (their calls answer 409) rather than refuse to start a deployment
 * that signs in with a password and TOTP.
 */
export function webauthnOf(env: EnvironmentVariables): { rpId: string; origin: string } | null {
  const web = new URL(env.WEB_URL);
  const origin = (env.WEBAUTHN_ORIGIN ?? web.origin).replace(/\/$/, '');
  const rpId = (env.WEBAUTHN_RP_ID ?? new URL(origin).hostname).toLowerCase();
  return RP_ID.test(rpId) ? { rpId, origin } : null;
}
