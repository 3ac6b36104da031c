/**
 * Toasts without sonner in a page's first load (8 kB of every page for a message few
 * visits show). `toast.success` / `toast.error` as sonner's: the first one loads sonner and the
 * <Toasts> mount its Toaster, then the waiting toasts are shown; later ones go straight to it.
 *
 * A toast never repeats what the screen already says: a message that is, once the screen has
 * drawn the change that asked for the toast, the text of an alert on the page (a form's notice,
 * a field's error: role="alert") is not toasted. So a caller toasts every outcome and a view
 * that shows one in place is never doubled, whichever of them changes.
 */
type Sonner = typeof import('sonner');
type Kind = 'success' | 'error';

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
let toasterOn = false;
const waiting: Array<[Kind, string]> = [];
const listeners = new Set<(module: Sonner) => void>();

/** Loads sonner once; every <Toasts> listening then renders its Toaster. */
export function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then((module) => {
    sonner = module;
    for (const listener of listeners) listener(module);
    return module;
  });
  return loading;
}

/** sonner when loaded, else null (a <Toasts> mounted after the first toast renders at once). */
export function loadedSonner(): Sonner | null {
  return sonner;
}

/** Calls `listener` when sonner has loaded; returns the unsubscribe. */
export function onSonnerLoaded(listener: (module: Sonner) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function flush(): void {
  if (!sonner || !toasterOn) return;
  for (const [kind, message] of waiting.splice(0)) sonner.toast[kind](message);
}

/** Called by <Toasts> once its Toaster is on the page (true) and when it goes (false). */
export function setToasterMounted(on: boolean): void {
  toasterOn = on;
  flush();
}

/** Whether an alert on the page says exactly `message` now. */
function shownInAnAlert(message: string): boolean {
  if (typeof document === 'undefined') return false;
  const wanted = message.trim();
  return Array.from(document.querySelectorAll('[role="alert"]')).some((alert) => alert.textContent?.trim() === wanted);
}

function show(kind: Kind, message: string): void {
  // The state that asks for a toast is drawn after the call (React renders the machine's new
  // snapshot in a microtask): look once it is on the screen.
  setTimeout(() => {
    if (!shownInAnAlert(message)) enqueue(kind, message);
  }, 0);
}

function enqueue(kind: Kind, message: string): void {
  waiting.push([kind, message]);
  if (sonner && toasterOn) flush();
  else void loadSonner().catch(() => {
    // No sonner (offline after the page loaded): the toast is lost, as the request's own
    // outcome is still on the screen.
  });
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};
