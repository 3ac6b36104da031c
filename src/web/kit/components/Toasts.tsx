/**
 * Toasts (spec §9): top-right, 5000 ms, paused on hover (sonner's own behaviour) and while
 * the window has lost focus. Sonner pauses its timers while document.hidden is true, so a
 * blurred window reports itself hidden to it. No close button: sonner's is a 20px target
 * (DESIGN.md §9 asks 44px); toasts close by themselves or with a swipe.
 * Sonner is loaded with the first toast (./toast.ts), and its Toaster mounted then.
 */
import { useEffect, useState } from 'react';
import { TOAST_DURATION_MS } from '../../../shared/constants';
import { loadedSonner, onSonnerLoaded, setToasterMounted } from './toast';

let installed = false;
function pauseWhileBlurred(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  const native = Object.getOwnPropertyDescriptor(Document.prototype, 'hidden');
  let blurred = !document.hasFocus();
  Object.defineProperty(document, 'hidden', {
    configurable: true,
    get: () => blurred || Boolean(native?.get?.call(document)),
  });
  const update = (value: boolean) => {
    blurred = value;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  window.addEventListener('blur', () => update(true));
  window.addEventListener('focus', () => update(false));
}

export function Toasts() {
  useEffect(pauseWhileBlurred, []);
  const [sonner, setSonner] = useState(loadedSonner);
  useEffect(() => onSonnerLoaded(setSonner), []);
  // After the Toaster's own effects (it subscribes in one), so the waiting toasts reach it.
  useEffect(() => {
    if (!sonner) return;
    setToasterMounted(true);
    return () => setToasterMounted(false);
  }, [sonner]);
  return sonner ? <sonner.Toaster position="top-right" duration={TOAST_DURATION_MS} richColors /> : null;
}
