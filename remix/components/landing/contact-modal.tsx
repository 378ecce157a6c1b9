import { useFetcher } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { Modal } from 'react-bootstrap';

import { useHydrated } from '~/hooks/use-hydrated';

import { type ContactActionResult, ContactForm } from './contact-form';

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
  const hydrated = useHydrated();
  const handled = useRef<unknown>(null);
  const onSentRef = useRef(onSent);
  onSentRef.current = onSent;

  const data = fetcher.data as ContactActionResult | undefined;
  useEffect(() => {
    if (fetcher.state !== 'idle' || !data || handled.current === data) return;
    handled.current = data;
    if (data.ok) onSentRef.current();
  }, [fetcher.state, data]);

  const result = data ? (data.ok ? undefined : data) : initialResult;
  return (
    <ContactForm
      idPrefix={idPrefix}
      as={fetcher.Form}
      action={CONTACT_ACTION}
      busy={fetcher.state !== 'idle'}
      result={result}
      hydrated={hydrated}
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
