import { Injectable } from '@nestjs/common';
import { type FetchFunction, IncomingWebhook, IncomingWebhookHTTPError } from '@slack/webhook';

import { AppConfig } from '../../config/app-config';
import { CHAT_CHANNELS, type ChatChannel } from '../../contract';

import { type ChatAlert } from './chat-alert';
import { RetryLater, retryAfterOf } from './retry-after';
import { slackMessage } from './slack-message';
import { teamsMessage } from './teams-message';

const POST_TIMEOUT_MS = 5_000;
const USER_AGENT = 'boat-market-data-leads/1';

/**
 * Posts one chat alert to Slack or Teams, once: no retry here (the outbox retries). Throws
 * RetryLater on 429 (with the receiver's Retry-After) and an Error on any other failure. The
 * webhook URLs are secrets: no message here names them.
 */
@Injectable()
export class ChatPoster {
  constructor(private readonly config: AppConfig) {}

  /** The channels whose webhook is set now. */
  configured(): ChatChannel[] {
    return CHAT_CHANNELS.filter((channel) => this.urlOf(channel));
  }

  async post(channel: ChatChannel, alert: ChatAlert): Promise<void> {
    const url = this.urlOf(channel);
    if (!url) throw new Error(`${channel.toUpperCase()}_WEBHOOK_URL is no longer set`);
    if (channel === 'slack') await this.postToSlack(url, alert);
    else await this.postToTeams(url, alert);
  }

  private urlOf(channel: ChatChannel): string | undefined {
    const { slackWebhookUrl, teamsWebhookUrl } = this.config.notifications;
    return channel === 'slack' ? slackWebhookUrl : teamsWebhookUrl;
  }

  /**
   * Through Slack's own client (@slack/webhook). Its errors carry the status and body but not the
   * headers, so the fetch it is given keeps the last answer's Retry-After.
   */
  private async postToSlack(url: string, alert: ChatAlert): Promise<void> {
    let retryAfter: string | null = null;
    const hook = new IncomingWebhook(url, {
      timeout: POST_TIMEOUT_MS,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        retryAfter = response.headers.get('retry-after');
        // The platform's Response is what the client's own default fetch returns too.
        return response as Response & Awaited<ReturnType<FetchFunction>>;
      },
    });
    try {
      await hook.send(slackMessage(alert));
    } catch (error) {
      if (error instanceof IncomingWebhookHTTPError) {
        if (error.statusCode === 429)
          throw new RetryLater('Slack answered 429 (rate limited)', retryAfterOf(retryAfter));
        // Slack's body names the problem (`invalid_payload`, `no_service`, `channel_is_archived`).
        throw new Error(`Slack answered ${error.statusCode}: ${error.body.slice(0, 200)}`);
      }
      throw error;
    }
  }

  /** A plain POST of an Adaptive Card message, as Teams' workflow webhooks take it. */
  private async postToTeams(url: string, alert: ChatAlert): Promise<void> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': USER_AGENT },
      body: JSON.stringify(teamsMessage(alert)),
      redirect: 'error',
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    const text = await response.text().catch(() => '');
    if (response.status === 429)
      throw new RetryLater(
        'Teams answered 429 (rate limited)',
        retryAfterOf(response.headers.get('retry-after')),
      );
    if (!response.ok) throw new Error(`Teams answered ${response.status}: ${text.slice(0, 200)}`);
    // The older Office 365 connectors answer 200 with the throttling in the body.
    if (/HTTP error 429/i.test(text))
      throw new RetryLater('Teams answered 429 (rate limited, in the body)', null);
  }
}
