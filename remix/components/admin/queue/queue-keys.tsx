import { useEffect, useState } from 'react';
import { Modal } from 'react-bootstrap';

import { shortcutOf } from '~/components/admin/triage/shortcut-keys';

import { QUEUE_ROW_LINK } from './queue-rows';

/**
 * The queue's keyboard: `j`/`k` move between the rows (focus, so `Enter` opens the focused row as
 * any link opens), `?` shows the keys. Starts from the open lead's row when nothing is focused.
 */
export function useQueueKeys(): { help: boolean; closeHelp: () => void } {
  const [help, setHelp] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // The dashboard's rule for what is a shortcut (not while typing, no modifier), no dialog open.
      const key = shortcutOf(event);
      if (!key || document.querySelector('.modal.show')) return;
      if (key === '?') {
        event.preventDefault();
        setHelp(true);
        return;
      }
      if (key !== 'j' && key !== 'k') return;
      const links = [...document.querySelectorAll<HTMLAnchorElement>(`.${QUEUE_ROW_LINK}`)];
      if (links.length === 0) return;
      event.preventDefault();
      const focused = links.indexOf(document.activeElement as HTMLAnchorElement);
      const current =
        focused >= 0 ? focused : links.findIndex((link) => link.getAttribute('aria-current'));
      const step = key === 'j' ? 1 : -1;
      const next =
        current < 0
          ? step > 0
            ? 0
            : links.length - 1
          : Math.min(links.length - 1, Math.max(0, current + step));
      links[next]?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return { help, closeHelp: () => setHelp(false) };
}

/** What `?` shows. */
export function QueueKeysHelp({ show, onHide }: { show: boolean; onHide: () => void }) {
  return (
    <Modal show={show} onHide={onHide} aria-labelledby="queue-keys-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title as="h2" className="h5" id="queue-keys-title">
          Keyboard shortcuts
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <dl className="queue-keys">
          <dt>
            <kbd>j</kbd> / <kbd>k</kbd>
          </dt>
          <dd>Next / previous lead</dd>
          <dt>
            <kbd>Enter</kbd>
          </dt>
          <dd>Open the lead</dd>
          <dt>
            <kbd>?</kbd>
          </dt>
          <dd>This list</dd>
        </dl>
      </Modal.Body>
    </Modal>
  );
}
