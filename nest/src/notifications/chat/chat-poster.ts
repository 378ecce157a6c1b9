import { Injectable } from '@nestjs/common';
import {
  type FetchFunction,
  IncomingWebhook,
  IncomingWebhookHTTPError,
  type IncomingWebhookSendArguments,
  IncomingWebhookRequestError,
} from '@slack/webhook';

import { type ChatChannel } from '../../contract';

import { type ChatAlert } from './chat-alert';
import { ChatWebhooks } from './chat-webhooks';
import { RetryLater, retryAfterOf } from './retry-after';
import { slackMessage } from './slack-message';
import { teamsMessage } from './teams-message';

export const POST_TIMEOUT_MS = 5_000;
const USER_AGENT = 'boat-market-data-leads/1';

/** A receiver refused a message: its HTTP status, and its body's first words in the message. */
export class ChatPostError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ChatPostError';
  }
}

/** A chat message in its channel's format. */
export type ChatMessage =
  { channel: 'slack'; body: IncomingWebhookSendArguments } | { channel: 'teams'; body: object };

/**
 * Posts one chat message to Slack or Teams, once: no retry here (the outbox retries). Throws
 * RetryLater on 429 (with the receiver's Retry-After), ChatPostError on another refusal, and the
 * fetch's own error when there was no answer. The webhook URLs are secrets: no message here names
 * them.
 */
@Injectable()
export class ChatPoster {
  constructor(private readonly webhooks: ChatWebhooks) {}

  /** The channels whose webhook is set now. */
  configured(): Promise<ChatChannel[]> {
    return this.webhooks.configured();
  }

  async post(channel: ChatChannel, alert: ChatAlert): Promise<void> {
    await this.send(
      channel === 'slack'
        ? { channel, body: slackMessage(alert) }
        : { channel, body: teamsMessage(alert) },
    );
  }

  /** Posts a message; answers the receiver's status. */
  async send(message: ChatMessage): Promise<number> {
    const url = await this.webhooks.url(message.channel);
    if (!url) throw new Error(`the ${message.channel} webhook is no longer set`);
    return message.channel === 'slack'
      ? this.postToSlack(url, message.body)
      : this.postToTeams(url, message.body);
  }

  /**
   * Through Slack's own client (@slack/webhook). Its errors carry the status and body but not the
   * headers, so the fetch it is given keeps the last answer's status and Retry-After.
   */
  private async postToSlack(url: string, body: IncomingWebhookSendArguments): Promise<number> {
    const answer: { status: number; retryAfter: string | null; failure?: unknown } = {
      status: 0,
      retryAfter: null,
    };
    const hook = new IncomingWebhook(url, {
      timeout: POST_TIMEOUT_MS,
      fetch: async (input, init) => {
        // The fetch's own error, as thrown: the client re-wraps one it does not take for an Error.
        const response = await fetch(input, init).catch((error: unknown) => {
          answer.failure = error;
          throw error;
        });
        answer.status = response.status;
        answer.retryAfter = response.headers.get('retry-after');
        // The platform's Response is what the client's own default fetch returns too.
        return response as Response & Awaited<ReturnType<FetchFunction>>;
      },
    });
    try {
      await hook.send(body);
      return answer.status;
    } catch (error) {
      if (error instanceof IncomingWebhookHTTPError) {
        if (error.statusCode === 429)
          throw new RetryLater(
            'Slack answered 429 (rate limited)',
            retryAfterOf(answer.retryAfter),
          );
        // Slack's body names the problem (`invalid_payload`, `no_service`, `channel_is_archived`).
        throw new ChatPostError(
          `Slack answered ${error.statusCode}: ${error.body.slice(0, 200)}`,
          error.statusCode,
        );
      }
      // No answer (refused, unresolved, timed out): the fetch's own error, as Teams' would be.
      throw error instanceof IncomingWebhookRequestError
        ? (answer.failure ?? error.original)
        : error;
    }
  }

  /** A plain POST of an Adaptive Card message, as Teams' workflow webhooks take it. */
  private async postToTeams(url: string, body: object): Promise<number> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': USER_AGENT },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    const text = await response.text().catch(() => '');
    if (response.status === 429)
      throw new RetryLater(
        'Teams answered 429 (rate limited)',
        retryAfterOf(response.headers.get('retry-after')),
      );
    if (!response.ok)
      throw new ChatPostError(
        `Teams answered ${response.status}: ${text.slice(0, 200)}`,
        response.status,
      );
    // The older Office 365 connectors answer 200 with the throttling in the body.
    if (/HTTP error 429/i.test(text))
      throw new RetryLater('Teams answered 429 (rate limited, in the body)', null);
    return response.status;
  }
}
