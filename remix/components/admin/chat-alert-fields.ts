import {
  CHAT_CHANNELS,
  type ChatAlertEvent,
  type ChatAlertsRequest,
  type ChatAlertTestResponse,
  type ChatChannel,
  chatSwitches,
  type LeadKindKey,
} from '@contract';

// The Settings page's chat alert forms: their intents, field names, and words.

export const CHAT_INTENTS = {
  switches: 'chat-switches',
  webhook: 'chat-webhook',
  remove: 'chat-webhook-remove',
  test: 'chat-test',
} as const;
export type ChatIntent = (typeof CHAT_INTENTS)[keyof typeof CHAT_INTENTS];

export const CHANNEL_NAMES: Record<ChatChannel, string> = { slack: 'Slack', teams: 'Teams' };
export const EVENT_NAMES: Record<ChatAlertEvent, string> = {
  newLead: 'New lead',
  overdue: 'Overdue',
  wroteAgain: 'Wrote again',
};

/** A switch's checkbox name: `keDemo-slack-overdue`. */
export const switchField = (kind: LeadKindKey, channel: ChatChannel, event: ChatAlertEvent) =>
  `${kind}-${channel}-${event}`;
export const CHANNEL_FIELD = 'channel';
export const URL_FIELD = 'url';

/** Every switch as the form posted it: a checkbox sent is on, one left out is off. */
export const switchesFromForm = (form: FormData): ChatAlertsRequest =>
  chatSwitches((kind, channel, event) => form.get(switchField(kind, channel, event)) === 'on');

/** The channel a form names, when it is one. */
export function channelOf(form: FormData): ChatChannel | null {
  const value = form.get(CHANNEL_FIELD);
  return (CHAT_CHANNELS as readonly unknown[]).includes(value) ? (value as ChatChannel) : null;
}

/** What a chat alert form's post came to. */
export interface ChatAlertsResult {
  intent: ChatIntent;
  channel?: ChatChannel;
  saved: boolean;
  message?: string;
  /** The URL field's refusal, in words. */
  error?: string;
  test?: ChatAlertTestResponse;
}
