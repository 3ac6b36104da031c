/**
 * The design system's modal (DESIGN.md §9, spec §2 'All edits happen in a modal'): a <dialog>
 * over a dimmed overlay, aria-modal, with the rest of the page made inert while it is open. It
 * closes by its X, a click on the overlay and Escape (not while `busy`: a save in flight is not
 * abandoned half-way); Tab and Shift+Tab stay inside it; on closing, focus goes back to what
 * had it before (or to `returnFocus` when that is gone, e.g. the entry just deleted). Open
 * means mounted.
 *
 * Not showModal(): the browser's top layer would put the dialog above the toasts, and a save's
 * failure toast must be readable while the modal stays open.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { CloseIcon } from './Icons';
import './modal.css';

interface ModalProps {
  title: string;
  onClose: () => void;
  busy?: boolean;
  children: ReactNode;
  /** Where focus goes after closing when the element that opened it is no longer in the page. */
  returnFocus?: () => HTMLElement | null;
  /** 'danger' gives the title the error colour (delete account). */
  tone?: 'normal' | 'danger';
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Toasts stay live and visible above the overlay. */
const KEEP_LIVE = '[data-sonner-toaster], section[aria-label^="Notifications"]';

/** Makes everything outside the dialog inert (no focus, no clicks, hidden from assistive technology). */
function makeRestInert(dialog: HTMLElement): HTMLElement[] {
  const made: HTMLElement[] = [];
  for (let node: HTMLElement | null = dialog; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert) continue;
      if (sibling.matches(KEEP_LIVE) || sibling.querySelector(KEEP_LIVE)) continue;
      if (sibling.tagName === 'SCRIPT' || sibling.tagName === 'STYLE') continue;
      sibling.inert = true;
      made.push(sibling);
    }
  }
  return made;
}

export function Modal({ title, onClose, busy = false, children, returnFocus, tone = 'normal' }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // What had focus when the modal opened: read during the first render, before any effect
  // (StrictMode runs effects twice; the second run must not mistake the modal's field for it).
  const [opener] = useState(() => (typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null));
  // The latest props for the listeners registered once.
  const latest = useRef({ onClose, busy, returnFocus });
  latest.current = { onClose, busy, returnFocus };

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (!d.open) d.setAttribute('open', '');
    const madeInert = makeRestInert(d);
    // The first field, else the first control of the body (Cancel, on a confirmation), else the X.
    const body = d.querySelector('.modal-body');
    const first =
      body?.querySelector<HTMLElement>('input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])') ??
      body?.querySelector<HTMLElement>(FOCUSABLE) ??
      d.querySelector<HTMLElement>('.modal-close');
    first?.focus();
    return () => {
      for (const el of madeInert) el.inert = false;
      d.removeAttribute('open');
      // After React has finished removing the dialog; not when it stays (StrictMode's rehearsal).
      setTimeout(() => {
        if (d.isConnected) return;
        const target = opener && opener.isConnected ? opener : latest.current.returnFocus?.();
        target?.focus();
      }, 0);
    };
  }, [opener]);

  const requestClose = () => {
    if (!latest.current.busy) latest.current.onClose();
  };

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      aria-modal="true"
      aria-busy={busy || undefined}
      onClick={(e) => {
        // The dialog element itself is the dimmed overlay around the panel.
        if (e.target === e.currentTarget) requestClose();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          // Handled here rather than left to the browser's 'cancel', which not every engine sends.
          e.preventDefault();
          requestClose();
          return;
        }
        if (e.key !== 'Tab') return;
        const items = [...(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter((el) => !el.closest('[hidden]'));
        if (items.length === 0) return;
        const first = items[0]!;
        const last = items[items.length - 1]!;
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }}
    >
      <div className="modal-panel">
        <div className="modal-header">
          <h2 id={titleId} className={tone === 'danger' ? 'modal-title modal-title-danger' : 'modal-title'}>
            {title}
          </h2>
          <button type="button" className="icon-button modal-close" aria-label="Close" onClick={requestClose} disabled={busy}>
            <CloseIcon />
          </button>
        </div>
        <div className="modal-body">{children}</div>
      </div>
    </dialog>
  );
}
