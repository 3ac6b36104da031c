import { useEffect, useRef, useState } from 'react';

/**
 * A dropdown's open/closed toggle (a pure presentation state): it closes on a pointer or focus
 * outside its root and on Escape, which gives focus back to its button.
 */
export function useDropdown<R extends HTMLElement = HTMLDivElement, B extends HTMLElement = HTMLButtonElement>() {
  const [open, setOpen] = useState(false);
  const root = useRef<R>(null);
  const button = useRef<B>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (e.target instanceof Node && !root.current?.contains(e.target)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return { open, setOpen, root, button };
}
