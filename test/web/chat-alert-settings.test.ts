/// <reference lib="dom" />
import { type BrowserContext, type Page } from 'playwright-core';

import { type ChatReceiver, startChatReceiver } from '../support/receivers';

import { newAdminContext, openSettings, signedInPage } from './support/admin';
import { axeViolations, useBrowserAndDb } from './support/suite';

const SLACK_PATH = '/services/T0WEB/B0WEB/webTokenSecret';

describe('chat alerts on the Settings page in a real browser', () => {
  const suite = useBrowserAndDb();
  let context: BrowserContext;
  let page: Page;
  let slack: ChatReceiver;

  beforeEach(async () => {
    // Stands in for Slack: the API (the stack's own process) posts to it on this machine.
    slack = await startChatReceiver(undefined, { path: SLACK_PATH });
    context = await newAdminContext(suite.browser);
    page = await signedInPage(context);
    await openSettings(page);
  });
  afterEach(async () => {
    await context.close();
    await slack.close();
  });

  it('sets the Slack webhook (kept encrypted, shown masked), sends a test message, switches an alert off, removes it', async () => {
    const chat = page.getByRole('region', { name: 'Chat alerts' });
    const slackGroup = chat.getByRole('group', { name: 'Slack' });
    await slackGroup.getByText('Not set: no alerts are posted to this channel.').waitFor();
    await expect(
      slackGroup.getByRole('button', { name: 'Send a test message to Slack' }).count(),
    ).resolves.toBe(0);
    await expect(axeViolations(page)).resolves.toEqual([]);

    // Not a Slack webhook: said beside the field, in words; nothing stored.
    const field = slackGroup.getByLabel('Slack webhook URL');
    await field.fill('https://example.com/services/T/B/x');
    await slackGroup.getByRole('button', { name: 'Save Slack webhook' }).click();
    const refusal = slackGroup.getByText(/^The URL must be a Slack incoming webhook URL/);
    await refusal.waitFor();
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await expect(suite.db.setting('chat-webhooks')).resolves.toBeNull();

    // Saved: answered masked, the field emptied, the URL nowhere in the stored document.
    await field.fill(slack.url);
    await slackGroup.getByRole('button', { name: 'Save Slack webhook' }).click();
    await slackGroup.getByText('Slack webhook saved.').waitFor();
    await slackGroup.getByText(`Set: ${new URL(slack.url).origin}/…cret`).waitFor();
    await expect(slackGroup.getByLabel('Slack webhook URL').inputValue()).resolves.toBe('');
    await expect(page.content()).resolves.not.toContain('webTokenSecret');
    const stored = JSON.stringify(await suite.db.setting('chat-webhooks'));
    expect(stored).toMatch(/"sealed":"v1\./);
    expect(stored).not.toMatch(/webTokenSecret|T0WEB|127\.0\.0\.1/);

    // The test message goes to the receiver, and what it answered is said.
    await slackGroup.getByRole('button', { name: 'Send a test message to Slack' }).click();
    await slackGroup
      .getByRole('status')
      .getByText('Slack took the test message (200): look in its channel.')
      .waitFor();
    expect(slack.posted()).toEqual([
      expect.objectContaining({
        text: 'Test message: lead alerts will be posted here: Chat alerts are set up',
      }),
    ]);
    await expect(axeViolations(page)).resolves.toEqual([]);

    // One switch off, kept after a reload.
    const overdue = chat.getByLabel('Overdue on Slack, KE Demo Requests');
    await expect(overdue.isChecked()).resolves.toBe(true);
    await overdue.uncheck();
    await chat.getByRole('button', { name: 'Save chat alerts' }).click();
    await chat.getByText('Chat alerts saved.').waitFor();
    await expect(suite.db.setting('chat-alerts')).resolves.toMatchObject({
      alerts: { keDemo: { slack: { overdue: false, newLead: true } } },
    });
    await page.reload();
    await expect(chat.getByLabel('Overdue on Slack, KE Demo Requests').isChecked()).resolves.toBe(
      false,
    );
    await expect(chat.getByLabel('New lead on Slack, KE Demo Requests').isChecked()).resolves.toBe(
      true,
    );

    // Back as the other suites expect: switched on, and no webhook.
    await chat.getByLabel('Overdue on Slack, KE Demo Requests').check();
    await chat.getByRole('button', { name: 'Save chat alerts' }).click();
    await chat.getByText('Chat alerts saved.').waitFor();
    await slackGroup.getByRole('button', { name: 'Remove Slack webhook' }).click();
    await slackGroup.getByText('Slack webhook removed.').waitFor();
    await slackGroup.getByText('Not set: no alerts are posted to this channel.').waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
  });
});
