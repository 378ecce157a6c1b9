import { Form } from '@remix-run/react';
import { type ReactNode } from 'react';
import { Button } from 'react-bootstrap';

import { CardSection, ErrorAlert, useBusy } from '~/components/admin/page-parts';
import { type ReauthAsk, ReauthFields } from '~/components/admin/reauth-fields';

/** What a card form shows again after a refusal: each field's refusal, the form's, a factor asked. */
export interface CardFormResult<Field extends string> {
  errors?: Partial<Record<Field, string>>;
  message?: string;
  reauth?: ReauthAsk;
}

/**
 * A page's form to add something, in a card beside the page's list: a plain form (it works without
 * JavaScript) that says its refusal above its fields, and asks for a factor again when the API
 * wants one checked before the change.
 */
export function CardForm({
  headingId,
  title,
  action,
  message,
  reauth,
  reauthIdPrefix,
  submitLabel,
  children,
}: {
  headingId: string;
  title: string;
  action: string;
  /** The refusal of what was sent, if any. */
  message: string | undefined;
  reauth: ReauthAsk | undefined;
  reauthIdPrefix: string;
  submitLabel: string;
  /** The form's intent and fields. */
  children: ReactNode;
}) {
  const busy = useBusy();
  return (
    <CardSection id={headingId} title={title} className="col-12 col-lg-5">
      <ErrorAlert message={message} />
      <Form method="post" action={action} noValidate>
        {children}
        <ReauthFields ask={reauth} idPrefix={reauthIdPrefix} />
        <Button type="submit" variant="primary" disabled={busy}>
          {submitLabel}
        </Button>
      </Form>
    </CardSection>
  );
}
