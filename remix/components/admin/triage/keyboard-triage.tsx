import { useFetcher, useNavigate } from '@remix-run/react';

import { useOfferUndo } from '~/components/admin/dashboard-undo';
import { WORK_FIELD } from '~/components/admin/lead-work/fields';
import { JS_FLAG } from '~/components/forms/js-flag';

import { FIELD_KEYS, isFieldKey } from './shortcut-keys';
import { ShortcutsHelp } from './shortcuts-help';
import { useShortcuts } from './use-shortcuts';

/** Every lead's link on the dashboard, in reading order (panel by panel). */
const leadLinks = () =>
  Array.from(document.querySelectorAll<HTMLAnchorElement>('.lead-panel a.lead-item__name'));

/** The lead the admin is on: the one whose item holds focus. */
function currentLink(): HTMLAnchorElement | null {
  const item = document.activeElement?.closest('.lead-item');
  return item?.querySelector<HTMLAnchorElement>('a.lead-item__name') ?? null;
}

/**
 * Keyboard triage on the dashboard: the shortcuts (`shortcut-keys.ts`) act on the lead whose item
 * holds focus. o or Enter opens it, x selects it, e archives it, a assigns it to me; s, n, f and r open its
 * detail with focus on the stage, the note, "Remind me" or the reply.
 */
export function KeyboardTriage({ me }: { me: string | null }) {
  const navigate = useNavigate();
  const { submit } = useFetcher();
  const offerUndo = useOfferUndo();
  const { help, closeHelp, canWork } = useShortcuts({
    links: leadLinks,
    current: currentLink,
    act: (key) => {
      const current = currentLink();
      if (!current) return false;
      const detail = new URL(current.href);
      const detailPath = `${detail.pathname}${detail.search}`;
      if (key === 'o') current.click();
      else if (key === 'x')
        current
          .closest('.lead-item')
          ?.querySelector<HTMLInputElement>('input[type="checkbox"]')
          ?.click();
      else if (isFieldKey(key))
        navigate(`${detailPath}#${FIELD_KEYS[key].hash}`, { preventScrollReset: true });
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
        void submit(body, { method: 'post', action: detailPath });
        // A later action: the Undo of an earlier one would take back more than it says.
        offerUndo(null);
      }
      return true;
    },
  });
  return <ShortcutsHelp show={help} onHide={closeHelp} canWork={canWork} />;
}
