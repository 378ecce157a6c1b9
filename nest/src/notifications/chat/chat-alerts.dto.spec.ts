import { type ArgumentMetadata } from '@nestjs/common';

import { type ApiError } from '../../common/api-error';
import { createValidationPipe } from '../../common/validation';
import { LEAD_KINDS } from '../../contract';

import { chatAlertId } from './chat-alert-outbox.store';
import { changedPaths, withDefaults } from './chat-alert-settings.store';
import { assertChatAlertsChange, ChatAlertsRequestDto } from './chat-alerts.dto';

const asBody: ArgumentMetadata = { type: 'body', metatype: ChatAlertsRequestDto };

/** The 400's `errors` for a body, as the API's pipe answers it; null when the body is taken. */
async function errorsOf(body: unknown): Promise<Record<string, string[]> | null> {
  try {
    const taken = (await createValidationPipe().transform(body, asBody)) as object;
    assertChatAlertsChange(taken);
    return null;
  } catch (error) {
    const response = (error as ApiError).getResponse() as { errors?: Record<string, string[]> };
    return response.errors ?? {};
  }
}

describe('the chat alerts’ settings as sent', () => {
  it('takes any switches of any kinds and channels', async () => {
    expect(await errorsOf({ keDemo: { slack: { overdue: false } } })).toBeNull();
    expect(
      await errorsOf({
        contactUs: { slack: { newLead: true, wroteAgain: false }, teams: { overdue: true } },
        consultation: { teams: { newLead: false } },
      }),
    ).toBeNull();
  });

  it.each([
    [
      { keDemo: { slack: { overdue: 'no' } } },
      'keDemo.slack.overdue',
      'overdue must be true or false',
    ],
    [
      { keDemo: { slack: { overdue: null } } },
      'keDemo.slack.overdue',
      'overdue must be true or false',
    ],
    [{ keDemo: { slack: [] } }, 'keDemo.slack', 'slack must be an object'],
    [{ keDemo: null }, 'keDemo', 'keDemo must be an object'],
    [{ keDemo: 'on' }, 'keDemo', 'keDemo must be an object'],
  ])('refuses %j, naming the field', async (body, field, message) => {
    expect(await errorsOf(body)).toEqual({ [field]: [message] });
  });

  it.each([
    [{ spam: {} }, 'spam'],
    [{ keDemo: { discord: {} } }, 'keDemo.discord'],
    [{ keDemo: { slack: { everything: true } } }, 'keDemo.slack.everything'],
  ])('refuses the unknown key of %j', async (body, field) => {
    expect(Object.keys((await errorsOf(body)) ?? {})).toEqual([field]);
  });

  it.each([
    [{}, ['contactUs', 'keDemo', 'brokerDemo', 'consultation']],
    // An empty object is named itself: it switches nothing.
    [{ keDemo: {} }, ['keDemo']],
    [{ keDemo: { teams: {} } }, ['keDemo.teams']],
    [{ keDemo: { slack: { newLead: true }, teams: {} } }, ['keDemo.teams']],
  ])('refuses %j: a change must switch something', async (body, fields) => {
    expect(Object.keys((await errorsOf(body)) ?? {})).toEqual(fields);
  });
});

describe('the chat alerts’ settings as stored', () => {
  it('are all on until changed, and ignore what is not a boolean', () => {
    const all = withDefaults({ keDemo: { slack: { overdue: false, newLead: 'yes' } } });
    expect(all.keDemo.slack).toEqual({ newLead: true, overdue: false, wroteAgain: true });
    expect(all.contactUs.teams).toEqual({ newLead: true, overdue: true, wroteAgain: true });
  });

  it('are changed switch by switch', () => {
    expect(
      changedPaths({ keDemo: { slack: { overdue: false }, teams: { newLead: true } } }),
    ).toEqual({ 'alerts.keDemo.slack.overdue': false, 'alerts.keDemo.teams.newLead': true });
  });
});

describe('a chat alert’s outbox id', () => {
  const kind = LEAD_KINDS.keDemo;
  const lead = '64b000000000000000000001';

  it('is the same for the same event, whoever raises it', () => {
    expect(chatAlertId('slack', 'newLead', kind, lead)).toEqual(
      chatAlertId('slack', 'newLead', kind, lead.toUpperCase()),
    );
  });

  it('differs by channel, event, kind, lead and what else names the event', () => {
    const ids = [
      chatAlertId('slack', 'newLead', kind, lead),
      chatAlertId('teams', 'newLead', kind, lead),
      chatAlertId('slack', 'overdue', kind, lead),
      chatAlertId('slack', 'newLead', LEAD_KINDS.brokerDemo, lead),
      chatAlertId('slack', 'newLead', kind, '64b000000000000000000002'),
      chatAlertId('slack', 'wroteAgain', kind, lead, 'message-1'),
      chatAlertId('slack', 'wroteAgain', kind, lead, 'message-2'),
    ].map((id) => id.toHexString());
    expect(new Set(ids).size).toBe(ids.length);
  });
});
