import { type InputHTMLAttributes } from 'react';

export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  name: string;
  label: string;
  /** The label is for assistive technology only (the sign-in screen shows placeholders). */
  hideLabel?: boolean;
  /** Shown under the field and tied to it (aria-describedby), with the field marked invalid. */
  error?: string | undefined;
  /** A lasting hint under the field (what the rules are). */
  hint?: string;
}

/** A labelled input with its hint and its error, as the admin pages' forms show them. */
export function FormField({
  id,
  label,
  hideLabel = false,
  error,
  hint,
  className,
  ...input
}: FormFieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return (
    <div className={className ?? 'mb-3'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'form-label'}>
        {label}
      </label>
      <input
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described.length ? described.join(' ') : undefined}
        {...input}
      />
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}
