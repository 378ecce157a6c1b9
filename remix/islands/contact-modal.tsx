/**
 * The contact modal, rendered by React in the browser on the first 'Contact Us' click (the page
 * itself is not hydrated). It mounts once; later clicks open the same modal again.
 */
import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';

import { ContactModal } from '~/components/landing/contact-modal';
import { SENT_TOAST_REGION_ID, SentToast } from '~/components/landing/contact-section';

let reopen: (() => void) | undefined;

export function openContact(): void {
  if (reopen) return reopen();
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<ContactDialog onMounted={(open) => (reopen = open)} />);
}

function ContactDialog({ onMounted }: { onMounted: (open: () => void) => void }) {
  const [show, setShow] = useState(true);
  const [sent, setSent] = useState(false);
  useEffect(() => onMounted(() => setShow(true)), [onMounted]);
  const hide = useCallback(() => setShow(false), []);
  const onSent = useCallback(() => {
    setShow(false);
    setSent(true);
  }, []);
  const hideToast = useCallback(() => setSent(false), []);
  // The status region is in the server's HTML, so screen readers announce what appears in it.
  const region = document.getElementById(SENT_TOAST_REGION_ID);
  return (
    <>
      <ContactModal show={show} onHide={hide} onSent={onSent} />
      {region ? createPortal(<SentToast show={sent} onDone={hideToast} />, region) : null}
    </>
  );
}
