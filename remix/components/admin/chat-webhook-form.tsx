import { Form } from '@remix-run/react';
import { Alert, Button } from 'react-bootstrap';

import { type ChatChannel, type ChatWebhookState } from '@contract';
import { FormField } from '~/components/forms/form-field';
import { INTENT_FIELD } from '~/components/forms/read-form';

import {
  CHANNEL_FIELD,
  CHANNEL_NAMES,
  CHAT_INTENTS,
  type ChatAlertsResult,
  URL_FIELD,
} from './chat-alert-fields';
import { ErrorAlert } from './page-parts';

/** Where the URL comes from, in words; never the URL itself (the API sends only a masked form). */
function stateWords(channel: ChatChannel, state: ChatWebhookState): string {
  const variable = `${channel.toUpperCase()}_WEBHOOK_URL`;
  if (state.source === 'environment')
    return `Set in the server's environment (${variable}): ${state.masked ?? ''}. Change it there.`;
  if (state.unreadable)
    return 'Set here, but it can no longer be read (the server’s JWT_SECRET changed): paste it again.';
  if (state.source === 'settings') return `Set: ${state.masked ?? ''}`;
  return 'Not set: no alerts are posted to this channel.';
}

/** One channel's webhook, as an owner sets it: the URL, its removal, and a test message. */
export function ChatWebhookForm({
  channel,
  state,
  result,
  busy,
}: {
  channel: ChatChannel;
  state: ChatWebhookState;
  result: ChatAlertsResult | undefined;
  busy: boolean;
}) {
  const name = CHANNEL_NAMES[channel];
  const id = `chat-webhook-${channel}`;
  const mine = result?.channel === channel ? result : undefined;
  const canPost = state.source !== null && !state.unreadable;
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      <input type="hidden" name={CHANNEL_FIELD} value={channel} />
    </>
  );
  return (
    <div className="settings-chat-webhook mb-4" role="group" aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`} className="h6">
        {name}
      </h4>
      <p className="mb-2" id={`${id}-state`}>
        {stateWords(channel, state)}
      </p>
      {mine?.intent === CHAT_INTENTS.webhook || mine?.intent === CHAT_INTENTS.remove ? (
        mine.saved ? (
          <Alert variant="success" role="status">
            {mine.intent === CHAT_INTENTS.remove
              ? `${name} webhook removed.`
              : `${name} webhook saved.`}
          </Alert>
        ) : mine.error ? null : (
          <ErrorAlert message={mine.message} />
        )
      ) : null}
      {state.source !== 'environment' ? (
        // A new form once the URL changed: what was typed is not left in the field.
        <Form method="post" noValidate className="mb-2" key={state.masked ?? 'unset'}>
          {hidden(CHAT_INTENTS.webhook)}
          <FormField
            id={`${id}-url`}
            name={URL_FIELD}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            label={`${name} webhook URL`}
            hint={
              state.source === 'settings'
                ? 'Paste a new URL to replace it. It is stored encrypted and never shown again.'
                : 'It is stored encrypted and never shown again.'
            }
            error={mine?.error}
          />
          <Button type="submit" variant="primary" disabled={busy}>
            Save {name} webhook
          </Button>
        </Form>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        {state.source === 'settings' ? (
          <Form method="post">
            {hidden(CHAT_INTENTS.remove)}
            <Button type="submit" variant="outline-danger" disabled={busy}>
              Remove {name} webhook
            </Button>
          </Form>
        ) : null}
        {canPost ? (
          <Form method="post">
            {hidden(CHAT_INTENTS.test)}
            <Button type="submit" variant="outline-secondary" disabled={busy}>
              Send a test message
              <span className="visually-hidden"> to {name}</span>
            </Button>
          </Form>
        ) : null}
      </div>
      {mine?.intent === CHAT_INTENTS.test ? (
        mine.test ? (
          <Alert
            variant={mine.test.delivered ? 'success' : 'warning'}
            role="status"
            className="mt-2"
          >
            {mine.test.message}
          </Alert>
        ) : (
          <ErrorAlert message={mine.message} />
        )
      ) : null}
    </div>
  );
}
