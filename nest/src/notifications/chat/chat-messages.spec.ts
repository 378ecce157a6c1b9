import { type ChatAlertEvent, LEAD_KINDS, type LeadKindDescriptor } from '../../contract';
import { toLead } from '../../leads/core/lead-record';
import { leadRecord } from '../../leads/core/lead-record.fixture';

import { type ChatAlert, leadLink } from './chat-alert';
import { firstLine, oneLine } from './chat-text';
import { escapeSlack, slackMessage } from './slack-message';
import { teamsMessage } from './teams-message';

const WEB = 'https://www.example.com';
/** Lead 7 of the fixture arrived at 00:07 on 2026-01-01 (in Unix seconds, as Slack dates take it). */
const ARRIVED = Date.UTC(2026, 0, 1, 0, 7) / 1000;
const HOSTILE_NAME = '<!channel> <http://evil.example|click me>';
const HOSTILE_COMPANY = '[click](http://evil.example) &lt;b&gt; <@U024BE7LH> <!here> **bold**';

function alert(
  kind: LeadKindDescriptor,
  fields: Record<string, string>,
  event: ChatAlertEvent = 'newLead',
): ChatAlert {
  const record = { ...leadRecord(7), ...fields };
  const lead = toLead(kind as (typeof LEAD_KINDS)['keDemo'], record, {
    targetMinutes: 240,
    now: new Date(Date.UTC(2026, 0, 2)),
  });
  return { event, kind, lead, link: leadLink(WEB, kind, record._id.toHexString()) };
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every string in a payload with the path that leads to it. */
function strings(value: Json, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => strings(v, `${path}.${k}`));
  return [];
}

describe('lead text on one line', () => {
  it('joins lines, drops controls, bidirectional overrides and zero-width characters', () => {
    expect(oneLine('Ada\r\nLovelace\u202e\u200b\tLtd\u0007', 100)).toBe('Ada Lovelace Ltd');
    expect(firstLine('\n  \n Hello there\nsecond line', 100)).toBe('Hello there');
  });

  it('cuts long text by characters, with an ellipsis', () => {
    expect(oneLine('😀'.repeat(10), 5)).toBe('😀😀😀😀…');
    expect(oneLine('short', 5)).toBe('short');
  });
});

describe('the lead link', () => {
  it('is the lead’s detail in the admin', () => {
    expect(leadLink('https://www.example.com/', LEAD_KINDS.keDemo, 'abc123')).toBe(
      'https://www.example.com/super-secret-admin/lead/keDemo/abc123',
    );
    expect(leadLink('http://localhost:3000', LEAD_KINDS.contactUs, 'x')).toBe(
      'http://localhost:3000/super-secret-admin/lead/contactUs/x',
    );
  });
});

describe('Slack messages', () => {
  it('a new demo request: title, name, company, arrival, link', () => {
    const message = slackMessage(
      alert(LEAD_KINDS.keDemo, { name: 'Ada Lovelace', company: 'Harbour Ltd' }),
    );
    expect(message.text).toBe('New KE Demo Request: Ada Lovelace');
    expect(message.unfurl_links).toBe(false);
    expect(message.blocks).toEqual([
      {
        type: 'section',
        text: { type: 'mrkdwn', text: '*New KE Demo Request*\nAda Lovelace', verbatim: true },
      },
      {
        type: 'section',
        fields: [{ type: 'mrkdwn', text: '*Company*\nHarbour Ltd', verbatim: true }],
      },
      {
        type: 'context',
        elements: [
          {
            type: 'mrkdwn',
            text: `Arrived <!date^${ARRIVED}^{date_short_pretty} at {time}|2026-01-01T00:07:00.000Z>`,
          },
        ],
      },
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: `<${WEB}/super-secret-admin/lead/keDemo/000000000000000000000007|Open the lead>`,
          verbatim: true,
        },
      },
    ]);
  });

  it('a contact request shows its message’s first line; a consultation its location', () => {
    const contact = slackMessage(
      alert(LEAD_KINDS.contactUs, { message: 'Hello\nmore below', subject: 'Hi' }),
    );
    expect(JSON.stringify(contact.blocks)).toContain('*Message*\\nHello"');
    expect(JSON.stringify(contact.blocks)).not.toContain('more below');
    const consultation = slackMessage(alert(LEAD_KINDS.consultation, { location: 'Kiel' }));
    expect(JSON.stringify(consultation.blocks)).toContain('*Location*\\nKiel"');
  });

  it('an overdue lead says when it was due; a lead that wrote again says so', () => {
    const overdue = slackMessage(alert(LEAD_KINDS.keDemo, {}, 'overdue'));
    expect(overdue.text).toBe('Overdue: KE Demo Request waiting for a first reply: Lead 7');
    // Due 4 hours after arrival (the target the alert was read with).
    expect(JSON.stringify(overdue.blocks)).toContain(`Was due <!date^${ARRIVED + 4 * 3600}^`);
    const again = slackMessage(alert(LEAD_KINDS.brokerDemo, {}, 'wroteAgain'));
    expect(again.text).toBe('Broker Demo Request: the lead wrote again: Lead 7');
  });

  it('escapes &, < and >, so a lead can neither mention nor link', () => {
    expect(escapeSlack('<!channel> & <http://x|y>')).toBe(
      '&lt;!channel&gt; &amp; &lt;http://x|y&gt;',
    );
    const message = slackMessage(
      alert(LEAD_KINDS.keDemo, { name: HOSTILE_NAME, company: HOSTILE_COMPANY }),
    );
    const texts = strings(message as unknown as Json).map(([, text]) => text);
    const controls = texts.flatMap((text) => text.match(/<[^>]*>/g) ?? []);
    // The only control sequences are ours: the date and the link to the lead.
    expect(controls).toEqual([
      expect.stringMatching(/^<!date\^\d+\^\{date_short_pretty\} at \{time\}\|[\d\-T:.Z]+>$/),
      `<${WEB}/super-secret-admin/lead/keDemo/000000000000000000000007|Open the lead>`,
    ]);
    const all = texts.join('\n');
    expect(all).toContain('&lt;!channel&gt; &lt;http://evil.example|click me&gt;');
    // A lead's own `&lt;` stays the five characters it wrote, not a `<`.
    expect(all).toContain('[click](http://evil.example) &amp;lt;b&amp;gt; &lt;@U024BE7LH&gt;');
    // Every text object carrying lead text is verbatim (no auto-linking of the bare URL).
    for (const block of message.blocks ?? []) {
      const objects =
        'fields' in block ? (block.fields ?? []) : 'text' in block ? [block.text] : [];
      for (const object of objects)
        if (object && JSON.stringify(object).includes('evil'))
          expect(object).toMatchObject({ verbatim: true });
    }
  });
});

describe('Teams messages', () => {
  it('an Adaptive Card in a message, as Teams’ webhooks take it', () => {
    const message = teamsMessage(
      alert(LEAD_KINDS.keDemo, { name: 'Ada Lovelace', company: 'Harbour Ltd' }),
    );
    expect(message).toEqual({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: {
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            type: 'AdaptiveCard',
            version: '1.4',
            body: [
              {
                type: 'TextBlock',
                text: 'New KE Demo Request',
                weight: 'Bolder',
                size: 'Medium',
                wrap: true,
              },
              {
                type: 'RichTextBlock',
                inlines: [{ type: 'TextRun', text: 'Ada Lovelace', weight: 'Bolder' }],
              },
              {
                type: 'RichTextBlock',
                inlines: [
                  { type: 'TextRun', text: 'Company: ', isSubtle: true },
                  { type: 'TextRun', text: 'Harbour Ltd' },
                ],
              },
              {
                type: 'TextBlock',
                text: 'Arrived {{DATE(2026-01-01T00:07:00Z, SHORT)}} {{TIME(2026-01-01T00:07:00Z)}}',
                isSubtle: true,
                size: 'Small',
                wrap: true,
              },
            ],
            actions: [
              {
                type: 'Action.OpenUrl',
                title: 'Open the lead',
                url: `${WEB}/super-secret-admin/lead/keDemo/000000000000000000000007`,
              },
            ],
            msteams: { width: 'Full' },
          },
        },
      ],
    });
  });

  it('puts lead text only in TextRuns (no Markdown there) and opens no URL but ours', () => {
    const message = teamsMessage(
      alert(LEAD_KINDS.keDemo, {
        name: HOSTILE_NAME,
        company: `${HOSTILE_COMPANY} {{DATE(2030-01-01T00:00:00Z)}}`,
      }),
    );
    const all = strings(message as unknown as Json);
    const carrying = all.filter(([, text]) => /evil|channel|click|U024BE7LH/.test(text));
    expect(carrying.map(([path]) => path)).toEqual([
      '.attachments[0].content.body[1].inlines[0].text',
      '.attachments[0].content.body[2].inlines[1].text',
    ]);
    const body = (message as { attachments: { content: { body: Json[] } }[] }).attachments[0]
      ?.content.body as { type: string; inlines?: { type: string }[] }[];
    expect(body[1]?.inlines?.[0]?.type).toBe('TextRun');
    expect(body[2]?.inlines?.[1]?.type).toBe('TextRun');
    // Shown as written, the card's date function broken up, and nothing is a URL but the lead's.
    expect(carrying[0]?.[1]).toBe(HOSTILE_NAME);
    expect(carrying[1]?.[1]).toBe(`${HOSTILE_COMPANY} {\u200b{DATE(2030-01-01T00:00:00Z)}}`);
    const urls = all.filter(([path]) => /url$/i.test(path)).map(([, url]) => url);
    expect(urls).toEqual([`${WEB}/super-secret-admin/lead/keDemo/000000000000000000000007`]);
    expect(all.filter(([path]) => /selectAction/.test(path))).toEqual([]);
  });
});
