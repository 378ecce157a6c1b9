import { type Page } from 'playwright-core';

import { totpCodes, wrongTotp } from '../support/totp';

import { ADMIN_PATH, signIn } from './support/admin';
import { type Enrolled, enrolThroughPage } from './support/enrol';
import { useOwnStack } from './support/own-stack';
import { axeViolations } from './support/suite';

const ACCOUNT = `${ADMIN_PATH}/account`;
const NEW_PASSWORD = 'a second factor and a new password';

/** The code step of the sign-in screen, after the password. */
async function codeStep(page: Page, email: string, password: string) {
  await page.goto(new URL(ADMIN_PATH, page.url()).toString());
  await signIn(page, password, email);
  await page.getByText(`Signing in as ${email}.`).waitFor();
}

/**
 * The stack's own admin sets up TOTP and uses it (ADMIN_MFA=optional, as every stack of the
 * suite): the suite's shared admin signs in with the password alone and is never enrolled. The
 * tests run in order on one admin: each starts from what the one before left.
 */
describe('a second factor on the Account page and at sign-in', () => {
  // Wrong codes and passwords on purpose count in the sign-in throttle: room for them all.
  const own = useOwnStack({ LOGIN_LIMIT_PER_ADDRESS_AND_ACCOUNT: '50', LOGIN_DELAY_MAX_MS: '0' });
  let enrolled: Enrolled;
  let password: string;
  const email = () => own.stack.admin.email;
  const sessions = () => own.mongo.db().collection('admin_sessions');
  const admins = () => own.mongo.db().collection('admins');
  /** The admin's sessions last checked a factor more than 5 minutes ago. */
  const makeStale = () =>
    sessions().updateMany({}, { $set: { verifiedAt: new Date(Date.now() - 6 * 60_000) } });
  const signedIn = (page: Page) =>
    page.getByRole('button', { name: 'Sign Out', exact: true }).waitFor();

  beforeAll(() => {
    password = own.stack.admin.password;
  });

  it('sets up TOTP: QR code and key, a confirming code, recovery codes shown once', async () => {
    const page = await own.open();
    await signIn(page, password, email());
    await signedIn(page);
    enrolled = await enrolThroughPage(page, password);
    await page.getByRole('link', { name: 'I have saved them' }).click();
    await page.getByText('You have 10 recovery codes left.', { exact: false }).waitFor();
    // Shown once: nowhere on the page any more.
    await expect(page.getByText(enrolled.recoveryCodes[0]!).count()).resolves.toBe(0);
  });

  it('signs in with the password, then a code: a wrong code is said on its field', async () => {
    const page = await own.open();
    await codeStep(page, email(), password);
    const code = page.getByLabel('Code', { exact: true });
    await expect(code.getAttribute('autocomplete')).resolves.toBe('one-time-code');
    await expect(code.getAttribute('inputmode')).resolves.toBe('numeric');
    // The challenge is in an httpOnly cookie, not in the page.
    const html = await page.content();
    const cookies = await page.context().cookies();
    const challenge = cookies.find((cookie) => cookie.name.endsWith('_mfa'));
    expect(challenge?.httpOnly).toBe(true);
    // Remix writes a cookie's value as base64 of its JSON.
    const mfaToken: unknown = JSON.parse(
      Buffer.from(decodeURIComponent(challenge!.value), 'base64').toString('utf8'),
    );
    expect(mfaToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(html).not.toContain(mfaToken);
    await expect(axeViolations(page)).resolves.toEqual([]);

    await code.fill(wrongTotp(enrolled.secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('The code is not correct').waitFor();
    await expect(code.getAttribute('aria-invalid')).resolves.toBe('true');
    const { current } = await totpCodes(enrolled.secret);
    await code.fill(current);
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedIn(page);
    await page.getByRole('heading', { name: /^Contact Us Requests/ }).waitFor();
  });

  it('signs in with a recovery code, once', async () => {
    const page = await own.open();
    await codeStep(page, email(), password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    const [first] = enrolled.recoveryCodes as [string];
    await page.getByLabel('Recovery code').fill(first.toLowerCase());
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedIn(page);

    const again = await own.open();
    await codeStep(again, email(), password);
    await again.getByRole('button', { name: 'Use a recovery code' }).click();
    await again.getByLabel('Recovery code').fill(first);
    await again.getByRole('button', { name: 'Verify' }).click();
    await again.getByText('The code is not correct').waitFor();
    enrolled.recoveryCodes.shift();
  });

  it('goes back to the password step once the sign-in had 5 wrong codes', async () => {
    const page = await own.open();
    await codeStep(page, email(), password);
    const code = page.getByLabel('Code', { exact: true });
    for (let i = 0; i < 5; i++) {
      await code.fill(wrongTotp(enrolled.secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('The code is not correct').waitFor();
    }
    await code.fill(wrongTotp(enrolled.secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByRole('alert')
      .getByText(
        'This sign-in has expired or had too many wrong codes: sign in with your password again',
      )
      .waitFor();
    await page.getByPlaceholder('Password').waitFor();
    await expect(page.getByPlaceholder('Email').inputValue()).resolves.toBe(email());
  });

  it('lists the sessions, and one of them ends from another browser', async () => {
    const other = await own.open();
    await codeStep(other, email(), password);
    await other.getByRole('button', { name: 'Use a recovery code' }).click();
    await other.getByLabel('Recovery code').fill(enrolled.recoveryCodes.shift()!);
    await other.getByRole('button', { name: 'Verify' }).click();
    await signedIn(other);

    const page = await own.open();
    await codeStep(page, email(), password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(enrolled.recoveryCodes.shift()!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedIn(page);
    await page.goto(own.url(ACCOUNT));
    const table = page.locator('table.sessions-table');
    const thisSession = page.getByText('This session', { exact: true });
    await table.getByText('This session', { exact: true }).waitFor();
    // Every session of the earlier tests that was not signed out is listed too.
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    await expect(table.getByText('Chrome on Linux').count()).resolves.toBeGreaterThanOrEqual(2);
    await expect(axeViolations(page)).resolves.toEqual([]);

    // Each other session has its own button: sign them out one by one, the other browser's too.
    for (let count = await rows.count(); count > 1; count--) {
      await rows
        .filter({ hasNot: thisSession })
        .first()
        .getByRole('button', { name: /^Sign out / })
        .click();
      await rows.nth(count - 1).waitFor({ state: 'detached' });
      await page.getByText('That session has been signed out.').waitFor();
    }
    await expect(rows.filter({ has: thisSession }).count()).resolves.toBe(1);
    await other.reload();
    await other.getByRole('heading', { name: 'Sign In' }).waitFor();
    await other.getByText('Your session has expired. Please sign in again.').waitFor();
    await expect(sessions().countDocuments()).resolves.toBe(1);
  });

  it('asks for a code in place before a password change of a stale session, then makes it', async () => {
    const page = await own.open();
    await codeStep(page, email(), password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(enrolled.recoveryCodes.shift()!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedIn(page);
    await page.goto(own.url(ACCOUNT));
    await makeStale();

    await page.getByLabel('Current password').fill(password);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    const group = page.getByRole('group', { name: 'Confirm it is you' });
    await group.waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    // A wrong code is said on its field; what was typed stays.
    await group.getByLabel(/^Code from your authenticator app/).fill(wrongTotp(enrolled.secret));
    await page.getByRole('button', { name: 'Change password' }).click();
    await group.getByText('Code is not correct').waitFor();
    await expect(page.getByLabel('New password', { exact: true }).inputValue()).resolves.toBe(
      NEW_PASSWORD,
    );
    await group
      .getByLabel(/^Code from your authenticator app/)
      .fill(enrolled.recoveryCodes.shift()!);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByText('Your password has been changed. Your other sessions have been signed out.')
      .waitFor();
    password = NEW_PASSWORD;
  });

  it('warns at two recovery codes left, and hands out a new set after reauthentication', async () => {
    const page = await own.open();
    await codeStep(page, email(), password);
    const { current, next } = await totpCodes(enrolled.secret);
    await page.getByLabel('Code', { exact: true }).fill(next);
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedIn(page);
    // Only two codes left, as if the others had been used.
    const admin = await admins().findOne({ email: email() });
    const hashes = (admin?.recoveryCodeHashes ?? []) as string[];
    await admins().updateOne(
      { email: email() },
      { $set: { recoveryCodeHashes: hashes.slice(0, 2) } },
    );
    await page.goto(own.url(ACCOUNT));
    await page.getByText('Only 2 recovery codes are left.', { exact: false }).waitFor();

    await makeStale();
    await page.getByRole('button', { name: 'New recovery codes' }).click();
    const group = page.getByRole('group', { name: 'Confirm it is you' });
    await group.getByLabel('Your password').fill(password);
    // The code of the step before the sign-in's: refused as used up (each code once), and said so
    // (issue 32: a used code is not called wrong).
    await group.getByLabel(/^Code from your authenticator app/).fill(current);
    await page.getByRole('button', { name: 'New recovery codes' }).click();
    await group.getByText(/already used/).waitFor();
    await group.getByLabel('Your password').fill(password);
    await group
      .getByLabel(/^Code from your authenticator app/)
      .fill(enrolled.recoveryCodes.shift()!);
    await page.getByRole('button', { name: 'New recovery codes' }).click();
    await page.getByRole('heading', { name: 'Save these recovery codes now' }).waitFor();
    enrolled.recoveryCodes = await page
      .getByRole('list', { name: 'Recovery codes' })
      .getByRole('listitem')
      .allTextContents();
    expect(enrolled.recoveryCodes).toHaveLength(10);
    await page.getByRole('link', { name: 'I have saved them' }).click();
    await page.getByText('You have 10 recovery codes left.', { exact: false }).waitFor();
    await expect(page.getByText('recovery codes are left.').count()).resolves.toBe(0);
  });

  it('turns the second factor off with the password and a code', async () => {
    const page = await own.open();
    await codeStep(page, email(), password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(enrolled.recoveryCodes.shift()!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedIn(page);
    await page.goto(own.url(ACCOUNT));
    await page.getByLabel('Your password').fill('not the password');
    await page.getByLabel(/^Code from your authenticator app/).fill(enrolled.recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Turn off the second factor' }).click();
    await page.getByText('Password is not correct').waitFor();
    await page.getByLabel('Your password').fill(password);
    await page
      .getByLabel(/^Code from your authenticator app/)
      .fill(enrolled.recoveryCodes.shift()!);
    await page.getByRole('button', { name: 'Turn off the second factor' }).click();
    await page.getByText('The second factor is off: your password alone signs you in.').waitFor();

    const again = await own.open();
    await signIn(again, password, email());
    await signedIn(again);
  });

  it('asks for the password again before adding an admin, without JavaScript too', async () => {
    // The factor is off since the test before: the password alone signs in and confirms.
    const page = await own.open(ADMIN_PATH, false);
    await signIn(page, password, email());
    await signedIn(page);
    await page.goto(own.url(`${ADMIN_PATH}/admins`));
    await makeStale();
    await page.getByLabel('Email').fill('colleague@example.com');
    await page.getByLabel('Initial password').fill('an initial password for them');
    await page.getByRole('button', { name: 'Add admin' }).click();
    const group = page.getByRole('group', { name: 'Confirm it is you' });
    await group.waitFor();
    // The page came back from the server: the email is kept, never a password.
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe('colleague@example.com');
    // (axe needs JavaScript in the page: the JavaScript test above checks these fields.)
    await expect(group.getByLabel(/^Code/).count()).resolves.toBe(0);
    await page.getByLabel('Initial password').fill('an initial password for them');
    await group.getByLabel('Your password').fill('not the password');
    await page.getByRole('button', { name: 'Add admin' }).click();
    await group.getByText('Password is not correct').waitFor();
    await page.getByLabel('Initial password').fill('an initial password for them');
    await group.getByLabel('Your password').fill(password);
    await page.getByRole('button', { name: 'Add admin' }).click();
    await page.getByText('Added colleague@example.com.').waitFor();
  });
});

describe('a session unused longer than SESSION_IDLE_TIMEOUT', () => {
  const own = useOwnStack({ SESSION_IDLE_TIMEOUT: '4s' });

  it('ends, and the sign-in screen says why', async () => {
    const page = await own.open();
    await signIn(page, own.stack.admin.password, own.stack.admin.email);
    await page.getByRole('button', { name: 'Sign Out', exact: true }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    await page.reload();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page
      .getByText('Your session timed out after a while without use. Please sign in again.')
      .waitFor();
  });
});
