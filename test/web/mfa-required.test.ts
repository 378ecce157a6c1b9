import { ADMIN_PATH, signIn } from './support/admin';
import { enrolThroughPage } from './support/enrol';
import { useOwnStack } from './support/own-stack';
import { axeViolations } from './support/suite';

const ACCOUNT = `${ADMIN_PATH}/account`;
const ADMINS = `${ADMIN_PATH}/admins`;

/**
 * ADMIN_MFA=required (a stack of its own: the suite's stacks run `optional`): an admin without a
 * second factor is sent to set one up, from the first page on, and cannot remove the only one.
 */
describe('the setup gate while ADMIN_MFA=required', () => {
  const own = useOwnStack({ ADMIN_MFA: 'required' });

  it('sends the admin to enrolment until a second factor is set up, then opens the inbox', async () => {
    const page = await own.open();
    await signIn(page, own.stack.admin.password, own.stack.admin.email);
    await page.waitForURL((url) => url.pathname === ACCOUNT);
    await page
      .getByText(
        'Every admin here needs a second factor. Set up an authenticator app or add a passkey to continue.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Set up an authenticator app' }).waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    // Every other admin page sends them back.
    for (const path of [ADMIN_PATH, ADMINS, `${ADMIN_PATH}/activity`]) {
      await page.goto(own.url(path));
      await page.waitForURL((url) => url.pathname === ACCOUNT);
    }

    const { recoveryCodes } = await enrolThroughPage(page, own.stack.admin.password);
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole('link', { name: 'I have saved them' }).click();
    await expect(
      page.getByText('Every admin here needs a second factor.', { exact: false }).count(),
    ).resolves.toBe(0);
    await page.getByRole('link', { name: 'Inbox' }).click();
    await page.waitForURL((url) => url.pathname === ADMIN_PATH);
    await page.getByRole('heading', { name: /^Contact Us Requests/ }).waitFor();

    // The only factor stays: the API's refusal, in its own words.
    await page.goto(own.url(ACCOUNT));
    await page.getByLabel('Your password').fill(own.stack.admin.password);
    await page.getByLabel(/^Code from your authenticator app/).fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Turn off the second factor' }).click();
    await page
      .getByRole('alert')
      .getByText('A second factor is required (ADMIN_MFA=required)', { exact: false })
      .waitFor();
  });
});
