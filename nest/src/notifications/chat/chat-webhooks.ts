import { HttpStatus, Injectable } from '@nestjs/common';

import { ApiError } from '../../common/api-error';
import { KeptReading } from '../../common/kept-reading';
import { SecretBox } from '../../common/secret-box';
import { AppConfig } from '../../config/app-config';
import {
  CHAT_CHANNELS,
  type ChatChannel,
  type ChatWebhooksRequest,
  type ChatWebhookState,
} from '../../contract';

import { maskedWebhookUrl } from './chat-webhook-url';
import { type SealedWebhooks, ChatWebhookStore } from './chat-webhook.store';

/** How long a process posts to the webhooks it read last (as the alert switches are kept). */
export const CHAT_WEBHOOKS_CACHE_MS = 1_000;

/** The Settings page's webhooks opened: a URL, or null for one this key cannot open. */
type Opened = Partial<Record<ChatChannel, string | null>>;

/**
 * Where each channel's alerts go: the environment's URL (SLACK_WEBHOOK_URL, TEAMS_WEBHOOK_URL)
 * when set, which wins; else the one an owner set on the Settings page, stored sealed with a key
 * derived from JWT_SECRET. Read by `_id` at most once a second per process, so a change made
 * through another process applies here within a second.
 */
@Injectable()
export class ChatWebhooks {
  private readonly box: SecretBox;
  private readonly kept: KeptReading<Opened>;
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly store: ChatWebhookStore,
    private readonly config: AppConfig,
  ) {
    this.box = new SecretBox(config.jwt.secret, 'chat webhook url');
    this.kept = new KeptReading(
      async () => this.opened(await this.store.read()),
      CHAT_WEBHOOKS_CACHE_MS,
    );
  }

  /** A channel's URL now, or undefined when none is set (or the stored one cannot be opened). */
  async url(channel: ChatChannel): Promise<string | undefined> {
    return this.fromEnvironment(channel) ?? (await this.kept.get())[channel] ?? undefined;
  }

  /** The channels with a URL now. */
  async configured(): Promise<ChatChannel[]> {
    const urls = await Promise.all(CHAT_CHANNELS.map((channel) => this.url(channel)));
    return CHAT_CHANNELS.filter((_, i) => urls[i] !== undefined);
  }

  /** What an owner may see of each channel: where its URL comes from, and a masked form of it. */
  async state(): Promise<Record<ChatChannel, ChatWebhookState>> {
    return this.stateOf(await this.kept.get());
  }

  /**
   * Sets or removes (null) the Settings page's URLs of the channels named, already validated. A
   * channel whose URL the environment sets is refused: the environment would still win.
   */
  async set(changes: ChatWebhooksRequest): Promise<Record<ChatChannel, ChatWebhookState>> {
    const fixed = CHAT_CHANNELS.filter(
      (channel) => changes[channel] !== undefined && this.fromEnvironment(channel),
    );
    if (fixed.length > 0) {
      const variables = fixed.map((channel) => `${channel.toUpperCase()}_WEBHOOK_URL`).join(', ');
      throw new ApiError(
        HttpStatus.CONFLICT,
        `${variables} is set in the server's environment, which wins over the Settings page: change or unset it there`,
      );
    }
    const sealed = Object.fromEntries(
      CHAT_CHANNELS.flatMap((channel) => {
        const url = changes[channel];
        return url === undefined ? [] : [[channel, url === null ? null : this.box.seal(url)]];
      }),
    );
    const opened = this.kept.keep(this.opened(await this.store.write(sealed)));
    for (const listener of this.listeners) listener();
    return this.stateOf(opened);
  }

  /** A 409 when the channel has no URL to post to (a test message needs one). */
  async assertSet(channel: ChatChannel): Promise<void> {
    if (await this.url(channel)) return;
    const unreadable = (await this.state())[channel].unreadable;
    throw new ApiError(
      HttpStatus.CONFLICT,
      unreadable
        ? `The ${channel} webhook stored here cannot be read since JWT_SECRET changed: set its URL again`
        : `No ${channel} webhook is set: set its URL first`,
    );
  }

  /** Called after each change made through this process (the worker starts delivering). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  private fromEnvironment(channel: ChatChannel): string | undefined {
    const { slackWebhookUrl, teamsWebhookUrl } = this.config.notifications;
    return channel === 'slack' ? slackWebhookUrl : teamsWebhookUrl;
  }

  private opened(stored: SealedWebhooks): Opened {
    return Object.fromEntries(
      CHAT_CHANNELS.flatMap((channel) => {
        const webhook = stored[channel];
        return webhook ? [[channel, this.box.open(webhook.sealed)]] : [];
      }),
    );
  }

  private stateOf(opened: Opened): Record<ChatChannel, ChatWebhookState> {
    const stateOf = (channel: ChatChannel): ChatWebhookState => {
      const environment = this.fromEnvironment(channel);
      if (environment)
        return { source: 'environment', masked: maskedWebhookUrl(environment), unreadable: false };
      const stored = opened[channel];
      if (stored === undefined) return { source: null, masked: null, unreadable: false };
      if (stored === null) return { source: 'settings', masked: null, unreadable: true };
      return { source: 'settings', masked: maskedWebhookUrl(stored), unreadable: false };
    };
    return { slack: stateOf('slack'), teams: stateOf('teams') };
  }
}
