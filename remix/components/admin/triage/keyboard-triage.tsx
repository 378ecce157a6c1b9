import { useFetcher, useNavigate } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { Modal } from 'react-bootstrap';

import { useOfferUndo } from '~/components/admin/dashboard-undo';
import { WORK_FIELD } from '~/components/admin/lead-work/fields';
import { JS_FLAG } from '~/components/forms/js-flag';

import { SHORTCUTS, shortcutOf } from './shortcut-keys';

/** Every lead's link on the dashboard, in reading order (panel by panel). */
const leadLinks = () =>
  Array.from(document.querySelectorAll<HTMLAnchorElement>('.lead-panel a.lead-item__name'));

/** The lead the admin is on: the one whose item holds focus. */
function currentLink(): HTMLAnchorElement | null {
  const item = document.activeElement?.closest('.lead-item');
  return item?.querySelector<HTMLAnchorElement>('a.lead-item__name') ?? null;
}

/**
 * Keyboard triage on the dashboard: j/k move between leads (focus moves, so it stays visible),
 * o or Enter opens, e archives, r opens the reply form, a assigns to me, ? lists the keys. Only
 * while no dialog is open; never while typing or with a modifier key.
 */
export function KeyboardTriage({ me }: { me: string | null }) {
  const [help, setHelp] = useState(false);
  const navigate = useNavigate();
  const { submit } = useFetcher();
  const offerUndo = useOfferUndo();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const key = shortcutOf(event);
      if (!key || document.querySelector('.modal.show')) return;
      if (key === '?') {
        event.preventDefault();
        setHelp(true);
        return;
      }
      const links = leadLinks();
      const current = currentLink();
      const at = current ? links.indexOf(current) : -1;
      if (key === 'j' || key === 'k') {
        event.preventDefault();
        const next = links[key === 'j' ? Math.min(at + 1, links.length - 1) : Math.max(at - 1, 0)];
        next?.focus();
        next?.scrollIntoView({ block: 'nearest' });
        return;
      }
      if (!current) return;
      event.preventDefault();
      const detail = new URL(current.href);
      const detailPath = `${detail.pathname}${detail.search}`;
      if (key === 'o') current.click();
      else if (key === 'r') navigate(`${detailPath}#reply`, { preventScrollReset: true });
      else if (key === 'e')
        current
          .closest('.lead-item')
          ?.querySelector<HTMLButtonElement>('button[aria-label^="Archive "]')
          ?.click();
      else if (key === 'a' && me) {
        const body = new FormData();
        body.set(WORK_FIELD.intent, 'assign');
        body.set(WORK_FIELD.adminId, me);
        body.set(JS_FLAG, '1');
        submit(body, { method: 'post', action: detailPath });
        // A later action: the Undo of an earlier one would take back more than it says.
        offerUndo(null);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [me, navigate, submit, offerUndo]);

  return (
    <Modal show={help} onHide={() => setHelp(false)} aria-labelledby="shortcuts-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title as="h2" className="h5" id="shortcuts-title">
          Keyboard shortcuts
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <dl className="triage-shortcuts">
          {SHORTCUTS.map(({ keys, does }) => (
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
          ))}
        </dl>
        <p className="small text-body-secondary mb-0">Shortcuts wait while you type in a field.</p>
      </Modal.Body>
    </Modal>
  );
}
