import { useEffect, useRef, useState } from 'react';

import { useCan } from '~/hooks/use-me';

import { type ShortcutKey, shortcutOf, WORK_KEYS } from './shortcut-keys';

/** A page's part of the shortcuts: its leads' links, and what a lead key does there. */
export interface ShortcutPage {
  /** Every lead's link, in reading order. */
  links: () => HTMLAnchorElement[];
  /** The link j/k start from (the focused lead's, else e.g. the open lead's), or null. */
  current: (links: HTMLAnchorElement[]) => HTMLAnchorElement | null;
  /** A lead key (not j, k or ?): true when the page acted on it. */
  act: (key: Exclude<ShortcutKey, 'j' | 'k' | '?'>) => boolean;
}

/**
 * The keyboard, as the dashboard and the queue share it: `?` shows the help, j/k move focus
 * between the leads' links (so it stays visible), any other key is the page's to act on. Only
 * while no dialog is open; never while typing or with a modifier key; the keys that work on a
 * lead only for a role with `leads.work`.
 */
export function useShortcuts(page: ShortcutPage): {
  help: boolean;
  closeHelp: () => void;
  canWork: boolean;
} {
  const [help, setHelp] = useState(false);
  const canWork = useCan('leads.work');
  // The page's handlers change with its state; the listener reads the latest.
  const latest = useRef(page);
  latest.current = page;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const key = shortcutOf(event);
      if (!key || document.querySelector('.modal.show')) return;
      if (WORK_KEYS.has(key) && !canWork) return;
      if (key === '?') {
        event.preventDefault();
        setHelp(true);
        return;
      }
      const { links, current, act } = latest.current;
      if (key === 'j' || key === 'k') {
        const all = links();
        if (all.length === 0) return;
        event.preventDefault();
        const from = current(all);
        const at = from ? all.indexOf(from) : -1;
        const next =
          at < 0
            ? all[key === 'j' ? 0 : all.length - 1]
            : all[key === 'j' ? Math.min(at + 1, all.length - 1) : Math.max(at - 1, 0)];
        next?.focus();
        next?.scrollIntoView({ block: 'nearest' });
        return;
      }
      if (act(key)) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [canWork]);

  return { help, closeHelp: () => setHelp(false), canWork };
}
