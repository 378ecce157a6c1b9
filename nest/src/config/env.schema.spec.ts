import { durationToSeconds, resolveAppConfig } from './app-config';
import { ConfigError, parseEnvironment, webauthnOf } from './env.schema';

describe('NOTIFY_FROM', () => {
  const smtp = { SMTP_URL: 'smtp://localhost:2525' };

  it.each([
    ['leads@example.com', { name: null, address: 'leads@example.com' }],
    ['Sales <sales@example.com>', { name: 'Sales', address: 'sales@example.com' }],
    ['"Sales, EU" <sales@example.com>', { name: 'Sales, EU', address: 'sales@example.com' }],
    ['<sales@example.com>', { name: null, address: 'sales@example.com' }],
  ])('takes %s as a sender', (value, sender) => {
    const config = resolveAppConfig(parseEnvironment({ ...smtp, NOTIFY_FROM: value }));
    expect({ name: config.notifications.fromName, address: config.notifications.from }).toEqual(
      sender,
    );
  });

  it.each(['sales', 'Sales sales@example.com', 'Sales <sales>', 'Sales <a@b.example> x'])(
    'refuses %s, saying which forms it takes',
    (value) => {
      expect(() => parseEnvironment({ ...smtp, NOTIFY_FROM: value })).toThrow(
        new ConfigError(
          'NOTIFY_FROM must be an email address (leads@example.com) or a name and address (Sales <sales@example.com>)',
        ),
      );
    },
  );
});

describe('parseEnvironment', () => {
  it('applies the documented defaults', () => {
    const env = parseEnvironment({});
    expect(env).toEqual(
      expect.objectContaining({
        NODE_ENV: 'development',
        API_PORT: 3001,
        DATA_DIR: './.data',
        JWT_TTL: '8h',
        CORS_ORIGINS: 'http://localhost:3000',
        TRUST_PROXY: 'loopback',
        INTAKE_RATE_LIMIT: 10,
        INTAKE_RATE_TTL: 60,
      }),
    );
    expect(env.MONGODB_URI).toBeUndefined();
  });

  it.each([
    [{ API_PORT: 'abc' }, 'API_PORT must be a port number (0-65535)'],
    [{ API_PORT: '70000' }, 'API_PORT must be a port number (0-65535)'],
    [{ JWT_TTL: 'forever' }, 'JWT_TTL must look like 8h, 30m, 3600s or 1d'],
    [
      { NODE_ENV: 'production' },
      'JWT_SECRET is required (at least 32 characters) when NODE_ENV=production',
    ],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ MONGODB_URI: 'http://db' }, 'MONGODB_URI must be a mongodb:// or mongodb+srv:// URI'],
    [
      { CORS_ORIGINS: 'localhost' },
      'CORS_ORIGINS must be a comma-separated list of http(s) origins',
    ],
    [{ ADMIN_EMAIL: 'admin@example.com' }, 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together'],
    [
      { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'short' },
      'ADMIN_PASSWORD must be at least 12 characters',
    ],
    [{ INTAKE_RATE_LIMIT: '0' }, 'INTAKE_RATE_LIMIT must be a whole number of at least 1'],
    [{ ADMIN_MFA: 'sometimes' }, 'ADMIN_MFA must be required or optional'],
    [{ SESSION_IDLE_TIMEOUT: 'soon' }, 'SESSION_IDLE_TIMEOUT must look like 30m, 45s, 1h or 1d'],
    [
      { WEBAUTHN_RP_ID: '10.0.0.5' },
      'WEBAUTHN_RP_ID must be a domain name such as example.com (not an IP address)',
    ],
    [
      { WEBAUTHN_ORIGIN: 'https://admin.example.com/login' },
      'WEBAUTHN_ORIGIN must be an http(s) origin such as https://example.com (no path)',
    ],
    [
      { WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGIN: 'https://example.org' },
      "WEBAUTHN_ORIGIN's host (example.org) must be WEBAUTHN_RP_ID (example.com) or under it",
    ],
    [
      { LEAD_WEBHOOK_URL: 'https://hooks.example.com/leads' },
      'LEAD_WEBHOOK_URL is set but LEAD_WEBHOOK_SECRET is not: webhook calls are signed (whsec_$(openssl rand -base64 32))',
    ],
    ...['secret', 'whsec_short', `whsec_${'a'.repeat(31)}`, `whsec_${'a'.repeat(32)}!`].map(
      (LEAD_WEBHOOK_SECRET): [Record<string, string>, string] => [
        { LEAD_WEBHOOK_SECRET },
        'LEAD_WEBHOOK_SECRET must be whsec_ followed by a base64 key of at least 24 bytes (whsec_$(openssl rand -base64 32))',
      ],
    ),
    [
      { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) },
      'ALTCHA_HMAC_KEY is required (at least 32 characters) when NODE_ENV=production, unless INTAKE_PROOF=off',
    ],
    [{ ALTCHA_HMAC_KEY: 'short' }, 'ALTCHA_HMAC_KEY must be at least 32 characters'],
    [{ INTAKE_PROOF: 'maybe' }, 'INTAKE_PROOF must be one of: score, required, off'],
    [
      { INTAKE_KEYS: 'k'.repeat(30) + ',short' },
      'INTAKE_KEYS must be a comma-separated list of secrets of at least 24 characters',
    ],
    [
      { RETENTION_ARCHIVED_DAYS: '0' },
      'RETENTION_ARCHIVED_DAYS must be a whole number of at least 1',
    ],
    [{ SPAM_RETENTION_DAYS: 'soon' }, 'SPAM_RETENTION_DAYS must be a whole number of at least 1'],
  ])('refuses %j with one line naming the variable', (raw, message) => {
    expect(() => parseEnvironment(raw)).toThrow(new ConfigError(message));
  });

  it('accepts a production configuration', () => {
    const env = parseEnvironment({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      ALTCHA_HMAC_KEY: 'a'.repeat(32),
      INTAKE_KEYS: `${'m'.repeat(24)}, ${'n'.repeat(40)}`,
      RETENTION_ARCHIVED_DAYS: '365',
      MONGODB_URI: 'mongodb+srv://user:pw@cluster0.example.net/leads?retryWrites=true',
      CORS_ORIGINS: 'https://www.example.com, https://marketplace.example.com',
      LEAD_WEBHOOK_URL: 'https://hooks.example.com/leads',
      LEAD_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
    });
    expect(env.NODE_ENV).toBe('production');
    expect(env.RETENTION_ARCHIVED_DAYS).toBe(365);
    expect(env.SPAM_RETENTION_DAYS).toBe(30);
    expect(env.INTAKE_PROOF).toBe('score');
    // A second factor is required unless the operator says otherwise.
    expect(env.ADMIN_MFA).toBe('required');
    expect(
      parseEnvironment({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(32),
        INTAKE_PROOF: 'off',
        ADMIN_MFA: 'optional',
      }).ADMIN_MFA,
    ).toBe('optional');
  });

  it('lets production go without ALTCHA_HMAC_KEY when the proof is off', () => {
    const env = parseEnvironment({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      INTAKE_PROOF: 'off',
    });
    expect(env.ALTCHA_HMAC_KEY).toBeUndefined();
  });

  it('makes the second factor optional outside production, with a 30-minute idle timeout', () => {
    for (const NODE_ENV of ['development', 'test'])
      expect(parseEnvironment({ NODE_ENV })).toMatchObject({
        ADMIN_MFA: 'optional',
        SESSION_IDLE_TIMEOUT: '30m',
      });
    expect(parseEnvironment({ ADMIN_MFA: 'required' }).ADMIN_MFA).toBe('required');
  });
});

describe('the chat alerts’ webhooks (SLACK_WEBHOOK_URL, TEAMS_WEBHOOK_URL)', () => {
  it.each([
    ['SLACK_WEBHOOK_URL', 'https://hooks.slack.com/services/T000/B000/XXXX'],
    [
      'TEAMS_WEBHOOK_URL',
      'https://prod-12.westeurope.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?api-version=2016-06-01&sig=x',
    ],
    ['SLACK_WEBHOOK_URL', 'http://127.0.0.1:4010/slack'],
    ['TEAMS_WEBHOOK_URL', 'http://localhost:4010/teams'],
    ['SLACK_WEBHOOK_URL', 'http://[::1]:4010/slack'],
  ])('takes %s=%s', (name, url) => {
    expect(parseEnvironment({ [name]: url })[name as 'SLACK_WEBHOOK_URL']).toBe(url);
  });

  it.each([
    ['SLACK_WEBHOOK_URL', 'http://hooks.slack.com/services/T000/B000/XXXX'],
    ['TEAMS_WEBHOOK_URL', 'http://10.0.0.5/teams'],
    ['SLACK_WEBHOOK_URL', 'http://127.0.0.1.evil.example/slack'],
    ['SLACK_WEBHOOK_URL', 'ftp://hooks.example.com/x'],
    ['TEAMS_WEBHOOK_URL', 'hooks.example.com/teams'],
    ['SLACK_WEBHOOK_URL', 'https://user:pw@hooks.example.com/x'],
    ['TEAMS_WEBHOOK_URL', 'https://hooks.example.com/a b'],
  ])('refuses %s=%s, naming the variable', (name, url) => {
    expect(() => parseEnvironment({ [name]: url })).toThrow(
      new ConfigError(
        `${name} must be an https:// URL (http:// only to a loopback address such as 127.0.0.1)`,
      ),
    );
  });
});

describe('webauthnOf', () => {
  it('derives the passkeys’ relying party from WEB_URL unless told', () => {
    expect(webauthnOf(parseEnvironment({}))).toEqual({
      rpId: 'localhost',
      origin: 'http://localhost:3000',
    });
    expect(webauthnOf(parseEnvironment({ WEB_URL: 'https://admin.example.com/app/' }))).toEqual({
      rpId: 'admin.example.com',
      origin: 'https://admin.example.com',
    });
    expect(
      webauthnOf(
        parseEnvironment({
          WEB_URL: 'https://admin.example.com',
          WEBAUTHN_RP_ID: 'Example.com',
        }),
      ),
    ).toEqual({ rpId: 'example.com', origin: 'https://admin.example.com' });
  });

  it('starts without passkeys when the web app is reached by an IP address', () => {
    expect(webauthnOf(parseEnvironment({ WEB_URL: 'http://192.168.1.20:3000' }))).toBeNull();
  });
});

describe('durationToSeconds', () => {
  it.each([
    ['8h', 28_800],
    ['30m', 1_800],
    ['45s', 45],
    ['1d', 86_400],
  ])('%s is %d seconds', (text, seconds) => expect(durationToSeconds(text)).toBe(seconds));
});
