/**
 * Text typed into a prerendered form before the app has hydrated it (issue 14 asks the scripts
 * after the first paint, so on a slow phone there is a second or more in which the page looks
 * ready): React's hydration sets each controlled field back to its state, which is empty, and the
 * visitor's words would vanish. Read them just before hydrating; once React owns each field, give
 * the words back through the field's own input event, so the form's machine hears them as typing.
 */
type TextField = HTMLInputElement | HTMLTextAreaElement;

const TEXT_LIKE = /^(text|email|tel|password|search|url|number|)$/;

export function keepTypedInput(root: HTMLElement): void {
  const typed = [...root.querySelectorAll<TextField>('input[id], textarea[id]')]
    .filter((field) => (field instanceof HTMLTextAreaElement || TEXT_LIKE.test(field.type)) && field.value !== field.defaultValue)
    .map((field) => ({ id: field.id, value: field.value, focused: document.activeElement === field }));
  for (const { id, value, focused } of typed) giveBack(id, value, focused, Date.now() + 15_000);
}

/**
 * Waits for React to own the field (hydration goes part by part: a lazily loaded screen's form
 * comes after the page's frame), then types the words back. Gives up after `until`.
 */
function giveBack(id: string, value: string, focused: boolean, until: number): void {
  const field = document.getElementById(id);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || Date.now() > until) return;
  if (!Object.keys(field).some((key) => key.startsWith('__reactProps'))) {
    requestAnimationFrame(() => giveBack(id, value, focused, until));
    return;
  }
  if (field.value === value) return;
  // The prototype's setter, not `field.value =`: React watches the instance's value and would
  // take an assignment for its own write and ignore the event.
  const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (focused) field.focus();
}
