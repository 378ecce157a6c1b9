import { type Page } from 'playwright-core';

import { totpCodes, wrongTotp } from '../../support/totp';

import { axeViolations } from './suite';

/** The secret and recovery codes of a TOTP set up through the Account page. */
export interface Enrolled {
  secret: string;
  recoveryCodes: string[];
}

/** Sets up TOTP on the Account page of a signed-in page, reading the key as a person would. */
export async function enrolThroughPage(page: Page, password: string): Promise<Enrolled> {
  await page.getByRole('link', { name: 'Account' }).click();
  // The Passkeys section asks for the password of a first factor too.
  await page
    .getByRole('region', { name: 'Second factor' })
    .getByLabel('Your password')
    .fill(password);
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const qr = page.getByRole('img', { name: /QR code of your new authenticator key/ });
  await qr.waitFor();
  // Drawn on the server, as an SVG.
  await expect(qr.getAttribute('src')).resolves.toMatch(/^data:image\/svg\+xml;base64,/);
  const secret = ((await page.locator('code.totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(axeViolations(page)).resolves.toEqual([]);

  // A wrong code is refused on its field; the same QR code stays.
  await page.getByLabel('Code from the app').fill(wrongTotp(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByText('Code is not correct').waitFor();
  await expect(page.locator('code.totp-secret').textContent()).resolves.toBe(
    secret.match(/.{4}/g)?.join(' '),
  );

  const { previous } = await totpCodes(secret);
  await page.getByLabel('Code from the app').fill(previous);
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('heading', { name: 'Save these recovery codes now' }).waitFor();
  const recoveryCodes = await page
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await expect(axeViolations(page)).resolves.toEqual([]);
  return { secret, recoveryCodes };
}
