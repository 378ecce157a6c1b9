import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';

import { type Undoable } from './lead-undo';
import { UndoToast } from './undo-toast';

/** What a lead's detail did: its own Undo, or null when what it did cannot be undone. */
export type OfferUndo = (made: Omit<Undoable, 'id' | 'at'> | null) => void;

interface SharedUndo {
  undo: Undoable | null;
  expire: () => void;
  offer: OfferUndo;
  /** A lead's detail shows the Undo while it is open; the returned function gives it back. */
  host: () => () => void;
}

const SharedUndoContext = createContext<SharedUndo | null>(null);

/**
 * The dashboard's Undo, one for the dashboard and a lead's detail: on the dashboard, or inside the
 * detail while it is open over it. The detail is a modal dialog: it keeps keyboard focus inside and
 * hides the rest of the page from screen readers, so an Undo outside it could be neither reached
 * nor heard.
 */
export function DashboardUndo({
  undo,
  expire,
  offer,
  children,
}: {
  undo: Undoable | null;
  expire: () => void;
  offer: OfferUndo;
  children: ReactNode;
}) {
  const [hosts, setHosts] = useState(0);
  const host = useCallback(() => {
    setHosts((count) => count + 1);
    return () => setHosts((count) => count - 1);
  }, []);
  const shared = useMemo(() => ({ undo, expire, offer, host }), [undo, expire, offer, host]);
  return (
    <SharedUndoContext.Provider value={shared}>
      <UndoToast undo={hosts ? null : undo} onExpire={expire} />
      {children}
    </SharedUndoContext.Provider>
  );
}

/** The dashboard's Undo inside a lead's detail (an archive from its own buttons, say). */
export function DetailUndo() {
  const shared = useContext(SharedUndoContext);
  const host = shared?.host;
  useEffect(() => host?.(), [host]);
  return shared ? <UndoToast undo={shared.undo} onExpire={shared.expire} /> : null;
}

const offerNothing: OfferUndo = () => undefined;

/** How a lead's detail (or a shortcut) tells the dashboard what it did. */
export function useOfferUndo(): OfferUndo {
  return useContext(SharedUndoContext)?.offer ?? offerNothing;
}
