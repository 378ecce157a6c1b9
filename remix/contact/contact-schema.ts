import { z } from 'zod';

import { FIELD_LIMITS, htmlMaxLength, INTAKE_PROOF_FIELD, LEAD_SOURCE_FIELDS } from '@contract';

import {
  CONTACT_FIELD_NAMES,
  CONTACT_FIELDS,
  type ContactField,
  type ContactValues,
  REQUIRED_MESSAGE,
} from './contact-fields';
import { cleanSource } from './first-touch';

/**
 * The contact form's schema, read by the action (the index route's, and POST /contact): the fields
 * CONTACT_FIELDS names, the spec's rule, then the API. The landing page's script applies the same
 * rule before posting (validateContact, without zod: the page's scripts stay small).
 */

/** A field as posted: its text, '' for anything else. */
const posted = z.preprocess((value) => (typeof value === 'string' ? value : ''), z.string());

/** The four fields as posted, whatever they hold: a refused form is shown again with them. */
export const contactValuesSchema = z.object(
  Object.fromEntries(CONTACT_FIELDS.map((field) => [field, posted])) as Record<
    ContactField,
    typeof posted
  >,
);

/**
 * A visible field: not blank (spec section 5), and no longer than its form lets a browser send,
 * said in the API's words; the API judges the rest (lengths as it counts them, the address) and
 * its messages are shown per field. Sent trimmed.
 */
const visible = (field: ContactField) => {
  const limit = FIELD_LIMITS[field];
  return posted
    .superRefine((value, context) => {
      if (value.trim() === '') context.addIssue({ code: 'custom', message: REQUIRED_MESSAGE });
      else if (value.length > htmlMaxLength(limit))
        context.addIssue({
          code: 'custom',
          message: `${CONTACT_FIELD_NAMES[field]} can be at most ${limit} characters.`,
        });
    })
    .transform((value) => value.trim());
};

/** Passed on to the API as sent, when sent (the API holds what bots send as spam). */
const passedOn = z.preprocess(
  (value) => (typeof value === 'string' && value !== '' ? value : undefined),
  z.string().optional(),
);

export const contactSchema = z
  .object({
    name: visible('name'),
    email: visible('email'),
    subject: visible('subject'),
    message: visible('message'),
    /** The honeypot: people never see or fill it. */
    website: passedOn,
    /** The visitor's proof of work, as their browser solved it (none without JavaScript). */
    [INTAKE_PROOF_FIELD]: passedOn,
    /** The visit's first touch (issue 23): whatever of it the intake will take. */
    ...Object.fromEntries(LEAD_SOURCE_FIELDS.map((field) => [field, z.unknown()])),
  })
  .transform(({ name, email, subject, message, website, altcha, ...source }) => ({
    lead: {
      name,
      email,
      subject,
      message,
      ...(website ? { website } : {}),
      ...(altcha ? { altcha } : {}),
    },
    source: cleanSource(source),
  }));

export const NO_VALUES: ContactValues = { name: '', email: '', subject: '', message: '' };
