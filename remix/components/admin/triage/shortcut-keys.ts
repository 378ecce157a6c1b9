/**
 * The admin's keyboard shortcuts, one list for the dashboard and the queue: each key, what it
 * does (as the `?` dialog lists it), whether it works on a lead (`leads.work`: not offered to a
 * role without it), and the detail's field it takes focus to (by id; the dashboard opens the
 * lead's detail at `#<hash>` first).
 */
export const SHORTCUTS = [
  { keys: ['j'], does: 'Next request' },
  { keys: ['k'], does: 'Previous request' },
  { keys: ['o', 'Enter'], does: 'Open it' },
  { keys: ['x'], does: 'Select it (for the actions on the selection)', work: true },
  { keys: ['s'], does: 'Set its stage (↑/↓ picks, Enter sets)', work: true },
  { keys: ['a'], does: 'Assign it to me', work: true },
  { keys: ['n'], does: 'Add a note (Ctrl+Enter saves it)', work: true },
  { keys: ['f'], does: 'Remind me: pick a follow-up', work: true },
  { keys: ['r'], does: 'Reply to it', work: true },
  { keys: ['e'], does: 'Archive it', work: true },
  { keys: ['?'], does: 'List these shortcuts' },
] as const;

type Listed = (typeof SHORTCUTS)[number];

export type ShortcutKey = Exclude<Listed['keys'][number], 'Enter'>;

/** The keys that work on a lead: a role without `leads.work` is not offered them. */
export const WORK_KEYS: ReadonlySet<ShortcutKey> = new Set(
  SHORTCUTS.flatMap((shortcut) =>
    'work' in shortcut && shortcut.work ? (shortcut.keys as readonly ShortcutKey[]) : [],
  ),
);

/** The keys that move focus to a field of the lead's detail: the field's id, and its `#hash`. */
export const FIELD_KEYS = {
  s: { id: 'lead-stage', hash: 'stage' },
  n: { id: 'lead-note', hash: 'note' },
  f: { id: 'lead-follow-up-first', hash: 'follow-up' },
  r: { id: 'lead-reply-text', hash: 'reply' },
} as const satisfies Partial<Record<ShortcutKey, { id: string; hash: string }>>;

export type FieldKey = keyof typeof FIELD_KEYS;

export const isFieldKey = (key: ShortcutKey): key is FieldKey => key in FIELD_KEYS;

/** The field a detail opened at `#<hash>` (by a field key on the dashboard) takes focus to. */
export function focusFieldOfHash(hash: string): void {
  const field = Object.values(FIELD_KEYS).find((entry) => `#${entry.hash}` === hash);
  if (field) document.getElementById(field.id)?.focus();
}

const LETTERS: readonly ShortcutKey[] = SHORTCUTS.flatMap(
  (shortcut) => shortcut.keys as readonly string[],
).filter((key): key is ShortcutKey => key.length === 1 && key !== '?');

/** Inputs that take no typing: a key there is still a shortcut (`j` on from a row's checkbox). */
const NOT_TYPED = ['checkbox', 'radio', 'button', 'submit', 'reset']
  .map((type) => `:not([type="${type}"])`)
  .join('');

/** Where typing goes: a shortcut there would eat the admin's text. */
function isTypingTarget(target: EventTarget | null): boolean {
  return (
    typeof Element !== 'undefined' &&
    target instanceof Element &&
    target.closest(
      `input${NOT_TYPED}, textarea, select, [contenteditable]:not([contenteditable="false"])`,
    ) !== null
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
