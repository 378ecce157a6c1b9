/**
 * What `npm run dev` and `npm start` print last at start-up, once the web server and the API both
 * answer: where everything is and how to sign in. Nothing a first run needs scrolls away above it.
 */
import { ADMIN_PATH } from '../../remix/config/paths';

export interface StartUpSummary {
  webUrl: string;
  apiUrl: string;
  /** The admin created at start-up; its password is shown only for the generated demo admin. */
  admin?: { email: string; password: string; demo: boolean };
  /** SMTP_URL and NOTIFY_EMAIL as the API read them. */
  email: { smtpUrl?: string; notifyEmail?: string };
}

/** Hosts that are this machine: their URLs are written with `localhost`. */
const LOOPBACK = new Set(['127.0.0.1', '[::1]', '0.0.0.0', '[::]', 'localhost']);

/**
 * The URL as a browser on this machine should open it: `localhost` for a loopback or any-address
 * host. The session cookie is per host, and WEB_URL (links in emails) and the passkeys' origin
 * default to localhost, so a first sign-in on 127.0.0.1 would be a different site to them.
 */
export function localUrl(url: string): string {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || !LOOPBACK.has(parsed.hostname)) return url;
  parsed.hostname = 'localhost';
  return parsed.origin;
}

/** The SMTP server's host and port, never its user or password; the API has checked the URL. */
function serverOf(smtpUrl: string): string {
  try {
    return new URL(smtpUrl).host;
  } catch {
    return 'SMTP_URL';
  }
}

/** Whether email goes out, and what that means for a newcomer (lead-work, notification-channels). */
function emailLine({ smtpUrl, notifyEmail }: StartUpSummary['email']): string {
  if (!smtpUrl)
    return "off (SMTP_URL unset): nothing is emailed; a lead's page cannot send replies";
  const on = `on (${serverOf(smtpUrl)}): replies are sent, owners told when a lead writes again`;
  return notifyEmail
    ? `${on}, new leads emailed to ${notifyEmail}`
    : `${on}; no email for new leads (NOTIFY_EMAIL unset)`;
}

export function summaryLines({ webUrl, apiUrl, admin, email }: StartUpSummary): string[] {
  const signIn = !admin
    ? 'add an admin: npm run admin -- --email you@example.com'
    : admin.demo
      ? `${admin.email} / ${admin.password}`
      : `${admin.email} (password: ADMIN_PASSWORD)`;
  const [web, api] = [localUrl(webUrl), localUrl(apiUrl)];
  return [
    '',
    'Ready.',
    `  web       ${web}`,
    `  admin     ${web}${ADMIN_PATH}`,
    `  sign in   ${signIn}`,
    `  API       ${api}  (OpenAPI: ${api}/docs)`,
    `  email     ${emailLine(email)}`,
    '',
  ];
}

const POLL_MS = 500;

/** Settles once every URL answers 200 (polled), or never if `stopped()` turns true first. */
export async function whenAnswering(urls: string[], stopped: () => boolean): Promise<void> {
  for (const url of urls) {
    while (!(await answers(url))) {
      if (stopped()) return new Promise<void>(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000), redirect: 'manual' });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}
