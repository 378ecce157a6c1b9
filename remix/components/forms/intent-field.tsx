import { INTENT_FIELD } from './read-form';

/**
 * The hidden field that tells a route's action which of its forms was posted: one of the intents
 * of `forms`, the route's schemas by intent, which readIntentForm reads it back with.
 */
export function IntentField<F extends object>({
  value,
}: {
  /** Names the schemas the value is checked against (by the type checker only). */
  forms: F;
  value: keyof F & string;
}) {
  return <input type="hidden" name={INTENT_FIELD} value={value} />;
}

/** The body of a script's post of one of `forms` (by intent) that carries no other field. */
export function intentForm<F extends object>(_forms: F, value: keyof F & string): FormData {
  const form = new FormData();
  form.set(INTENT_FIELD, value);
  return form;
}
