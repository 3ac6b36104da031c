/**
 * When a form shows its errors, the focus goes to the first invalid field (or the
 * captcha's message when the captcha comes first), so a phone scrolls to it and a screen
 * reader reads it. `counter` is the machine's focusInvalid, bumped each time errors are shown.
 */
import { useEffect, useRef, type RefObject } from 'react';

/** What takes the focus: an invalid control, or a message marked to take it (the captcha's). */
const INVALID_SELECTOR = '[aria-invalid="true"], [data-focus-invalid]';

/** `container`: the form (a ref to it, or a ref to an element directly inside it: `inParent`). */
export function useFocusFirstInvalid(container: RefObject<HTMLElement | null>, counter: number, inParent = false): void {
  const seen = useRef(counter);
  useEffect(() => {
    if (seen.current === counter) return;
    seen.current = counter;
    const root = inParent ? container.current?.parentElement : container.current;
    root?.querySelector<HTMLElement>(INVALID_SELECTOR)?.focus();
  }, [container, counter, inParent]);
}
