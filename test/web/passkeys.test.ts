import { type Page } from 'playwright-core';

import { ADMIN_PATH, signIn } from './support/admin';
import { useOwnStack } from './support/own-stack';
import { axeViolations } from './support/suite';

const ACCOUNT = `${ADMIN_PATH}/account`;

/**
 * Chromium's DevTools virtual authenticator on the page (CTAP2, a platform one with user
 * verification): WebAuthn ceremonies on it succeed without a person, as with a fingerprint.
 */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

/**
 * The stack's own admin (ADMIN_MFA=optional, no factor yet) adds a passkey and uses it. The web
 * app is opened as http://localhost:<port> (a secure context, and a domain: WebAuthn refuses IP
 * addresses), the API's WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN derived from that WEB_URL.
 */
describe('passkeys on the Account page and at sign-in', () => {
  const own = useOwnStack({ LOGIN_DELAY_MAX_MS: '0' });
  const email = () => own.stack.admin.email;
  const password = () => own.stack.admin.password;
  const signedIn = (page: Page) =>
    page.getByRole('button', { name: 'Sign Out', exact: true }).waitFor();

  it('adds a passkey, signs in with the password and it, renames it and removes it', async () => {
    const page = await own.open();
    expect(new URL(page.url()).hostname).toBe('localhost');
    await addVirtualAuthenticator(page);
    await signIn(page, password(), email());
    await signedIn(page);
    await page.getByRole('link', { name: 'Account' }).click();
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByText('You have no passkey yet.').waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);

    // A name is asked before any ceremony.
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByText('Enter a name for the passkey.').waitFor();
    // The first factor: the password too.
    await section.getByLabel('Name of the new passkey').fill('Laptop');
    await section.getByLabel('Your password').fill('not the password');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByText('Password is not correct').waitFor();
    await section.getByLabel('Your password').fill(password());
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    // The first factor comes with recovery codes.
    await page.getByRole('heading', { name: 'Save these recovery codes now' }).waitFor();
    await page.getByRole('link', { name: 'I have saved them' }).click();
    const names = section.getByRole('list', { name: 'Your passkeys' }).locator('strong');
    await names.first().waitFor();
    await expect(names.allTextContents()).resolves.toEqual(['Laptop']);
    await section.getByText('last used never', { exact: false }).waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);

    // Sign out, then the password and the passkey.
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await signIn(page, password(), email());
    await page.getByText(`Signing in as ${email()}.`).waitFor();
    await page.getByText('Use your passkey, or enter a code.', { exact: false }).waitFor();
    // Without an authenticator app, the code is a recovery code.
    await page.getByLabel('Recovery code').waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await signedIn(page);

    await page.goto(own.url(ACCOUNT));
    await section.getByText('last used', { exact: false }).waitFor();
    await expect(section.getByText('last used never', { exact: false }).count()).resolves.toBe(0);
    await section.getByLabel('New name for Laptop').fill('Work laptop');
    await section.getByRole('button', { name: 'Rename Laptop' }).click();
    await page.getByText('The passkey has been renamed.').waitFor();
    await expect(names.allTextContents()).resolves.toEqual(['Work laptop']);

    // The same authenticator again: the browser refuses it (the API excludes the admin's own).
    await section.getByLabel('Name of the new passkey').fill('Again');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByText('This passkey is registered already.').waitFor();

    // Removal needs a fresh factor: asked in place, the passkey answers it.
    await own.mongo
      .db()
      .collection('admin_sessions')
      .updateMany({}, { $set: { verifiedAt: new Date(Date.now() - 6 * 60_000) } });
    await section.getByRole('button', { name: 'Remove Work laptop' }).click();
    await section.getByText('Confirm it is you').waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await section.getByRole('button', { name: 'Use a passkey instead' }).click();
    await page.getByText('The passkey has been removed.').waitFor();
    await section.getByText('You have no passkey yet.').waitFor();

    // No factor left: the password alone signs in again.
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await signIn(page, password(), email());
    await signedIn(page);
  });

  // After the test before: the admin has no factor again.
  it('says that passkeys need JavaScript when it is off', async () => {
    const page = await own.open(ADMIN_PATH, false);
    await signIn(page, password(), email());
    await signedIn(page);
    await page.goto(own.url(ACCOUNT));
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByText('Passkeys need JavaScript', { exact: false }).waitFor();
    await expect(section.getByRole('button', { name: 'Add a passkey' }).isDisabled()).resolves.toBe(
      true,
    );
  });
});
