import { Form } from '@remix-run/react';
import { Alert, Button } from 'react-bootstrap';

import {
  CHAT_ALERT_EVENTS,
  CHAT_CHANNELS,
  type ChatAlertsResponse,
  type ChatChannel,
  type ChatWebhookState,
  LEAD_KIND_KEYS,
  LEAD_KINDS,
} from '@contract';
import { INTENT_FIELD } from '~/components/forms/read-form';

import {
  CHANNEL_NAMES,
  CHAT_INTENTS,
  type ChatAlertsResult,
  EVENT_NAMES,
  switchField,
} from './chat-alert-fields';
import { ChatWebhookForm } from './chat-webhook-form';
import { ErrorAlert } from './page-parts';

/** The chat alerts' part of the Settings page: the webhooks (owners), then the switches. */
export function ChatAlertsSection({
  alerts,
  webhooks,
  webhooksRefused,
  result,
  busy,
}: {
  alerts: ChatAlertsResponse | null;
  webhooks: Record<ChatChannel, ChatWebhookState> | null;
  webhooksRefused: boolean;
  result: ChatAlertsResult | undefined;
  busy: boolean;
}) {
  return (
    <>
      <p>
        New leads, overdue ones and leads that wrote again are posted to Slack and Microsoft Teams
        through their incoming webhooks.
      </p>
      {webhooks ? (
        CHAT_CHANNELS.map((channel) => (
          <ChatWebhookForm
            key={channel}
            channel={channel}
            state={webhooks[channel]}
            result={result}
            busy={busy}
          />
        ))
      ) : (
        <p className="text-body-secondary">
          {webhooksRefused
            ? 'Only an owner can set the webhooks and send a test message.'
            : 'The webhooks could not be read.'}
          {alerts
            ? ` ${CHAT_CHANNELS.map(
                (channel) =>
                  `${CHANNEL_NAMES[channel]}: ${alerts.configured[channel] ? 'set' : 'not set'}.`,
              ).join(' ')}`
            : null}
        </p>
      )}
      <h4 className="h6" id="chat-switches-heading">
        What is posted
      </h4>
      {alerts ? (
        <Form method="post" noValidate aria-labelledby="chat-switches-heading">
          <input type="hidden" name={INTENT_FIELD} value={CHAT_INTENTS.switches} />
          {result?.intent === CHAT_INTENTS.switches ? (
            result.saved ? (
              <Alert variant="success" role="status">
                Chat alerts saved.
              </Alert>
            ) : (
              <ErrorAlert message={result.message} />
            )
          ) : null}
          <div className="settings-chat-switches">
            {LEAD_KIND_KEYS.map((kind) => (
              <table key={kind} className="table table-sm w-auto">
                <caption className="caption-top">{LEAD_KINDS[kind].panelTitle}</caption>
                <thead>
                  <tr>
                    <th scope="col">Event</th>
                    {CHAT_CHANNELS.map((channel) => (
                      <th scope="col" key={channel}>
                        {CHANNEL_NAMES[channel]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {CHAT_ALERT_EVENTS.map((event) => (
                    <tr key={event}>
                      <th scope="row">{EVENT_NAMES[event]}</th>
                      {CHAT_CHANNELS.map((channel) => (
                        <td key={channel}>
                          <input
                            type="checkbox"
                            className="form-check-input"
                            name={switchField(kind, channel, event)}
                            aria-label={`${EVENT_NAMES[event]} on ${CHANNEL_NAMES[channel]}, ${LEAD_KINDS[kind].panelTitle}`}
                            defaultChecked={alerts.alerts[kind][channel][event]}
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            ))}
          </div>
          <Button type="submit" variant="primary" disabled={busy}>
            Save chat alerts
          </Button>
        </Form>
      ) : (
        <p className="text-body-secondary mb-0">The chat alerts could not be read.</p>
      )}
    </>
  );
}
