import { isEmail, ValidateBy, type ValidationOptions } from 'class-validator';

/** A sender as mail writes it: an address, with the name a mail client shows (or none). */
export interface Mailbox {
  name: string | null;
  address: string;
}

/** `Name <address>`, the name optionally quoted; the address alone is the other accepted form. */
const NAMED = /^\s*(?:"([^"\r\n]*)"|([^"<>\r\n]*?))\s*<([^<>\s]+)>\s*$/;

/**
 * Reads `leads@example.com` or `Sales <sales@example.com>` (also `"Sales, EU" <…>`); null for
 * anything else, so a typo is refused at start-up rather than by the SMTP server on each send.
 */
export function parseMailbox(value: string): Mailbox | null {
  const trimmed = value.trim();
  if (isEmail(trimmed)) return { name: null, address: trimmed };
  const named = NAMED.exec(value);
  if (!named) return null;
  const name = (named[1] ?? named[2] ?? '').trim();
  const address = named[3]!;
  return isEmail(address) ? { name: name || null, address } : null;
}

/** The words every refusal of a sender variable uses: both accepted forms, by example. */
export const MAILBOX_FORMS =
  'an email address (leads@example.com) or a name and address (Sales <sales@example.com>)';

/** An environment variable that names a sender, in either form parseMailbox reads. */
export function IsMailbox(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isMailbox',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && parseMailbox(value) !== null,
        defaultMessage: () => `$property must be ${MAILBOX_FORMS}`,
      },
    },
    options,
  );
}
