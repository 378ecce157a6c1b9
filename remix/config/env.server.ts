/**
 * The web server's environment, read and checked once at start-up: a wrong value stops the server
 * with one line naming the variable instead of failing on the first request. Documented in the
 * README's configuration table.
 */
export interface WebEnv {
  NODE_ENV: 'development' | 'production' | 'test';
  WEB_PORT: number;
  WEB_HOST: string;
  /** Where the web server reaches the NestJS API (server to server; never sent to browsers). */
  API_URL: string;
  /** Public origin of the site, for canonical and Open Graph URLs. */
  SITE_URL: string;
  /** Send the session cookie only over HTTPS. */
  COOKIE_SECURE: boolean;
  PRODUCT_NAME: string;
  MARKETPLACE_NAME: string;
  MARKETPLACE_URL: string;
}

export class WebConfigError extends Error {}

function port(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > 65535)
    throw new WebConfigError(`${name} must be a port number (0-65535)`);
  return value;
}

function httpUrl(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebConfigError(`${name} must be an http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new WebConfigError(`${name} must be an http(s) URL`);
  return raw.replace(/\/+$/, '');
}

function text(name: string, raw: string | undefined, fallback: string, max = 80): string {
  const value = (raw ?? '').trim() || fallback;
  if (value.length > max) throw new WebConfigError(`${name} must be at most ${max} characters`);
  return value;
}

function flag(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new WebConfigError(`${name} must be true or false`);
}

export function parseWebEnv(source: NodeJS.ProcessEnv): WebEnv {
  const nodeEnv = source.NODE_ENV ?? 'development';
  if (nodeEnv !== 'development' && nodeEnv !== 'production' && nodeEnv !== 'test')
    throw new WebConfigError('NODE_ENV must be development, production or test');
  const webPort = port('WEB_PORT', source.WEB_PORT, 3000);
  const apiPort = port('API_PORT', source.API_PORT, 3001);
  return {
    NODE_ENV: nodeEnv,
    WEB_PORT: webPort,
    WEB_HOST: text('WEB_HOST', source.WEB_HOST, '127.0.0.1', 255),
    API_URL: httpUrl('API_URL', source.API_URL || `http://127.0.0.1:${apiPort}`),
    SITE_URL: httpUrl('SITE_URL', source.SITE_URL || `http://localhost:${webPort}`),
    COOKIE_SECURE: flag('COOKIE_SECURE', source.COOKIE_SECURE, nodeEnv === 'production'),
    PRODUCT_NAME: text('PRODUCT_NAME', source.PRODUCT_NAME, 'Boat Market Data'),
    MARKETPLACE_NAME: text('MARKETPLACE_NAME', source.MARKETPLACE_NAME, 'Boat Marketplace'),
    MARKETPLACE_URL: httpUrl(
      'MARKETPLACE_URL',
      source.MARKETPLACE_URL || 'https://marketplace.example.com',
    ),
  };
}

let cached: WebEnv | undefined;

/** The validated environment (parsed on first use; the server calls it at start-up). */
export function getWebEnv(): WebEnv {
  cached ??= parseWebEnv(process.env);
  return cached;
}
