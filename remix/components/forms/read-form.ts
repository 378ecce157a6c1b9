import { parseWithZod, type Submission } from '@conform-to/zod';
import { z, type ZodTypeAny } from 'zod';

/** Each refused field's messages, by the field's name ('' for the form as a whole). */
export type FieldErrors = Record<string, string[]>;

/** A posted form as its schema reads it: the value, or what is wrong with each field. */
export type FormRead<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** The field every form with more than one purpose posts (a hidden input or its button). */
export const INTENT_FIELD = 'intent';

export const INVALID_REQUEST = 'That request is not valid.';

/**
 * Reads a posted form with its schema (Conform's parseWithZod). Values are read as posted, without
 * Conform's coercion: '' stays '' (a field the API judges is sent on for the API to say what is
 * wrong, as it always was), and a name posted twice is a list. What Conform itself cannot read (it
 * reserves two names and parses them as JSON) is refused like any other malformed form, never a 500.
 */
export function readForm<S extends ZodTypeAny>(form: FormData, schema: S): FormRead<z.output<S>> {
  let submission: Submission<z.input<S>, string[], z.output<S>>;
  try {
    submission = parseWithZod(form, { schema, disableAutoCoercion: true });
  } catch {
    return { ok: false, errors: { '': [INVALID_REQUEST] } };
  }
  if (submission.status === 'success') return { ok: true, value: submission.value };
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(submission.error ?? {}))
    if (messages?.length) errors[name] = messages;
  if (Object.keys(errors).length === 0) errors[''] = [INVALID_REQUEST];
  return { ok: false, errors };
}

/** The first message of each refused field: what a form shows under it. */
export function firstErrors<F extends string>(
  errors: FieldErrors,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const first = errors[field]?.[0];
    if (first) out[field] = first;
  }
  return out;
}

/** One of a route's forms, told apart by its intent, read with that form's own schema. */
export type IntentRead<S extends Record<string, ZodTypeAny>> = {
  [K in keyof S & string]: { intent: K } & FormRead<z.output<S[K]>>;
}[keyof S & string];

const intentOnly = z.object({ [INTENT_FIELD]: z.string() });

/**
 * Reads a form of a route whose action takes several (one schema each, keyed by intent): null when
 * the form names no intent the route knows.
 */
export function readIntentForm<S extends Record<string, ZodTypeAny>>(
  form: FormData,
  schemas: S,
): IntentRead<S> | null {
  const named = readForm(form, intentOnly);
  if (!named.ok || !Object.hasOwn(schemas, named.value.intent)) return null;
  const intent = named.value.intent as keyof S & string;
  return { intent, ...readForm(form, schemas[intent]!) } as IntentRead<S>;
}
