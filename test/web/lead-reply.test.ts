import { type Browser, type BrowserContext } from 'playwright-core';

import { REPLY_LIMITS } from '../../nest/src/contract';
import { startWebStack, type WebStack } from '../../scripts/stack/web-stack';
import { launchBrowser } from '../support/browser';
import { mailHeader, mailText, type MailReceiver, startMailReceiver } from '../support/receivers';

import { ADMIN_PATH, signedInPageOn } from './support/admin';
import { LeadsDb } from './support/leads-db';
import { axeViolations } from './support/suite';

/**
 * A reply really sent: a stack of this file's own whose API has SMTP_URL, pointed at an SMTP
 * server on loopback that keeps what it is sent (the suite's shared API has no SMTP_URL).
 */
describe('replying to a lead by email in a real browser', () => {
  let smtp: MailReceiver;
  let stack: WebStack;
  let browser: Browser;
  let db: LeadsDb;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    smtp = await startMailReceiver();
    stack = await startWebStack({
      apiEnv: { SMTP_URL: smtp.url, NOTIFY_FROM: 'leads@boats.example' },
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
    await smtp?.close();
  });

  it('sends the reply prefilled from the template as typed, To the lead, Reply-To the admin', async () => {
    const tag = LeadsDb.tag();
    const [lead] = await db.insert('keDemo', tag, 1);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signedInPageOn(context, stack);
    await page.goto(new URL(`${ADMIN_PATH}/lead/keDemo/${lead!.id}`, stack.webUrl).toString());
    const dialog = page.getByRole('dialog', { name: `KE Demo Request: ${lead!.name}` });
    const reply = dialog.getByRole('form', { name: 'Reply by email' });

    // The kind's default template, its placeholders filled with the lead's own fields.
    await expect(reply.getByLabel('Subject').inputValue()).resolves.toBe('Your KE demo request');
    const draft = await reply.getByLabel('Message').inputValue();
    expect(draft).toContain(`Hello ${lead!.name},`);
    expect(draft).toContain(`a KE demo for company of ${tag} 0.`);
    expect(draft).not.toMatch(/\{\w+\}/);

    const typed = `Hello ${lead!.name},\n\nWould Tuesday at 10:00 suit you? ${tag}\n\nBest regards,`;
    await reply.getByLabel('Message').fill(typed);
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Reply queued for sending.' }).waitFor();

    // The open detail reads itself again until the delivery is known.
    await dialog.getByText(/replied “Your KE demo request” \(Sent\)/).waitFor({ timeout: 20_000 });
    // The timeline shows what was sent, not its subject alone (issue 32).
    const entry = dialog
      .getByRole('region', { name: 'Timeline' })
      .getByRole('listitem')
      .filter({ hasText: 'replied “Your KE demo request”' });
    await expect(entry.locator('.lead-work__reply-text').textContent()).resolves.toBe(typed);
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail!.to).toEqual([lead!.email]);
    expect(mailHeader(mail!.raw, 'To')).toBe(lead!.email);
    expect(mailHeader(mail!.raw, 'From')).toBe('leads@boats.example');
    expect(mailHeader(mail!.raw, 'Reply-To')).toBe(stack.admin.email);
    expect(mailHeader(mail!.raw, 'Subject')).toBe('Your KE demo request');
    expect(mailText(mail!.raw)).toBe(typed);

    // The first reply moved the new lead on, as the detail and the database say.
    await dialog.getByText(/moved it from New to Contacted/).waitFor();
    await expect(dialog.getByRole('combobox', { name: 'Stage' }).inputValue()).resolves.toBe(
      'contacted',
    );
    const [stored] = await db.find('keDemo', tag);
    expect(stored?.stage).toBe('contacted');
    await expect(axeViolations(page)).resolves.toEqual([]);
  }, 90_000);

  it('sends a subject of as many emoji as the API takes: the form counts characters as it does', async () => {
    const tag = LeadsDb.tag();
    const [lead] = await db.insert('contactUs', tag, 1);
    const own = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await signedInPageOn(own, stack);
      await page.goto(new URL(`${ADMIN_PATH}/lead/contactUs/${lead!.id}`, stack.webUrl).toString());
      const dialog = page.getByRole('dialog', { name: `Contact Us Request: ${lead!.name}` });
      const reply = dialog.getByRole('form', { name: 'Reply by email' });

      // 200 characters, 400 UTF-16 units: the field takes them all, the form and the API too.
      const subject = '🚤'.repeat(REPLY_LIMITS.subject);
      await reply.getByLabel('Subject').fill(subject);
      await expect(reply.getByLabel('Subject').inputValue()).resolves.toBe(subject);
      await reply.getByRole('button', { name: 'Send reply' }).click();
      await dialog.getByRole('status').filter({ hasText: 'Reply queued for sending.' }).waitFor();
      await dialog.getByText(`replied “${subject}” (Sent)`).waitFor({ timeout: 20_000 });
      expect(smtp.messages.map((mail) => mail.to)).toContainEqual([lead!.email]);
    } finally {
      await own.close();
    }
  }, 90_000);
});
