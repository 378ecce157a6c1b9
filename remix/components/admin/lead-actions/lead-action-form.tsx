import { useLocation } from '@remix-run/react';
import { type ReactNode } from 'react';
import { Button, type ButtonProps } from 'react-bootstrap';

import { type LeadAction, type LeadKindKey } from '@contract';
import { JsFlag } from '~/components/forms/js-flag';

import { FIELD, oneLeadButton } from './fields';
import { useLeadActionFetcher } from './hooks';
import { ACTION_LABELS } from './labels';
import { LEADS_PATH } from './paths';

/**
 * A form that acts on a kind's leads: a list with its checkboxes and buttons, a lead's detail.
 * Without JavaScript it posts the page and comes back to it.
 */
export function LeadActionForm({
  kind,
  q,
  id,
  children,
}: {
  kind: LeadKindKey;
  /** The panel's search: a searched panel gets its search's results back. */
  q: string;
  /** For buttons and checkboxes outside the form (`form` attribute). */
  id?: string;
  children: ReactNode;
}) {
  const fetcher = useLeadActionFetcher(kind);
  const location = useLocation();
  return (
    <fetcher.Form method="post" action={LEADS_PATH} id={id}>
      <input type="hidden" name={FIELD.kind} value={kind} />
      <input type="hidden" name={FIELD.q} value={q} />
      <input type="hidden" name={FIELD.returnTo} value={location.pathname + location.search} />
      <JsFlag />
      {children}
    </fetcher.Form>
  );
}

/** A button acting on one lead (the spec's Archive and Unarchive); inside a LeadActionForm. */
export function LeadActionButton({
  kind,
  action,
  id,
  name,
  ...props
}: {
  kind: LeadKindKey;
  action: LeadAction;
  id: string;
  /** The lead's name, for the button's accessible name. */
  name: string;
} & Omit<ButtonProps, 'name' | 'value' | 'type' | 'action'>) {
  // One action at a time per panel: each answer replaces the panel's lists.
  const busy = useLeadActionFetcher(kind).state !== 'idle';
  return (
    <Button
      type="submit"
      {...oneLeadButton(action, id)}
      size="sm"
      variant="outline-secondary"
      disabled={busy}
      aria-label={`${ACTION_LABELS[action]} ${name}`}
      {...props}
    >
      {ACTION_LABELS[action]}
    </Button>
  );
}
