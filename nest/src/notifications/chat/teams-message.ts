import { type AlertContent, alertContent, type ChatAlert } from './chat-alert';

/** A piece of an Adaptive Card (the subset these messages use). */
type CardElement = Record<string, unknown>;

/**
 * A lead's text in a TextRun. Adaptive Cards render Markdown (links `[x](y)`, emphasis, lists) only
 * in TextBlocks and facts; a TextRun is shown as written (the schema: "Markdown is not supported"),
 * so a lead cannot make a link or a list there, and Teams mentions need entities the card does not
 * carry. What is left is the card's date and time functions, `{{DATE(…)}}`, which a TextRun may
 * still evaluate: a zero-width space between the braces keeps them text.
 */
export const teamsRunText = (text: string): string => text.replace(/\{\{/g, '{\u200b{');

const run = (text: string, style: CardElement = {}): CardElement => ({
  type: 'TextRun',
  text: teamsRunText(text),
  ...style,
});

/** RFC 3339 without fractions: what the card's DATE() and TIME() functions read. */
const cardTime = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A chat alert as a Teams workflow (or incoming) webhook's message: one Adaptive Card. Our own
 * words are TextBlocks; everything the lead wrote is a TextRun (see teamsRunText).
 */
export const teamsMessage = (alert: ChatAlert): object => teamsMessageOf(alertContent(alert));

/** An alert's content (a lead's, or the Settings page's test message) as a Teams message. */
export function teamsMessageOf(content: AlertContent): object {
  const times = content.times
    .map(
      (time) =>
        `${time.label} {{DATE(${cardTime(time.at)}, SHORT)}} {{TIME(${cardTime(time.at)})}}`,
    )
    .join(' · ');
  const body: CardElement[] = [
    { type: 'TextBlock', text: content.title, weight: 'Bolder', size: 'Medium', wrap: true },
    { type: 'RichTextBlock', inlines: [run(content.name, { weight: 'Bolder' })] },
    ...content.facts.map((fact): CardElement => ({
      type: 'RichTextBlock',
      inlines: [run(`${fact.label}: `, { isSubtle: true }), run(fact.value)],
    })),
    { type: 'TextBlock', text: times, isSubtle: true, size: 'Small', wrap: true },
  ];
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body,
          actions: [{ type: 'Action.OpenUrl', title: content.linkLabel, url: content.link }],
          msteams: { width: 'Full' },
        },
      },
    ],
  };
}
