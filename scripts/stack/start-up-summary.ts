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
}

export function summaryLines({ webUrl, apiUrl, admin }: StartUpSummary): string[] {
  const signIn = !admin
    ? 'add an admin: npm run admin -- --email you@example.com'
    : admin.demo
      ? `${admin.email} / ${admin.password}`
      : `${admin.email} (password: ADMIN_PASSWORD)`;
  return [
    '',
    'Ready.',
    `  web       ${webUrl}`,
    `  admin     ${webUrl}${ADMIN_PATH}`,
    `  sign in   ${signIn}`,
    `  API       ${apiUrl}  (OpenAPI: ${apiUrl}/docs)`,
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
