import { type Browser, type Page } from 'playwright-core';

import {
  type PasskeyAuthenticationJson,
  type PasskeyRegistrationJson,
} from '../../nest/src/contract';

import { launchBrowser } from './browser';

/** The API's default WebAuthn origin (WEB_URL's): localhost, so Chromium treats it as secure. */
export const TEST_WEBAUTHN_ORIGIN = 'http://localhost:3000';

/**
 * A passkey authenticator for API tests: Chromium's DevTools virtual authenticator (CTAP2, user
 * verification on), on a blank page served by the browser itself at the API's expected origin.
 * The ceremonies run in the page as a web app would run them; their answers go to the API from
 * the test.
 */
export interface VirtualAuthenticator {
  create(options: Record<string, unknown>): Promise<PasskeyRegistrationJson>;
  get(options: Record<string, unknown>): Promise<PasskeyAuthenticationJson>;
  /** Swaps the authenticator for a new one without credentials (another security key, say). */
  replaceDevice(): Promise<void>;
  close(): Promise<void>;
}

export async function virtualAuthenticator(
  origin = TEST_WEBAUTHN_ORIGIN,
): Promise<VirtualAuthenticator> {
  const browser: Browser = await launchBrowser();
  const page: Page = await browser.newPage();
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>passkeys</title>' }),
  );
  await page.goto(`${origin}/`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const addDevice = async () =>
    (
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
        },
      })
    ).authenticatorId;
  let device = await addDevice();
  return {
    replaceDevice: async () => {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: device });
      device = await addDevice();
    },
    create: (options) =>
      page.evaluate(async (json) => {
        const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(
          json as unknown as PublicKeyCredentialCreationOptionsJSON,
        );
        const credential = (await navigator.credentials.create({
          publicKey,
        })) as PublicKeyCredential;
        return credential.toJSON() as PasskeyRegistrationJson;
      }, options),
    get: (options) =>
      page.evaluate(async (json) => {
        const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(
          json as unknown as PublicKeyCredentialRequestOptionsJSON,
        );
        const credential = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential;
        return credential.toJSON() as PasskeyAuthenticationJson;
      }, options),
    close: () => browser.close(),
  };
}
