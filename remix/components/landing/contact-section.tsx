import { useEffect, useState } from 'react';

import { type ContactActionResult } from '~/routes/_index/contact';

import { SENT_MESSAGE } from './contact-form';
import { CONTACT_TITLE, ConnectedContactForm } from './contact-modal';

export interface ContactSectionProps {
  /** The no-JavaScript submission succeeded (the action redirected to `/?sent=1#contact`). */
  sent: boolean;
  /** A failed no-JavaScript submission, rendered back with its messages and values. */
  initialResult?: Extract<ContactActionResult, { ok: false }>;
}

/**
 * The contact form in the page itself, for visitors without JavaScript: the hero's 'Contact Us' link
 * leads to `?contact=1#contact`, and the server renders this section there. With JavaScript the
 * modal is used instead, but this section works the same way if someone lands on that address.
 */
export function ContactSection({ sent, initialResult }: ContactSectionProps) {
  const [sentHere, setSentHere] = useState(false);
  const done = sent || sentHere;
  return (
    <section id="contact" className="contact-inline" aria-labelledby="contact-inline-title">
      <div className="container">
        <div className="contact-inline-card">
          <h2 id="contact-inline-title" className="contact-modal-title">
            {CONTACT_TITLE}
          </h2>
          <div role="status" className="contact-sent">
            {done ? SENT_MESSAGE : ''}
          </div>
          {done ? null : (
            <ConnectedContactForm
              idPrefix="contact-inline"
              onSent={() => setSentHere(true)}
              initialResult={initialResult}
            />
          )}
        </div>
      </div>
    </section>
  );
}

const TOAST_MS = 8000;

/**
 * The polite confirmation after a submission from the modal. The live region is always in the page
 * (empty until needed), so screen readers announce the text when it appears.
 */
export function SentToast({ show, onDone }: { show: boolean; onDone: () => void }) {
  useEffect(() => {
    if (!show) return;
    const timer = window.setTimeout(onDone, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [show, onDone]);
  return (
    <div className="sent-toast-region" role="status" aria-live="polite">
      {show ? <div className="sent-toast">{SENT_MESSAGE}</div> : null}
    </div>
  );
}
