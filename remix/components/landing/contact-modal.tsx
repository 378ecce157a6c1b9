import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Modal } from 'react-bootstrap';

import { INTAKE_PROOF_FIELD } from '@contract';
import { CONTACT_PAGE_ACTION, type ContactActionResult } from '~/contact/contact-fields';
import { PROOF_WAIT_MS, proofWithin, solveIntakeProof } from '~/contact/intake-proof';
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
  // The proof of work is solved while the visitor types; each one is good for one SEND.
  const proof = useRef<Promise<string | undefined>>();
  useEffect(() => {
    proof.current ??= solveIntakeProof();
  }, []);

  const send = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const body = new FormData(event.currentTarget);
      setBusy(true);
      const altcha = await proofWithin(proof.current ?? solveIntakeProof(), PROOF_WAIT_MS);
      proof.current = solveIntakeProof();
      if (altcha) body.set(INTAKE_PROOF_FIELD, altcha);
      const answer = await postContact(body);
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
