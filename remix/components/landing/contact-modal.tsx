import { useFetcher } from '@remix-run/react';
import { Modal } from 'react-bootstrap';

import { useFetcherResult } from '~/hooks/use-fetcher-result';
import { type ContactActionResult } from '~/routes/_index/contact';

import { ContactForm } from './contact-form';

/** The index route's action (`?index` addresses the index route rather than the root layout). */
export const CONTACT_ACTION = '/?index';
export const CONTACT_TITLE = 'Contact Us:';

type ContactFailure = Extract<ContactActionResult, { ok: false }>;

export interface ConnectedContactFormProps {
  idPrefix: string;
  /** Called once per successful submission. */
  onSent: () => void;
  /** A failed answer rendered by the server (a no-JavaScript submission). */
  initialResult?: ContactFailure;
}

/** The contact form wired to the route's action through a fetcher (no navigation). */
export function ConnectedContactForm({
  idPrefix,
  onSent,
  initialResult,
}: ConnectedContactFormProps) {
  const fetcher = useFetcher<ContactActionResult>();
  const data = fetcher.data as ContactActionResult | undefined;
  useFetcherResult({ state: fetcher.state, data }, (answer) => {
    if (answer.ok) onSent();
  });

  const result = data ? (data.ok ? undefined : data) : initialResult;
  return (
    <ContactForm
      idPrefix={idPrefix}
      as={fetcher.Form}
      action={CONTACT_ACTION}
      busy={fetcher.state !== 'idle'}
      result={result}
    />
  );
}

export interface ContactModalProps {
  show: boolean;
  onHide: () => void;
  onSent: () => void;
}

/**
 * react-bootstrap's Modal traps focus while open, closes on Escape and on its close button, and
 * gives focus back to the control that opened it (`restoreFocus`, on by default).
 */
export function ContactModal({ show, onHide, onSent }: ContactModalProps) {
  return (
    <Modal
      show={show}
      onHide={onHide}
      dialogClassName="contact-modal"
      aria-labelledby="contact-modal-title"
      restoreFocus
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title as="h2" id="contact-modal-title" className="contact-modal-title">
          {CONTACT_TITLE}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ConnectedContactForm idPrefix="contact-modal" onSent={onSent} />
      </Modal.Body>
    </Modal>
  );
}
