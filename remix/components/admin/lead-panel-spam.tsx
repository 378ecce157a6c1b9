import { type ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';

import { LEAD_KINDS, type LeadKindKey } from '@contract';

/**
 * A panel's spam: a dialog with JavaScript, or (without, asked by `?spam=<kind>`) a section below
 * the inbox, as the archive is. `children` is the list, or what stands for it while it is read.
 */
export function LeadPanelSpam({
  kind: key,
  headingId,
  hydrated,
  inline,
  show,
  onClose,
  children,
}: {
  kind: LeadKindKey;
  headingId: string;
  hydrated: boolean;
  /** Asked for without JavaScript. */
  inline: boolean;
  show: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const title = `Spam: ${LEAD_KINDS[key].panelTitle}`;
  if (!hydrated)
    return inline ? (
      <section className="lead-panel__spam-inline" aria-label={title}>
        <h3 className="h6 mt-3">{title}</h3>
        {children}
      </section>
    ) : null;
  return (
    <Modal show={show} onHide={onClose} size="lg" aria-labelledby={`${headingId}-spam`} scrollable>
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title as="h2" className="h5" id={`${headingId}-spam`}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
