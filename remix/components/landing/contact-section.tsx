import { useEffect } from 'react';

import { type LeadSource } from '@contract';
import { CONTACT_PAGE_ACTION, type ContactActionResult } from '~/contact/contact-fields';

import { ContactForm, SENT_MESSAGE } from './contact-form';
import { CONTACT_TITLE } from './contact-modal';

export interface ContactSectionProps {
  /** The no-JavaScript submission succeeded (the action redirected to `/?sent=1#contact`). */
  sent: boolean;
  /** A failed no-JavaScript submission, rendered back with its messages and values. */
  initialResult?: Extract<ContactActionResult, { ok: false }>;
  /** The visit's first touch, sent with the form (the page's script puts the kept one in). */
  source?: LeadSource;
}

/**
 * The contact form in the page itself, for visitors without JavaScript: the hero's 'Contact Us' link
 * leads to `?contact=1#contact`, and the server renders this section there. It posts to the index
 * route's action and the server answers with the page (the section is never hydrated).
 */
export function ContactSection({ sent, initialResult, source }: ContactSectionProps) {
  return (
    <section id="contact" className="contact-inline" aria-labelledby="contact-inline-title">
      <div className="container">
        <div className="contact-inline-card">
          <h2 id="contact-inline-title" className="contact-modal-title">
            {CONTACT_TITLE}
          </h2>
          <div role="status" className="contact-sent">
            {sent ? SENT_MESSAGE : ''}
          </div>
          {sent ? null : (
            <ContactForm
              idPrefix="contact-inline"
              action={CONTACT_PAGE_ACTION}
              busy={false}
              result={initialResult}
              source={source}
            />
          )}
        </div>
      </div>
    </section>
  );
}

const TOAST_MS = 8000;
export const SENT_TOAST_REGION_ID = 'sent-toast-region';

/**
 * The polite live region for the confirmation after a submission from the modal. It is in the
 * server's HTML (empty), so screen readers announce the text when the modal's code puts it there.
 */
export function SentToastRegion() {
  return (
    <div id={SENT_TOAST_REGION_ID} className="sent-toast-region" role="status" aria-live="polite" />
  );
}

/** The confirmation itself, shown for eight seconds (rendered into `SentToastRegion`). */
export function SentToast({ show, onDone }: { show: boolean; onDone: () => void }) {
  useEffect(() => {
    if (!show) return;
    const timer = window.setTimeout(onDone, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [show, onDone]);
  return show ? <div className="sent-toast">{SENT_MESSAGE}</div> : null;
}
