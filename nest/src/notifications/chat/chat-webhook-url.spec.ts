import { SecretBox } from '../../common/secret-box';

import { chatWebhookUrlError, maskedWebhookUrl } from './chat-webhook-url';

describe('a chat webhook URL set on the Settings page', () => {
  it.each([
    ['slack', 'https://hooks.slack.com/services/T01/B02/abc'],
    ['slack', 'https://hooks.slack-gov.com/services/T01/B02/abc'],
    ['slack', 'http://127.0.0.1:4000/hook'],
    ['slack', 'http://localhost/hook'],
    ['teams', 'http://[::1]:9/x'],
    [
      'teams',
      'https://prod-12.westeurope.logic.azure.com:443/workflows/f/triggers/manual/paths/invoke?sig=x',
    ],
    [
      'teams',
      'https://default0f.12.environment.api.powerplatform.com/powerautomate/automations/direct/workflows/x',
    ],
    ['teams', 'https://contoso.webhook.office.com/webhookb2/x'],
    ['teams', 'https://prod-01.usgovtexas.logic.azure.us/workflows/x'],
  ] as const)('takes %s %s', (channel, url) => {
    expect(chatWebhookUrlError(channel, url)).toBeNull();
  });

  it.each([
    ['slack', 'http://hooks.slack.com/services/T/B/x'],
    ['slack', 'https://hooks.slack.com/triggers/T/x'],
    ['slack', 'https://hooks.slack.com.evil.example/services/T/B/x'],
    ['slack', 'https://evilhooks.slack.com/services/T/B/x'],
    ['slack', 'https://hooks.slack.com:8443/services/T/B/x'],
    ['slack', 'https://a:b@hooks.slack.com/services/T/B/x'],
    ['slack', 'https://hooks.slack.com/services/T/B/x y'],
    ['slack', 'http://10.0.0.1/hook'],
    ['teams', 'https://logic.azure.com/workflows/x'],
    ['teams', 'https://evil-logic.azure.com.example/x'],
    ['teams', 'https://hooks.slack.com/services/T/B/x'],
    ['teams', 'ftp://contoso.webhook.office.com/x'],
  ] as const)('refuses %s %s', (channel, url) => {
    expect(chatWebhookUrlError(channel, url)).toEqual(expect.stringContaining(channel));
  });

  it('shows only the scheme, the host and the last 4 characters', () => {
    expect(maskedWebhookUrl('https://hooks.slack.com/services/T01/B02/abcdWXYZ')).toBe(
      'https://hooks.slack.com/…WXYZ',
    );
  });
});

describe('SecretBox', () => {
  it('opens what it sealed; another purpose or key, or a changed byte, opens nothing', () => {
    const box = new SecretBox('a secret long enough for a key 0123456789', 'chat webhook url');
    const sealed = box.seal('https://hooks.slack.com/services/T/B/x');
    expect(sealed).not.toContain('hooks');
    expect(box.open(sealed)).toBe('https://hooks.slack.com/services/T/B/x');
    expect(box.seal('same')).not.toBe(box.seal('same'));
    const other = new SecretBox('a secret long enough for a key 0123456789', 'admin totp secret');
    expect(other.open(sealed)).toBeNull();
    const [v, iv, tag, data] = sealed.split('.');
    expect(box.open([v, iv, tag?.slice(0, 8), data].join('.'))).toBeNull();
    const flipped = Buffer.from(data ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(box.open([v, iv, tag, flipped.toString('base64url')].join('.'))).toBeNull();
  });
});
