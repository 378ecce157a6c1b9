import { useCan } from '~/hooks/use-me';

/** The line above the list that says the keyboard works here, and where the rest is listed. */
export function QueueHint() {
  const canWork = useCan('leads.work');
  return (
    <p className="queue__hint">
      <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>Enter</kbd> opens
      {canWork ? (
        <>
          ; on the open lead <kbd>s</kbd> stage, <kbd>a</kbd> assign to me, <kbd>n</kbd> note,{' '}
          <kbd>f</kbd> follow-up, <kbd>e</kbd> archive, <kbd>x</kbd> select
        </>
      ) : null}
      ; press <kbd>?</kbd> for every shortcut.
    </p>
  );
}
