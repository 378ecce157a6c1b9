import { data } from '@remix-run/node';

import {
  chatAlerts,
  chatWebhooks,
  saveChatAlerts,
  saveChatWebhooks,
  testChatAlert,
} from '~/api-client/chat-alerts.server';
import { type ApiOutcome, UNAVAILABLE_MESSAGE } from '~/api-client/http.server';
import {
  CHANNEL_NAMES,
  CHAT_INTENTS,
  type ChatAlertsResult,
  type ChatIntent,
  channelOf,
  switchesFromForm,
  URL_FIELD,
} from '~/components/admin/chat-alert-fields';
import { INTENT_FIELD } from '~/components/forms/read-form';
import { unlessSessionBlocked } from '~/utils/session.server';

/**
 * The Settings page's chat alerts: the switches (owners and managers), and the webhooks, which
 * only an owner may read (null for other roles, `webhooksRefused` saying why).
 */
export async function loadChatAlerts(token: string) {
  const [alerts, webhooks] = await Promise.all([
    chatAlerts(token).then(unlessSessionBlocked),
    chatWebhooks(token).then(unlessSessionBlocked),
  ]);
  return {
    chatAlerts: alerts.ok ? alerts.data : null,
    chatWebhooks: webhooks.ok ? webhooks.data.webhooks : null,
    chatWebhooksRefused: !webhooks.ok && webhooks.status === 403,
  };
}

const INTENTS: readonly unknown[] = Object.values(CHAT_INTENTS);

/** Whether a posted form is one of the chat alerts'. */
export const isChatAlertsForm = (form: FormData) => INTENTS.includes(form.get(INTENT_FIELD));

/** A refusal or an outage, as the form shows it. */
function refused<T>(
  intent: ChatIntent,
  outcome: Extract<ApiOutcome<T>, { ok: false }>,
  extra: Partial<ChatAlertsResult> = {},
) {
  const message = outcome.status < 500 ? outcome.message : UNAVAILABLE_MESSAGE;
  return data<ChatAlertsResult>(
    { intent, saved: false, message, ...extra },
    outcome.status < 500 ? outcome.status : 502,
  );
}

/** Saves the switches, a webhook URL or its removal, or sends a test message. */
export async function saveChatAlertsForm(form: FormData, token: string) {
  const intent = form.get(INTENT_FIELD) as ChatIntent;
  if (intent === CHAT_INTENTS.switches) {
    const outcome = await unlessSessionBlocked(await saveChatAlerts(switchesFromForm(form), token));
    return outcome.ok ? data<ChatAlertsResult>({ intent, saved: true }) : refused(intent, outcome);
  }
  const channel = channelOf(form);
  if (!channel)
    return data<ChatAlertsResult>({ intent, saved: false, message: 'Unknown channel.' }, 400);
  if (intent === CHAT_INTENTS.test) {
    const outcome = await unlessSessionBlocked(await testChatAlert(channel, token));
    return outcome.ok
      ? data<ChatAlertsResult>({ intent, channel, saved: true, test: outcome.data })
      : refused(intent, outcome, { channel });
  }
  const url = intent === CHAT_INTENTS.remove ? null : String(form.get(URL_FIELD) ?? '').trim();
  if (url === '')
    return data<ChatAlertsResult>(
      { intent, channel, saved: false, error: `Paste the ${CHANNEL_NAMES[channel]} webhook URL.` },
      400,
    );
  const outcome = await unlessSessionBlocked(await saveChatWebhooks({ [channel]: url }, token));
  if (outcome.ok) return data<ChatAlertsResult>({ intent, channel, saved: true });
  const error = outcome.errors?.[channel]?.[0];
  return refused(intent, outcome, { channel, ...(error ? { error: sentence(error) } : {}) });
}

/** The API's `slack must be …` as a sentence about the field. */
const sentence = (message: string) =>
  `${message.replace(/^(slack|teams) /, 'The URL ').replace(/\.?$/, '.')}`;
