import { TEXT_RULES, type TextRule } from '@contract';

/** What a field's label says for each of the API's text rules (`blank` may be a form's own text). */
type Say = Partial<Record<TextRule, string>>;

const AT_MOST = /^must be at most (\d+) characters$/;

function sayRule(rule: TextRule, label: string): string {
  switch (rule) {
    case 'blank':
      return `Please enter the ${label.toLowerCase()}.`;
    case 'email':
      return 'Please enter an email address such as name@example.com.';
    case 'lineBreak':
      return `${label} must be on one line.`;
    case 'notText':
    case 'nul':
    case 'loneSurrogate':
      return `${label} has characters that cannot be stored. Please type it again.`;
  }
}

/**
 * One of the API's per-field messages (`<field> <rule>`) in a person's words, under the form's
 * label: "subject should not be empty" becomes "Please enter the subject.". A message of no known
 * rule keeps its words, with the label for the field's wire name.
 */
export function humanFieldError(field: string, message: string, label: string, say: Say = {}) {
  if (!message.startsWith(`${field} `)) return message;
  const rest = message.slice(field.length + 1);
  const rule = (Object.keys(TEXT_RULES) as TextRule[]).find((key) => TEXT_RULES[key] === rest);
  if (rule) return say[rule] ?? sayRule(rule, label);
  const most = AT_MOST.exec(rest);
  if (most) return `${label} can be at most ${most[1]} characters.`;
  return `${label} ${rest}`;
}

/**
 * The API's per-field messages in a person's words: its first message for each field the form
 * labels, said by humanFieldError.
 */
export function fieldErrors<F extends string>(
  errors: Record<string, string[]> | undefined,
  labels: Record<F, string>,
  say: Say = {},
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const field of Object.keys(labels) as F[]) {
    const first = errors?.[field]?.[0];
    if (first) out[field] = humanFieldError(field, first, labels[field], say);
  }
  return out;
}

/**
 * An API refusal said in one message: its first labelled field's, in a person's words, or else the
 * API's own message (which for a validation failure joins the raw per-field messages).
 */
export function refusalWords<F extends string>(
  failure: { message: string; errors?: Record<string, string[]> | undefined },
  labels: Record<F, string>,
): string {
  return (
    Object.values<string | undefined>(fieldErrors(failure.errors, labels))[0] ?? failure.message
  );
}

/** The API's per-field messages of the labelled fields, each in a person's words, as lists. */
export function humanErrors(
  errors: Record<string, string[]> | undefined,
  labels: Record<string, string>,
): Record<string, string[]> | undefined {
  const said = Object.entries(fieldErrors(errors, labels)).flatMap(
    ([field, message]): [string, string[]][] => (message ? [[field, [message]]] : []),
  );
  return said.length ? Object.fromEntries(said) : undefined;
}
