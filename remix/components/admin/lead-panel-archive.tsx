import { type ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';

import { LEAD_KINDS, type LeadKindKey } from '@contract';
import { useCan } from '~/hooks/use-me';

import { exportHref } from './lead-panel-header';

/**
 * A panel's archive: a dialog with JavaScript, or (without, asked by `?archived=<kind>`) a section
 * below the inbox. `children` is the list, or what stands for it while it is read.
 */
export function LeadPanelArchive({
  kind: key,
  q,
  headingId,
  hydrated,
  inline,
  show,
  onClose,
  children,
}: {
  kind: LeadKindKey;
  q: string;
  headingId: string;
  hydrated: boolean;
  /** Asked for without JavaScript. */
  inline: boolean;
  show: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const kind = LEAD_KINDS[key];
  const canExport = useCan('leads.export');
  if (!hydrated)
    return inline ? (
      <section className="lead-panel__archived-inline" aria-label={kind.archivedTitle}>
        <h3 className="h6 mt-3">{kind.archivedTitle}</h3>
        {children}
      </section>
    ) : null;
  return (
    <Modal
      show={show}
      onHide={onClose}
      size="lg"
      aria-labelledby={`${headingId}-archived`}
      scrollable
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title as="h2" className="h5" id={`${headingId}-archived`}>
          {kind.archivedTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        {canExport ? (
          <a className="btn btn-link me-auto" href={exportHref(key, 'archived', q)} download>
            Export CSV<span className="visually-hidden"> of {kind.archivedTitle}</span>
          </a>
        ) : null}
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
