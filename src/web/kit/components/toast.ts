/**
 * Toasts without sonner in a page's first load (8 kB of every page for a message few
 * visits show). `toast.success` / `toast.error` as sonner's: the first one loads sonner and the
 * <Toasts> mount its Toaster, then the waiting toasts are shown; later ones go straight to it.
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

function show(kind: Kind, message: string): void {
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
