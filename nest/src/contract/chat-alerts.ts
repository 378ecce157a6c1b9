import { LEAD_KIND_KEYS, type LeadKindKey } from './lead-kinds';

// --- chat alerts: Slack and Microsoft Teams (issue 35) ---------------------------------------

/** Where alerts are posted: each through its incoming webhook (SLACK_WEBHOOK_URL, TEAMS_WEBHOOK_URL). */
export const CHAT_CHANNELS = ['slack', 'teams'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];

/**
 * What is posted: a lead arrived (not spam, or moved out of Spam), a lead's first reply is overdue,
 * a lead wrote again (once conversations exist).
 */
export const CHAT_ALERT_EVENTS = ['newLead', 'overdue', 'wroteAgain'] as const;
export type ChatAlertEvent = (typeof CHAT_ALERT_EVENTS)[number];

export type ChatAlertEvents = Record<ChatAlertEvent, boolean>;

/** Which events each kind posts on each channel. */
export type ChatAlertSettings = Record<LeadKindKey, Record<ChatChannel, ChatAlertEvents>>;

/** Every switch of the table, each valued by `value` (in the kinds', channels' and events' order). */
export function chatSwitches<T>(
  value: (kind: LeadKindKey, channel: ChatChannel, event: ChatAlertEvent) => T,
): Record<LeadKindKey, Record<ChatChannel, Record<ChatAlertEvent, T>>> {
  const each = <K extends string, V>(keys: readonly K[], of: (key: K) => V) =>
    Object.fromEntries(keys.map((key) => [key, of(key)])) as Record<K, V>;
  return each(LEAD_KIND_KEYS, (kind) =>
    each(CHAT_CHANNELS, (channel) =>
      each(CHAT_ALERT_EVENTS, (event) => value(kind, channel, event)),
    ),
  );
}

/** Until an admin changes them, every event is posted wherever a webhook is set. */
export const CHAT_ALERT_DEFAULTS: ChatAlertEvents = {
  newLead: true,
  overdue: true,
  wroteAgain: true,
};

export const CHAT_ALERTS_PATH = '/settings/chat-alerts';

/** Body of `PUT /settings/chat-alerts`: the switches to change; the others keep theirs. */
export type ChatAlertsRequest = {
  [K in LeadKindKey]?: { [C in ChatChannel]?: Partial<ChatAlertEvents> };
};

export interface ChatAlertsResponse {
  success: true;
  alerts: ChatAlertSettings;
  /** Whether each channel's webhook is set (an unset one posts nothing, whatever is switched on). */
  configured: Record<ChatChannel, boolean>;
}

// --- the webhooks, set on the Settings page by an owner (stored encrypted) ---------------------

export const CHAT_WEBHOOKS_PATH = '/settings/chat-alerts/webhooks';
export const CHAT_ALERT_TEST_PATH = '/settings/chat-alerts/test';

/** A webhook URL's longest accepted length (Teams' workflow URLs run to about 300 characters). */
export const CHAT_WEBHOOK_URL_MAX = 2_048;

/**
 * Where a channel's webhook comes from: the server's environment (SLACK_WEBHOOK_URL,
 * TEAMS_WEBHOOK_URL), which wins over the Settings page, or the Settings page; null: not set.
 */
export type ChatWebhookSource = 'environment' | 'settings';

export interface ChatWebhookState {
  source: ChatWebhookSource | null;
  /** The URL's scheme and host and its last 4 characters (`https://hooks.slack.com/…x7Kq`); never more. */
  masked: string | null;
  /**
   * Stored, but this server cannot read it (JWT_SECRET changed since it was set): nothing is
   * posted there until an owner sets it again.
   */
  unreadable: boolean;
}

export interface ChatWebhooksResponse {
  success: true;
  webhooks: Record<ChatChannel, ChatWebhookState>;
}

/**
 * Body of `PUT /settings/chat-alerts/webhooks`: a channel's new URL, or null to remove the one the
 * Settings page set; a channel not named keeps its own.
 */
export type ChatWebhooksRequest = { [C in ChatChannel]?: string | null };

/** Body of `POST /settings/chat-alerts/test`. */
export interface ChatAlertTestRequest {
  channel: ChatChannel;
}

/** What the receiver said to a test message (a refusal is an answer too, not an error of ours). */
export interface ChatAlertTestResponse {
  success: true;
  channel: ChatChannel;
  /** Whether Slack or Teams took the message. */
  delivered: boolean;
  /** The receiver's HTTP status; null when there was no answer (no connection, a timeout). */
  status: number | null;
  /** What happened, in words. */
  message: string;
}
