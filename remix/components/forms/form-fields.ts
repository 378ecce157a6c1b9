import { getZodConstraint } from '@conform-to/zod';
import { type z, type ZodTypeAny } from 'zod';

/** What a form's builder puts on a field from its schema: its name and its HTML constraints. */
export interface FieldProps<N extends string = string> {
  name: N;
  required?: boolean;
  maxLength?: number;
  minLength?: number;
}

export type FormFields<S extends ZodTypeAny> = {
  [K in keyof z.input<S> & string]-?: FieldProps<K>;
};

/**
 * The fields of a form as its schema states them (Conform's getZodConstraint): each one's name,
 * whether it is required, and its length bounds, for the builder to spread on its input. Patterns
 * and number bounds stay off the inputs: the forms are posted as typed (noValidate), and what is
 * wrong is said by the server, in the form's words, the same with or without JavaScript.
 */
export function formFields<S extends ZodTypeAny>(schema: S): FormFields<S> {
  const constraints = getZodConstraint(schema);
  const fields: Record<string, FieldProps> = {};
  for (const [name, constraint] of Object.entries(constraints)) {
    const field: FieldProps = { name };
    if (constraint.required) field.required = true;
    if (constraint.maxLength !== undefined) field.maxLength = constraint.maxLength;
    if (constraint.minLength !== undefined) field.minLength = constraint.minLength;
    fields[name] = field;
  }
  return fields as FormFields<S>;
}
