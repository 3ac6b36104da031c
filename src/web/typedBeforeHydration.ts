/**
 * What a visitor did in a prerendered form before the app hydrated it (issue 14 asks the scripts
 * after the first paint, so on a slow phone there is a second or more in which the page looks
 * ready):
 *  - words typed: React's hydration sets each controlled field back to its state, which is
 *    empty, and they would vanish;
 *  - the field focused: React never heard that focus, and a form that loads its captcha when
 *    first focused (spec §4's lazy widget) would never show it until the visitor left the field
 *    and came back;
 *  - the buttons tapped (BOOT_SCRIPT in src/shared/bootScript.ts lists them in `window.__taps`
 *    and stops a form's native submit meanwhile): a Send or the phone menu would do nothing.
 * Read them just before hydrating; once React owns each field, give the words back through the
 * field's own input event and the focus through a focusin event (React's onFocus listens to it),
 * so the form's machine hears them as if they happened now; then, once React owns each button
 * tapped, tap it again (after the words: a Send sends what was typed).
 */
import { whenOwnedByReact } from './reactOwned';

type TextField = HTMLInputElement | HTMLTextAreaElement;

const TEXT_LIKE = /^(text|email|tel|password|search|url|number|)$/;

interface Done {
  id: string;
  /** The words typed, or null when the field was only focused. */
  value: string | null;
  focused: boolean;
}

export function keepEarlyInput(root: HTMLElement): void {
  const done = new Map<string, Done>();
  for (const field of root.querySelectorAll<TextField>('input[id], textarea[id]')) {
    if (!(field instanceof HTMLTextAreaElement || TEXT_LIKE.test(field.type)) || field.value === field.defaultValue) continue;
    done.set(field.id, { id: field.id, value: field.value, focused: document.activeElement === field });
  }
  const active = document.activeElement;
  if ((active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) && active.id && root.contains(active) && !done.has(active.id)) {
    done.set(active.id, { id: active.id, value: null, focused: true });
  }
  for (const item of done.values()) giveBack(item, Date.now() + 15_000);
  // Registered after the fields: when a form's fields and its button become React's in the same
  // frame, the words are given back first.
  const taps = (window as { __taps?: Element[] }).__taps ?? [];
  for (const button of taps.splice(0)) {
    if (!(button instanceof HTMLButtonElement) || !root.contains(button)) continue;
    whenOwnedByReact(
      () => (button.isConnected ? [button] : null),
      () => button.click(),
      Date.now() + 15_000,
    );
  }
}

/**
 * Waits for React to own the field (hydration goes part by part: a lazily loaded screen's form
 * comes after the page's frame), then replays what happened. Gives up after `until`.
 */
function giveBack(item: Done, until: number): void {
  const find = () => {
    const field = document.getElementById(item.id);
    return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? [field] : null;
  };
  whenOwnedByReact(find, ([field]) => field && replay(item, field), until);
}

function replay(item: Done, field: TextField): void {
  // Still in the field: React hears the focus it missed (the field keeps it; nothing blurs).
  if (item.focused && document.activeElement === field) field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  if (item.value === null) return;
  // Given back even when the field still shows the words: React may have taken the field's value
  // as its own when it hydrated (then an input event with the same value is no change to it) and
  // would empty the field at its next render, the form's machine never having heard the words
  // (seen in a clean-clone run). So React is first told the field is empty, through the
  // instance's setter, which React watches; then the words are set through the prototype's
  // setter, which it does not, and the input event is a change React passes on.
  field.value = '';
  const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, item.value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
