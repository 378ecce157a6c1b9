import { Form, Link } from '@remix-run/react';
import { type ReactNode } from 'react';
import { Alert, Button } from 'react-bootstrap';

import { useBusy } from '~/components/admin/page-parts';

/**
 * The confirmation step of a change that cannot be taken back: a page of its own (reached by a
 * link, so it works without JavaScript) that asks, sends the change, or goes back to `action`.
 */
export function ConfirmStep({
  className,
  action,
  question,
  submitLabel,
  children,
}: {
  className: string;
  /** The page: where the form is sent, and where "Cancel" goes back to. */
  action: string;
  question: ReactNode;
  submitLabel: string;
  /** The form's hidden fields, and the fields of a factor asked for again, if any. */
  children: ReactNode;
}) {
  const busy = useBusy();
  return (
    <Alert variant="danger" className={className}>
      <Form method="post" action={action}>
        <p className="mb-2">{question}</p>
        {children}
        <Button type="submit" variant="danger" size="sm" disabled={busy}>
          {submitLabel}
        </Button>{' '}
        <Link className="btn btn-link btn-sm" to={action}>
          Cancel
        </Link>
      </Form>
    </Alert>
  );
}
