import {
  CHAT_ALERT_TEST_PATH,
  CHAT_ALERTS_PATH,
  CHAT_WEBHOOKS_PATH,
  type ChatAlertsRequest,
  type ChatAlertsResponse,
  type ChatAlertTestResponse,
  type ChatChannel,
  type ChatWebhooksRequest,
  type ChatWebhooksResponse,
} from '@contract';

import { type ApiOutcome, apiRequest, hasSuccess } from './http.server';

// The chat alerts' settings (issue 35): the switches, the webhooks (owners), the test message.

const isChatAlerts = (body: unknown): body is ChatAlertsResponse =>
  hasSuccess('alerts', 'configured')(body);
const isChatWebhooks = (body: unknown): body is ChatWebhooksResponse =>
  hasSuccess('webhooks')(body);
const isTestAnswer = (body: unknown): body is ChatAlertTestResponse =>
  hasSuccess('delivered', 'message')(body);

export function chatAlerts(token: string): Promise<ApiOutcome<ChatAlertsResponse>> {
  return apiRequest(CHAT_ALERTS_PATH, isChatAlerts, { token });
}

export function saveChatAlerts(
  body: ChatAlertsRequest,
  token: string,
): Promise<ApiOutcome<ChatAlertsResponse>> {
  return apiRequest(CHAT_ALERTS_PATH, isChatAlerts, { method: 'PUT', body, token });
}

export function chatWebhooks(token: string): Promise<ApiOutcome<ChatWebhooksResponse>> {
  return apiRequest(CHAT_WEBHOOKS_PATH, isChatWebhooks, { token });
}

export function saveChatWebhooks(
  body: ChatWebhooksRequest,
  token: string,
): Promise<ApiOutcome<ChatWebhooksResponse>> {
  return apiRequest(CHAT_WEBHOOKS_PATH, isChatWebhooks, { method: 'PUT', body, token });
}

export function testChatAlert(
  channel: ChatChannel,
  token: string,
): Promise<ApiOutcome<ChatAlertTestResponse>> {
  return apiRequest(CHAT_ALERT_TEST_PATH, isTestAnswer, {
    method: 'POST',
    body: { channel },
    token,
  });
}
