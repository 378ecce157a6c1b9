import type { LeadKindKey } from './lead-kinds';

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
