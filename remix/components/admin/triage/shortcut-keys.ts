/** The dashboard's keyboard triage: each key and what it does, as the `?` dialog lists them. */
export const SHORTCUTS = [
  { keys: ['j'], does: 'Next request' },
  { keys: ['k'], does: 'Previous request' },
  { keys: ['o', 'Enter'], does: 'Open it' },
  { keys: ['e'], does: 'Archive it' },
  { keys: ['r'], does: 'Reply to it' },
  { keys: ['a'], does: 'Assign it to me' },
  { keys: ['?'], does: 'List these shortcuts' },
] as const;

export type ShortcutKey = 'j' | 'k' | 'o' | 'e' | 'r' | 'a' | '?';

const LETTERS = ['j', 'k', 'o', 'e', 'r', 'a'] as const;

/** Where typing goes: a shortcut there would eat the admin's text. */
function isTypingTarget(target: EventTarget | null): boolean {
  return (
    typeof Element !== 'undefined' &&
    target instanceof Element &&
    target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !==
      null
  );
}

/**
 * The shortcut a key press asks for, or null: never with a modifier (Ctrl, Alt, Meta: the
 * browser's and the system's own), never while typing in a field. Shift only for `?`.
 */
export function shortcutOf(event: {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  target: EventTarget | null;
  defaultPrevented: boolean;
}): ShortcutKey | null {
  if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return null;
  if (isTypingTarget(event.target)) return null;
  if (event.key === '?') return '?';
  if (event.shiftKey) return null;
  return LETTERS.find((key) => key === event.key) ?? null;
}
