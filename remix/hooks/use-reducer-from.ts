import { type Dispatch, useCallback, useReducer } from 'react';

/**
 * A reducer's state that starts from `from` (a loader's answer, a prop) and starts over whenever a
 * new `from` arrives, in the same render: React's "adjust state while rendering", so nothing shows
 * the old state against the new answer for a frame. `init` is handed the state being replaced,
 * for what should outlive a new answer. The dispatch is stable, as React's own is.
 */
export function useReducerFrom<F, S, A>(
  from: F,
  reducer: (state: S, action: A) => S,
  init: (from: F, previous?: S) => S,
): [S, Dispatch<A>] {
  const [held, dispatch] = useReducer(
    (current: Held<F, S>, message: Message<F, A>): Held<F, S> =>
      'restart' in message
        ? { from: message.restart, state: init(message.restart, current.state) }
        : { from: current.from, state: reducer(current.state, message.action) },
    from,
    (first): Held<F, S> => ({ from: first, state: init(first) }),
  );
  if (held.from !== from) dispatch({ restart: from });
  const send = useCallback((action: A) => dispatch({ action }), []);
  return [held.state, send];
}

interface Held<F, S> {
  from: F;
  state: S;
}
type Message<F, A> = { restart: F } | { action: A };
