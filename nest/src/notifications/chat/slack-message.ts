import { type IncomingWebhookSendArguments } from '@slack/webhook';

import { type AlertContent, alertContent, type ChatAlert } from './chat-alert';

/**
 * Text as Slack's mrkdwn shows it literally: `&`, `<` and `>` are the only characters it parses
 * into links (`<http://x|y>`), mentions (`<!channel>`, `<@U123>`) and dates, so escaped they are
 * plain text. What a lead wrote goes out only through this, in text objects marked `verbatim`
 * (Slack then links no bare URL or channel name either).
 */
export const escapeSlack = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Our own date, shown in each reader's time zone, the ISO instant where a client cannot. */
function slackDate(iso: string): string {
  const seconds = Math.floor(Date.parse(iso) / 1000);
  return `<!date^${seconds}^{date_short_pretty} at {time}|${escapeSlack(iso)}>`;
}

/** A URL inside `<…|…>`: nothing in it may end the link or start its label. */
const slackUrl = (url: string) =>
  url.replace(/[<>|]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A chat alert as a Slack incoming webhook's message (Block Kit, with a plain fallback text). */
export const slackMessage = (alert: ChatAlert): IncomingWebhookSendArguments =>
  slackMessageOf(alertContent(alert));

/** An alert's content (a lead's, or the Settings page's test message) as a Slack message. */
export function slackMessageOf(content: AlertContent): IncomingWebhookSendArguments {
  const name = escapeSlack(content.name);
  const title = escapeSlack(content.title);
  const fields = content.facts.map((fact) => ({
    type: 'mrkdwn' as const,
    text: `*${escapeSlack(fact.label)}*\n${escapeSlack(fact.value)}`,
    verbatim: true,
  }));
  const times = content.times.map((time) => `${time.label} ${slackDate(time.at)}`).join(' · ');
  return {
    // What notifications and screen readers show: the blocks' gist, escaped as well.
    text: `${title}: ${name}`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${title}*\n${name}`, verbatim: true } },
      ...(fields.length > 0 ? [{ type: 'section' as const, fields }] : []),
      // Ours alone (labels and dates): not verbatim, so the dates are read.
      { type: 'context', elements: [{ type: 'mrkdwn', text: times }] },
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: `<${slackUrl(content.link)}|${escapeSlack(content.linkLabel)}>`,
          verbatim: true,
        },
      },
    ],
    unfurl_links: false,
    unfurl_media: false,
  };
}
