import { Injectable } from '@nestjs/common';

import { AppConfig } from '../../config/app-config';
import { type ChatAlertTestResponse, type ChatChannel } from '../../contract';

import { type AlertContent } from './chat-alert';
import { ChatPostError, ChatPoster, POST_TIMEOUT_MS } from './chat-poster';
import { RetryLater } from './retry-after';
import { slackMessageOf } from './slack-message';
import { teamsMessageOf } from './teams-message';

const NAMES: Record<ChatChannel, string> = { slack: 'Slack', teams: 'Teams' };

/** What the test message says: that alerts will arrive here, and a link back to the Settings page. */
function testContent(webUrl: string, who: string): AlertContent {
  return {
    title: 'Test message: lead alerts will be posted here',
    name: 'Chat alerts are set up',
    facts: [{ label: 'Sent by', value: who }],
    times: [{ label: 'Sent', at: new Date().toISOString() }],
    link: new URL('/super-secret-admin/settings', `${webUrl.replace(/\/+$/, '')}/`).href,
    linkLabel: 'Open the settings',
  };
}

/** A property of an error, read without `instanceof` (the platform's fetch errors may come from another realm). */
const fieldOf = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;

/** Why there was no answer, in words, from a fetch's error (its `cause` holds the system's code). */
function noAnswer(name: string, error: unknown): string {
  const cause = fieldOf(error, 'cause');
  const code = fieldOf(cause, 'code');
  const causeMessage = String(fieldOf(cause, 'message') ?? '');
  const errorName = fieldOf(error, 'name');
  if (errorName === 'TimeoutError' || errorName === 'AbortError')
    return `${name} did not answer within ${POST_TIMEOUT_MS / 1000} seconds.`;
  if (code === 'ECONNREFUSED') return `Could not reach ${name}: the connection was refused.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `Could not reach ${name}: its host name could not be resolved (is this server online?).`;
  if (/redirect/i.test(causeMessage))
    return `${name} answered with a redirect, which is not followed: check the webhook URL.`;
  const detail = typeof code === 'string' ? code : causeMessage || 'no answer';
  return `Could not reach ${name} (${detail}).`;
}

/** A refusal as one line, without a dangling colon when the body was empty. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').replace(/[\s:.]+$/, '');

/** A refusal's hint: what an owner can do about it. */
function hint(status: number): string {
  if (status === 404 || status === 410 || status === 403)
    return ' The webhook may have been removed, or its channel archived: create a new one and set its URL.';
  if (status === 400) return ' The webhook did not take the message: is the URL the right kind?';
  if (status >= 500) return ' The service had a problem: try again later.';
  return '';
}

/**
 * "Send a test message" on the Settings page: one message through the channel's webhook, in its
 * format, posted now (not through the outbox: the owner waits for the answer, and a test is not
 * worth retrying), answered as what the receiver said, in words. Never throws for the receiver.
 */
@Injectable()
export class ChatAlertTest {
  constructor(
    private readonly poster: ChatPoster,
    private readonly config: AppConfig,
  ) {}

  async send(channel: ChatChannel, who: string): Promise<ChatAlertTestResponse> {
    const name = NAMES[channel];
    const content = testContent(this.config.webUrl, who);
    const answer = (delivered: boolean, status: number | null, message: string) =>
      ({ success: true, channel, delivered, status, message }) as const;
    try {
      const status = await this.poster.send(
        channel === 'slack'
          ? { channel, body: slackMessageOf(content) }
          : { channel, body: teamsMessageOf(content) },
      );
      return answer(
        true,
        status,
        `${name} took the test message (${status}): look in its channel.`,
      );
    } catch (error) {
      if (error instanceof RetryLater) {
        const wait = error.retryAt
          ? ` in ${Math.max(1, Math.ceil((error.retryAt.getTime() - Date.now()) / 1000))} seconds`
          : ' in a minute';
        return answer(
          false,
          429,
          `${name} is limiting how often this webhook posts (429): try again${wait}.`,
        );
      }
      if (error instanceof ChatPostError)
        return answer(false, error.status, `${oneLine(error.message)}.${hint(error.status)}`);
      return answer(false, null, noAnswer(name, error));
    }
  }
}
