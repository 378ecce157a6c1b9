import { Modal } from 'react-bootstrap';

import { SHORTCUTS } from './shortcut-keys';

/**
 * What `?` shows, on the dashboard and in the queue alike: the shortcuts this admin may use (a
 * role without `leads.work` is not offered the ones that work on a lead).
 */
export function ShortcutsHelp({
  show,
  onHide,
  canWork,
}: {
  show: boolean;
  onHide: () => void;
  canWork: boolean;
}) {
  return (
    <Modal show={show} onHide={onHide} aria-labelledby="shortcuts-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title as="h2" className="h5" id="shortcuts-title">
          Keyboard shortcuts
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <dl className="triage-shortcuts">
          {SHORTCUTS.filter((shortcut) => canWork || !('work' in shortcut)).map(
            ({ keys, does }) => (
              <div key={does} className="triage-shortcuts__row">
                <dt>
                  {keys.map((key, index) => (
                    <span key={key}>
                      {index ? ' or ' : null}
                      <kbd>{key}</kbd>
                    </span>
                  ))}
                </dt>
                <dd>{does}</dd>
              </div>
            ),
          )}
        </dl>
        <p className="small text-body-secondary mb-0">Shortcuts wait while you type in a field.</p>
      </Modal.Body>
    </Modal>
  );
}
