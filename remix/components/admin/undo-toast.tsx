import { useEffect } from 'react';
import { Button } from 'react-bootstrap';

/** How long a change can be taken back. */
export const UNDO_MS = 10_000;

/**
 * What was just done, with an Undo button, for ten seconds. The polite live region stays in the
 * page, so screen readers hear each new message without losing their place.
 */
export function UndoToast({
  undo,
  onExpire,
}: {
  /**
   * What was done (`at`, by Date.now()) and how to take it back; null: nothing to undo. Its clock
   * runs from `at`, wherever it is shown meanwhile.
   */
  undo: { id: number; at: number; message: string; onUndo: () => void } | null;
  onExpire: () => void;
}) {
  useEffect(() => {
    if (!undo) return;
    const timer = window.setTimeout(onExpire, Math.max(0, undo.at + UNDO_MS - Date.now()));
    return () => window.clearTimeout(timer);
  }, [undo, onExpire]);
  return (
    <div className="undo-toast" role="status" aria-live="polite">
      {undo ? (
        <div className="undo-toast__body">
          <span>{undo.message}</span>
          <Button size="sm" variant="light" onClick={undo.onUndo}>
            Undo
          </Button>
        </div>
      ) : null}
    </div>
  );
}
