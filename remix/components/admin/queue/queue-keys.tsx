import { useNavigate } from '@remix-run/react';

import { FIELD_KEYS, isFieldKey } from '~/components/admin/triage/shortcut-keys';
import { ShortcutsHelp } from '~/components/admin/triage/shortcuts-help';
import { useShortcuts } from '~/components/admin/triage/use-shortcuts';

import { QUEUE_ROW_CHECK, QUEUE_ROW_LINK } from './queue-rows';

/** The class of the open lead beside the list (its route's section). */
export const QUEUE_LEAD = 'queue-lead';

const rowLinks = () =>
  Array.from(document.querySelectorAll<HTMLAnchorElement>(`.${QUEUE_ROW_LINK}`));

/** The row holding focus (its link or its checkbox): its link. */
const focusedRow = (links: HTMLAnchorElement[]) => {
  const row = document.activeElement?.closest('.queue-row');
  return links.find((link) => row?.contains(link)) ?? null;
};

/** The row j/k start from: the focused one, else the open lead's. */
const currentRow = (links: HTMLAnchorElement[]) =>
  focusedRow(links) ?? links.find((link) => link.getAttribute('aria-current')) ?? null;

/**
 * The queue's keyboard: the dashboard's shortcuts (`shortcut-keys.ts`), j/k moving between the
 * rows (focus, so Enter opens the focused row as any link opens) and the lead keys acting on the
 * lead open beside the list: e archives it, a assigns it to me, s, n, f and r take focus to its
 * stage, a new note, "Remind me" and the reply; x selects the focused row. With no lead open, o and the field keys open the
 * focused row (at that field).
 */
export function QueueKeys() {
  const navigate = useNavigate();
  const { help, closeHelp, canWork } = useShortcuts({
    links: rowLinks,
    current: currentRow,
    act: (key) => {
      const open = document.querySelector<HTMLElement>(`.${QUEUE_LEAD}`);
      const focused = focusedRow(rowLinks());
      if (key === 'o') {
        focused?.click();
        return Boolean(focused);
      }
      if (key === 'x') {
        // The focused row's checkbox, else the open lead's.
        const row = currentRow(rowLinks())?.closest('.queue-row');
        const check = row?.querySelector<HTMLInputElement>(`.${QUEUE_ROW_CHECK}`);
        check?.click();
        return Boolean(check);
      }
      if (!open) {
        if (!focused || !isFieldKey(key)) return false;
        const to = new URL(focused.href);
        navigate(`${to.pathname}${to.search}#${FIELD_KEYS[key].hash}`, {
          preventScrollReset: true,
        });
        return true;
      }
      if (isFieldKey(key)) {
        const field = document.getElementById(FIELD_KEYS[key].id);
        field?.focus();
        field?.scrollIntoView({ block: 'nearest' });
        return Boolean(field);
      }
      const button =
        key === 'e'
          ? open.querySelector<HTMLButtonElement>('button[aria-label^="Archive "]')
          : open.querySelector<HTMLButtonElement>('form[aria-label="Assign to me"] button');
      button?.click();
      return Boolean(button);
    },
  });
  return <ShortcutsHelp show={help} onHide={closeHelp} canWork={canWork} />;
}
