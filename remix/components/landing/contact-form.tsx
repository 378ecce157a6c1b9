import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from 'react-bootstrap';

import { FIELD_LIMITS, htmlMaxLength, LEAD_SOURCE_FIELDS, type LeadSource } from '@contract';
import {
  CONTACT_FIELDS,
  type ContactActionResult,
  type ContactErrors,
  type ContactField,
  readContact,
  validateContact,
} from '~/contact/contact-fields';

/** Shown after a successful submission (status region, or in place of the inline form). */
export const SENT_MESSAGE = 'Thank you! We will be in touch soon.';

export const CONTACT_LABELS: Record<ContactField, string> = {
  name: 'Your Name',
  email: 'Your Email',
  subject: 'Subject',
  message: 'Message',
};

const AUTOCOMPLETE: Partial<Record<ContactField, string>> = { name: 'name', email: 'email' };

export interface ContactFormProps {
  /** Prefix of the element ids, unique per instance on the page. */
  idPrefix: string;
  /** Where the form posts without JavaScript (the index route's action). */
  action: string;
  /** A submission is in flight: SEND is disabled. */
  busy: boolean;
  /** The last failed answer of the action, shown under the fields and above the button. */
  result?: Extract<ContactActionResult, { ok: false }>;
  /**
   * Called for a submission that passed the checks, before the browser would post the form: the
   * page's script prevents that and sends it itself. Without it the browser posts (no JavaScript).
   */
  onValidSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** The visit's first touch (issue 23), sent as hidden fields of the same names. */
  source?: LeadSource | null;
}

/**
 * The contact form of the modal (and of the no-JavaScript inline section). Validation follows spec
 * section 5 exactly: on SEND every empty field shows '*required field'; typing does not clear a
 * message, only the next SEND re-evaluates. `noValidate` keeps the browser's own bubbles away.
 */
export function ContactForm({
  idPrefix,
  action,
  busy,
  result,
  onValidSubmit,
  source,
}: ContactFormProps) {
  const [errors, setErrors] = useState<ContactErrors>(() => result?.fieldErrors ?? {});
  const [formError, setFormError] = useState<string | null>(() => result?.formError ?? null);
  const formRef = useRef<HTMLFormElement>(null);
  // Guards against a second submission before the first one's state reaches the button.
  const pending = useRef(false);
  const wasBusy = useRef(false);

  useEffect(() => {
    if (busy) wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      pending.current = false;
    }
  }, [busy]);

  // A new answer from the server replaces what is shown.
  useEffect(() => {
    if (!result) return;
    setErrors(result.fieldErrors);
    setFormError(result.formError);
  }, [result]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (pending.current || busy) {
      event.preventDefault();
      return;
    }
    const found = validateContact(readContact(new FormData(event.currentTarget)));
    setErrors(found);
    setFormError(null);
    const firstInvalid = CONTACT_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      event.preventDefault();
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    pending.current = true;
    onValidSubmit?.(event);
  };

  const field = (name: ContactField, control: (props: FieldProps) => ReactNode) => {
    const id = `${idPrefix}-${name}`;
    const errorId = `${id}-error`;
    const error = errors[name];
    return (
      <div className="mb-3 contact-field">
        <label htmlFor={id} className="form-label">
          {CONTACT_LABELS[name]}
        </label>
        {control({
          id,
          name,
          className: `form-control${error ? ' is-invalid' : ''}`,
          maxLength: htmlMaxLength(FIELD_LIMITS[name]),
          defaultValue: result?.values[name] ?? '',
          'aria-required': true,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
        })}
        {error ? (
          <div id={errorId} className="contact-error text-danger">
            {error}
          </div>
        ) : null}
      </div>
    );
  };

  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      noValidate
      className="contact-form"
      aria-busy={busy || undefined}
      onSubmit={handleSubmit}
    >
      {field('name', (props) => (
        <input type="text" autoComplete={AUTOCOMPLETE.name} {...props} />
      ))}
      {field('email', (props) => (
        // No format check in the browser (spec section 5); the API's answer is shown per field.
        <input type="email" autoComplete={AUTOCOMPLETE.email} {...props} />
      ))}
      {field('subject', (props) => (
        <input type="text" {...props} />
      ))}
      {field('message', (props) => (
        <textarea rows={4} {...props} />
      ))}
      {/* Honeypot: people never see or fill it; bots that fill every field are dropped by the API. */}
      <div className="contact-honeypot">
        <label htmlFor={`${idPrefix}-website`}>Leave this field empty</label>
        <input
          id={`${idPrefix}-website`}
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      {LEAD_SOURCE_FIELDS.map((name) =>
        source?.[name] ? (
          <input key={name} type="hidden" name={name} defaultValue={source[name]} data-source="" />
        ) : null,
      )}
      {formError ? (
        <div className="alert alert-danger contact-form-error" role="alert">
          {formError}
        </div>
      ) : null}
      <Button type="submit" variant="cta" className="contact-send" disabled={busy}>
        SEND
      </Button>
    </form>
  );
}

interface FieldProps {
  id: string;
  name: ContactField;
  className: string;
  maxLength: number;
  defaultValue: string;
  'aria-required': boolean;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}
