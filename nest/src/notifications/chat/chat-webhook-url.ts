import { isChatWebhookUrl, isLoopbackHost } from '../../config/chat-webhook-env';
import { CHAT_WEBHOOK_URL_MAX, type ChatChannel } from '../../contract';

/**
 * Where each service's incoming webhooks live. Slack: its webhook hosts (GovSlack's too), under
 * `/services/`. Teams: Power Automate workflows (`….logic.azure.com`, `….logic.azure.us`,
 * `….environment.api.powerplatform.com`) and the older Office 365 connectors
 * (`….webhook.office.com`). A URL elsewhere (a relay, a proxy) is the operator's to set, in the
 * environment.
 */
const SLACK_HOSTS = ['hooks.slack.com', 'hooks.slack-gov.com'];
const TEAMS_DOMAINS = [
  'logic.azure.com',
  'logic.azure.us',
  'powerplatform.com',
  'webhook.office.com',
];

const EXPECTED: Record<ChatChannel, string> = {
  slack: 'a Slack incoming webhook URL (https://hooks.slack.com/services/…)',
  teams:
    'a Teams workflow webhook URL (https://….logic.azure.com/… or https://….powerplatform.com/…) or a connector URL (https://….webhook.office.com/…)',
};

function isServiceHost(channel: ChatChannel, url: URL): boolean {
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  if (channel === 'slack')
    return SLACK_HOSTS.includes(host) && url.pathname.startsWith('/services/');
  return TEAMS_DOMAINS.some((domain) => host.endsWith(`.${domain}`));
}

/**
 * Why a webhook URL set on the Settings page cannot be used, or null when it can: Slack's or
 * Teams' own https hosts, or (as for the environment variables) any URL on a loopback address,
 * which never leaves the machine (a local relay, the receiver that stands in for them in tests).
 */
export function chatWebhookUrlError(channel: ChatChannel, value: string): string | null {
  if (value.length > CHAT_WEBHOOK_URL_MAX)
    return `${channel} must be at most ${CHAT_WEBHOOK_URL_MAX} characters`;
  if (!isChatWebhookUrl(value))
    return `${channel} must be ${EXPECTED[channel]}: https:// (http:// only to a loopback address such as 127.0.0.1), without spaces or a user name`;
  const url = new URL(value);
  if (isLoopbackHost(url.hostname) || isServiceHost(channel, url)) return null;
  return `${channel} must be ${EXPECTED[channel]}; another address can be set in ${channel.toUpperCase()}_WEBHOOK_URL`;
}

/** What may be shown of a webhook URL: its scheme and host, and its last 4 characters. */
export function maskedWebhookUrl(value: string): string {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}/…${value.slice(-4)}`;
  } catch {
    return `…${value.slice(-4)}`;
  }
}
