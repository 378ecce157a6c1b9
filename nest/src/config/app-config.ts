import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

import { type AdminMfaMode, type IntakeProofMode, type LeadKindKey } from '../contract';

import { type EnvironmentVariables, webauthnOf } from './env.schema';
import { type ImapSettings, imapSettingsOf } from './inbound-env';
import { parseMailbox } from './mailbox';

/** The API's settings, typed and derived once from the validated environment. Injected by class token. */
export abstract class AppConfig {
  abstract readonly nodeEnv: EnvironmentVariables['NODE_ENV'];
  abstract readonly isProduction: boolean;
  abstract readonly api: { port: number; host: string };
  abstract readonly database: { uri?: string; name: string; autoIndex: boolean };
  abstract readonly totalsCheckIntervalSeconds: number;
  /** How often waiting leads are given owners when someone has room (ASSIGNMENT_SWEEP_INTERVAL). */
  abstract readonly assignmentSweepSeconds: number;
  abstract readonly dataDir: string;
  abstract readonly jwt: { secret: string; ttlSeconds: number; issuer: string; audience: string };
  /** How long a session may go unused before it is refused (SESSION_IDLE_TIMEOUT). */
  abstract readonly sessionIdleTimeoutSeconds: number;
  /** Whether every admin must have a second factor (ADMIN_MFA; always set after validation). */
  abstract readonly adminMfa: AdminMfaMode;
  /** Admin to create at start-up when missing; `demo` marks the generated development one. */
  abstract readonly bootstrapAdmin?: { email: string; password: string; demo: boolean };
  abstract readonly corsOrigins: string[];
  abstract readonly trustProxy: string;
  abstract readonly intakeRateLimit: { limit: number; ttlSeconds: number };
  /** Requests per minute one API key may make (API_KEY_RATE_LIMIT). */
  abstract readonly apiKeyRateLimit: number;
  /** Where limits count: the database unless one process runs alone (RATE_LIMIT_STORE). */
  abstract readonly rateLimitStore: EnvironmentVariables['RATE_LIMIT_STORE'];
  /** Whether submissions are scored and spam held (SPAM_FILTER). */
  abstract readonly spamFilter: boolean;
  abstract readonly loginThrottle: {
    perAddressAndAccount: number;
    perAddress: number;
    maxDelayMs: number;
  };
  abstract readonly logLevel: EnvironmentVariables['LOG_LEVEL'];
  abstract readonly webUrl: string;
  /**
   * The passkeys' relying party (WEBAUTHN_RP_ID) and the origin ceremonies run on (WEBAUTHN_ORIGIN);
   * null when the web app is reached by an IP address, where browsers offer no passkeys.
   */
  abstract readonly webauthn: { rpId: string; origin: string; rpName: string } | null;
  /** The intake's proof of work and its trusted senders (issue 22). */
  abstract readonly intakeProof: {
    mode: IntakeProofMode;
    hmacKey: string;
    /** INTAKE_KEYS: secrets whose `X-Intake-Key` skips the proof. */
    keys: readonly string[];
  };
  /** How long leads are kept (the daily retention run); null days: kept until deleted by hand. */
  abstract readonly retention: { archivedDays: number | null; spamDays: number };
  abstract readonly notifications: {
    webhookUrl?: string;
    /** The Standard Webhooks secret (`whsec_…`); set whenever webhookUrl is. */
    webhookSecret?: string;
    smtpUrl?: string;
    notifyEmail?: string;
    /** NOTIFY_FROM's address: mail's From, the domain of Message-IDs, one of our own addresses. */
    from: string;
    /** NOTIFY_FROM's display name (`Sales <sales@…>`), shown beside From; null when only an address. */
    fromName: string | null;
    /** The chat alerts' incoming webhooks (SLACK_WEBHOOK_URL, TEAMS_WEBHOOK_URL). */
    slackWebhookUrl?: string;
    teamsWebhookUrl?: string;
  };
  /** Answers by email coming back into their leads (issue 33; docs/inbound-email.md). */
  abstract readonly inbound: {
    imap: ImapSettings | null;
    pollIntervalMs: number;
    doneFolder: string | null;
    webhookSecret: string | null;
    maxBytes: number;
    /** INBOUND_ADDRESS: where replies ask answers to go (plus-addressed with a token). */
    address: string | null;
    tokenSecret: string;
    /** The kind a message from an unknown sender becomes; null: the Unmatched list. */
    newKind: LeadKindKey | null;
    trustedAuthservId: string | null;
  };
}

const JWT_ISSUER = 'boat-market-data-api';
const JWT_AUDIENCE = 'boat-market-data-admin';
export const DEMO_ADMIN_EMAIL = 'admin@example.com';

/** The database named in a URI's path (`mongodb://host/name`), as the MongoDB tools read it. */
function databaseInUri(uri: string | undefined): string | undefined {
  const match = uri ? /^mongodb(?:\+srv)?:\/\/[^/?]+\/([^/?]+)/.exec(uri) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/** DATA_DIR as an absolute path (relative ones are relative to the working directory). */
export function resolveDataDir(value: string): string {
  return isAbsolute(value) ? value : resolve(process.cwd(), value);
}

/** Where development keeps the demo admin's generated password, inside DATA_DIR. */
export const DEMO_ADMIN_PASSWORD_FILE = 'demo-admin-password';

/**
 * The admin created at start-up when missing: ADMIN_EMAIL/ADMIN_PASSWORD, else in development the
 * demo admin (its password generated once into DATA_DIR). Also read by `npm run dev` to say how to
 * sign in.
 */
export function bootstrapAdminOf(
  env: EnvironmentVariables,
  dataDir: string,
): AppConfig['bootstrapAdmin'] {
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD)
    return { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, demo: false };
  if (env.NODE_ENV !== 'development') return undefined;
  return {
    email: DEMO_ADMIN_EMAIL,
    password: persistedSecret(dataDir, DEMO_ADMIN_PASSWORD_FILE, 12),
    demo: true,
  };
}

export function resolveAppConfig(env: EnvironmentVariables): AppConfig {
  const dataDir = resolveDataDir(env.DATA_DIR);
  const isProduction = env.NODE_ENV === 'production';
  // Validated: parseMailbox reads NOTIFY_FROM whenever it is set.
  const sender = parseMailbox(env.NOTIFY_FROM ?? '') ?? { name: null, address: 'leads@localhost' };
  return {
    nodeEnv: env.NODE_ENV,
    isProduction,
    api: { port: env.API_PORT, host: env.API_HOST },
    database: {
      uri: env.MONGODB_URI,
      name: env.MONGODB_DB ?? databaseInUri(env.MONGODB_URI) ?? 'boat_market_data',
      autoIndex: env.MONGODB_AUTO_INDEX === 'true',
    },
    totalsCheckIntervalSeconds: durationToSeconds(env.TOTALS_CHECK_INTERVAL),
    assignmentSweepSeconds: durationToSeconds(env.ASSIGNMENT_SWEEP_INTERVAL),
    dataDir,
    jwt: {
      secret: env.JWT_SECRET ?? persistedSecret(dataDir, 'jwt-secret', 48),
      ttlSeconds: durationToSeconds(env.JWT_TTL),
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
    },
    sessionIdleTimeoutSeconds: durationToSeconds(env.SESSION_IDLE_TIMEOUT),
    adminMfa: env.ADMIN_MFA ?? (isProduction ? 'required' : 'optional'),
    bootstrapAdmin: bootstrapAdminOf(env, dataDir),
    corsOrigins: env.CORS_ORIGINS.split(',').map((o) => o.trim().replace(/\/$/, '')),
    trustProxy: env.TRUST_PROXY,
    intakeRateLimit: { limit: env.INTAKE_RATE_LIMIT, ttlSeconds: env.INTAKE_RATE_TTL },
    apiKeyRateLimit: env.API_KEY_RATE_LIMIT,
    rateLimitStore: env.RATE_LIMIT_STORE,
    spamFilter: env.SPAM_FILTER === 'on',
    loginThrottle: {
      perAddressAndAccount: env.LOGIN_LIMIT_PER_ADDRESS_AND_ACCOUNT,
      perAddress: env.LOGIN_LIMIT_PER_ADDRESS,
      maxDelayMs: env.LOGIN_DELAY_MAX_MS,
    },
    logLevel: env.LOG_LEVEL,
    webUrl: env.WEB_URL.replace(/\/$/, ''),
    webauthn: ((rp) => rp && { ...rp, rpName: 'Boat Market Data admin' })(webauthnOf(env)),
    intakeProof: {
      mode: env.INTAKE_PROOF,
      // Development and tests: made once into DATA_DIR, so processes sharing it agree on it.
      hmacKey: env.ALTCHA_HMAC_KEY ?? persistedSecret(dataDir, 'altcha-hmac-key', 32),
      keys: (env.INTAKE_KEYS ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    },
    retention: {
      archivedDays: env.RETENTION_ARCHIVED_DAYS ?? null,
      spamDays: env.SPAM_RETENTION_DAYS,
    },
    notifications: {
      webhookUrl: env.LEAD_WEBHOOK_URL,
      webhookSecret: env.LEAD_WEBHOOK_SECRET,
      smtpUrl: env.SMTP_URL,
      notifyEmail: env.NOTIFY_EMAIL,
      from: sender.address,
      fromName: sender.name,
      slackWebhookUrl: env.SLACK_WEBHOOK_URL,
      teamsWebhookUrl: env.TEAMS_WEBHOOK_URL,
    },
    inbound: {
      imap: env.INBOUND_IMAP_URL ? imapSettingsOf(env.INBOUND_IMAP_URL) : null,
      pollIntervalMs: durationToSeconds(env.INBOUND_POLL_INTERVAL) * 1000,
      doneFolder: env.INBOUND_IMAP_DONE_FOLDER ?? null,
      webhookSecret: env.INBOUND_WEBHOOK_SECRET ?? null,
      maxBytes: env.INBOUND_MAX_BYTES,
      address: env.INBOUND_ADDRESS ?? null,
      // Development and tests: made once into DATA_DIR, so processes sharing it agree on it.
      tokenSecret: env.INBOUND_TOKEN_SECRET ?? persistedSecret(dataDir, 'inbound-token-secret', 32),
      newKind: env.INBOUND_NEW_KIND === 'none' ? null : env.INBOUND_NEW_KIND,
      trustedAuthservId: env.INBOUND_TRUSTED_AUTHSERV_ID ?? null,
    },
  };
}

/**
 * Development convenience: a random secret generated on first start and kept in DATA_DIR, so tokens
 * and the demo password survive restarts without anyone having to invent one.
 */
function persistedSecret(dataDir: string, name: string, bytes: number): string {
  const path = join(dataDir, name);
  try {
    const existing = readFileSync(path, 'utf8').trim();
    // Older versions wrote it readable by every user; it signs every admin's session.
    chmodSync(path, 0o600);
    if (existing) return existing;
  } catch {
    // not there yet
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(bytes).toString('base64url');
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
}

const UNIT_SECONDS = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400 } as const;

export function durationToSeconds(value: string): number {
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(value);
  if (!match) throw new Error(`not a duration: ${value}`);
  return Math.max(
    1,
    Math.floor(Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS]),
  );
}
