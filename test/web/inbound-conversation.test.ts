import { randomBytes } from 'node:crypto';

import { type Browser, type BrowserContext } from 'playwright-core';

import { INBOUND_PATHS } from '../../nest/src/contract';
import { startWebStack, type WebStack } from '../../scripts/stack/web-stack';
import { launchBrowser } from '../support/browser';
import { type MailServer, startDovecot } from '../support/dovecot';
import {
  fixtureMessage,
  newWebhookSecret,
  plainMessage,
  signedHeaders,
} from '../support/inbound-mail';
import { mailHeader, type MailReceiver, startMailReceiver } from '../support/receivers';

import { ADMIN_PATH, signedInPageOn, signIn } from './support/admin';
import { LeadsDb } from './support/leads-db';
import { axeViolations } from './support/suite';

/** How often this stack's API looks into the mailbox (INBOUND_POLL_INTERVAL). */
const POLL_SECONDS = 3;
const webhookSecret = newWebhookSecret();

/**
 * The whole round trip of issue 33 in a real browser: a reply sent from the lead's detail, the
 * lead's answer delivered into a real IMAP mailbox (Dovecot), read by the API within one poll
 * interval, shown in the conversation with its quoted part folded, and the lead back in Needs
 * reply. A stack of this file's own: its API reads the mailbox and sends through SMTP on loopback.
 */
describe('a lead’s answer comes back into its conversation, in a real browser', () => {
  let smtp: MailReceiver;
  let mail: MailServer;
  let stack: WebStack;
  let browser: Browser;
  let db: LeadsDb;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    smtp = await startMailReceiver();
    mail = await startDovecot();
    stack = await startWebStack({
      apiEnv: {
        SMTP_URL: smtp.url,
        NOTIFY_FROM: 'leads@boats.example',
        INBOUND_ADDRESS: 'leads@boats.example',
        INBOUND_TOKEN_SECRET: randomBytes(32).toString('hex'),
        INBOUND_IMAP_URL: mail.url,
        INBOUND_POLL_INTERVAL: `${POLL_SECONDS}s`,
        INBOUND_WEBHOOK_SECRET: webhookSecret,
      },
      log: (line) => {
        if (process.env.WEB_STACK_LOG) process.stderr.write(`${line}\n`);
      },
    });
    browser = await launchBrowser();
    db = await LeadsDb.connect(stack.mongoUri);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await db?.close();
    await browser?.close();
    await stack?.stop();
    await mail?.stop();
    await smtp?.close();
  });

  it('shows the answer within one poll interval, quoted part folded, the lead in Needs reply', async () => {
    const tag = LeadsDb.tag();
    const [lead] = await db.insert('keDemo', tag, 1);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signedInPageOn(context, stack);
    const detailUrl = new URL(`${ADMIN_PATH}/lead/keDemo/${lead!.id}`, stack.webUrl).toString();
    await page.goto(detailUrl);
    const dialog = page.getByRole('dialog', { name: `KE Demo Request: ${lead!.name}` });
    const reply = dialog.getByRole('form', { name: 'Reply by email' });
    await reply.getByLabel('Message').fill(`Hello, would Tuesday suit you? ${tag}`);
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await dialog.getByText(/replied “Your KE demo request” \(Sent\)/).waitFor({ timeout: 20_000 });
    const sent = smtp.messages.at(-1)!.raw;
    const replyTo = mailHeader(sent, 'Reply-To')!;
    expect(replyTo).toMatch(/^leads\+[0-9a-f]{41}@boats\.example$/);

    // The lead answers from Gmail; the message lands in the mailbox the API reads.
    const delivered = Date.now();
    await mail.deliver(
      fixtureMessage('gmail-reply.eml', {
        FROM: lead!.email,
        TO: replyTo,
        IN_REPLY_TO: mailHeader(sent, 'Message-ID')!,
      }),
    );
    const conversation = dialog.getByRole('region', { name: 'Conversation' });
    const answer = conversation.getByText(/^Tuesday at 10 works for us/);
    // Within one poll interval (IDLE usually brings it sooner), and a page load to see it. The
    // page is a dialog once hydrated (server-rendered it is a plain section): look only then, or
    // a slow hydration would make every look miss and the loop reload again before the next.
    for (;;) {
      await page.reload();
      await conversation.waitFor();
      if (await answer.count()) break;
      if (Date.now() - delivered > (POLL_SECONDS + 10) * 1000)
        throw new Error('the answer did not show within one poll interval');
      await page.waitForTimeout(500);
    }
    await conversation.getByText('Our reply').waitFor();
    const quoted = conversation.locator('details', { hasText: 'Quoted text' });
    await expect(quoted.getAttribute('open')).resolves.toBeNull();
    await expect(quoted.getByText(/Thank you for asking for a KE demo/).isVisible()).resolves.toBe(
      false,
    );
    await quoted.locator('summary').click();
    await quoted.getByText(/Thank you for asking for a KE demo/).waitFor();
    // The reply form answers the last email: its subject, with one `Re:`.
    await expect(reply.getByLabel('Subject').inputValue()).resolves.toBe(
      'Re: Your KE demo request',
    );
    await expect(axeViolations(page)).resolves.toEqual([]);

    // Back in Needs reply: it wrote after our reply.
    await page.keyboard.press('Escape');
    const views = page.getByRole('navigation', { name: 'Views of KE Demo Requests' });
    await views.getByRole('link', { name: 'Needs reply' }).click();
    await page.waitForURL(/view-keDemo=needs-reply/);
    const panel = page.getByRole('region', { name: /^KE Demo Requests/ });
    const item = panel.locator('li', { hasText: lead!.name });
    await item.waitFor();
    await item.getByText('Wrote again').waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
  }, 120_000);

  it('opens a long conversation on its newest emails, and pages back to the first', async () => {
    const tag = LeadsDb.tag();
    const [lead] = await db.insert('brokerDemo', tag, 1);
    // 53 emails from the lead, through the signed webhook: more than one page (50).
    for (let n = 1; n <= 53; n++) {
      const raw = plainMessage({ from: lead!.email, subject: `Note ${n}`, text: `note ${n}.` });
      const res = await fetch(new URL(INBOUND_PATHS.webhook, stack.apiUrl), {
        method: 'POST',
        headers: signedHeaders(raw, webhookSecret),
        body: raw,
      });
      expect(res.status).toBe(202);
    }
    context ??= await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(new URL(ADMIN_PATH, stack.webUrl).toString());
    if (await page.getByLabel('Password').count())
      await signIn(page, stack.admin.password, stack.admin.email);
    await page.goto(new URL(`${ADMIN_PATH}/lead/brokerDemo/${lead!.id}`, stack.webUrl).toString());
    const dialog = page.getByRole('dialog', { name: `Broker Demo Request: ${lead!.name}` });
    const conversation = dialog.getByRole('region', { name: 'Conversation' });
    await conversation.getByText('note 53.', { exact: true }).waitFor();
    await expect(conversation.getByText('note 3.', { exact: true }).count()).resolves.toBe(0);
    await expect(conversation.getByRole('article').count()).resolves.toBe(50);
    const reply = dialog.getByRole('form', { name: 'Reply by email' });
    await expect(reply.getByLabel('Subject').inputValue()).resolves.toBe('Re: Note 53');

    await conversation.getByRole('link', { name: 'Earlier emails' }).click();
    await conversation.getByText('note 1.', { exact: true }).waitFor();
    await expect(conversation.getByRole('article').count()).resolves.toBe(3);
    await expect(conversation.getByRole('link', { name: 'Earlier emails' }).count()).resolves.toBe(
      0,
    );
    // The reply still answers the newest email, whatever page is read.
    await expect(reply.getByLabel('Subject').inputValue()).resolves.toBe('Re: Note 53');
    await expect(axeViolations(page)).resolves.toEqual([]);

    await conversation.getByRole('link', { name: 'Newest emails' }).click();
    await conversation.getByText('note 53.', { exact: true }).waitFor();
    await page.close();
  }, 120_000);
});
