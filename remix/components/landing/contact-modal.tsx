import { type FormEvent, useCallback, useState } from 'react';
import { Modal } from 'react-bootstrap';

import { CONTACT_PAGE_ACTION, type ContactActionResult } from '~/contact/contact-fields';
import { readFirstTouch } from '~/contact/first-touch';
import { postContact } from '~/contact/post-contact';

import { ContactForm } from './contact-form';

export const CONTACT_TITLE = 'Contact Us:';

type ContactFailure = Extract<ContactActionResult, { ok: false }>;

export interface ConnectedContactFormProps {
  idPrefix: string;
  /** Called once per successful submission. */
  onSent: () => void;
}

/**
 * The contact form sent by the page's script (no navigation); without JavaScript the same form
 * posts to the index route's action.
 */
export function ConnectedContactForm({ idPrefix, onSent }: ConnectedContactFormProps) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ContactFailure | undefined>();
  // Kept by the page's script when the visit began (remix/islands/landing.ts).
  const [source] = useState(() => readFirstTouch(() => window.sessionStorage));

  const send = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setBusy(true);
      const answer = await postContact(new FormData(event.currentTarget));
      setBusy(false);
      if (answer.ok) onSent();
      else setResult(answer);
    },
    [onSent],
  );

  return (
    <ContactForm
      idPrefix={idPrefix}
      action={CONTACT_PAGE_ACTION}
      busy={busy}
      result={result}
      source={source}
      onValidSubmit={(event) => void send(event)}
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
