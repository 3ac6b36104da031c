import { useLayoutEffect, useRef } from 'react';

/**
 * A ref that holds the value of the latest render, for callbacks made once (a machine's effects
 * given to useActorRef, which keeps the first machine it gets) that must still call what the
 * newest props say.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
