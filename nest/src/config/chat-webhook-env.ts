import { IsOptional, ValidateBy } from 'class-validator';

/** Hosts that never leave the machine: plain http to them carries no secret over a network. */
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Whether a URL's hostname is a loopback address (as `URL` spells it: `[::1]` with brackets). */
export const isLoopbackHost = (hostname: string): boolean => LOOPBACK.test(hostname);

/**
 * Whether a chat webhook URL may be used: https, or http to a loopback address (a local relay, or
 * the receiver that stands in for Slack and Teams in tests). The URL itself is the webhook's
 * secret, so it never travels in clear over a network.
 */
export function isChatWebhookUrl(value: unknown): boolean {
  if (typeof value !== 'string' || /\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

const IsChatWebhookUrl = () =>
  ValidateBy({
    name: 'chatWebhookUrl',
    validator: {
      validate: isChatWebhookUrl,
      defaultMessage: () =>
        '$property must be an https:// URL (http:// only to a loopback address such as 127.0.0.1)',
    },
  });

/** The chat alerts' webhooks (docs/chat-alerts.md); part of EnvironmentVariables. */
export class ChatWebhookVariables {
  /** A Slack incoming webhook (https://hooks.slack.com/services/…): new, overdue and returning leads. */
  @IsOptional()
  @IsChatWebhookUrl()
  SLACK_WEBHOOK_URL?: string;

  /** A Microsoft Teams workflow webhook ("When a Teams webhook request is received"). */
  @IsOptional()
  @IsChatWebhookUrl()
  TEAMS_WEBHOOK_URL?: string;
}
