/**
 * What a visitor did in a prerendered form before the app hydrated it (the scripts are asked
 * after the first paint, so on a slow phone there is a second or more in which the page looks
 * ready):
 *  - words typed: React's hydration sets each controlled field back to its state, which is
 *    empty, and they would vanish;
 *  - boxes ticked and options chosen (a parcel's size, the payment): likewise unticked at the
 *    form's next render, its machine never having heard them;
 *  - the field focused: React never heard that focus, and a form that loads its captcha when
 *    first focused (spec §4's lazy widget) would never show it until the visitor left the field
 *    and came back;
 *  - the buttons tapped (BOOT_SCRIPT in src/shared/bootScript.ts lists them in `window.__taps`
 *    and stops a form's native submit meanwhile): a Send or the phone menu would do nothing.
 * Read them just before hydrating; once React owns each field, give the words back through the
 * field's own input event and the focus through a focusin event (React's onFocus listens to it),
 * so the form's machine hears them as if they happened now; then, once React owns each button
 * tapped, tap it again (after the words: a Send sends what was typed).
 *
 * Taps are held until the words are back, not only until hydration starts: a Subscribe tapped
 * while React was hydrating reached the form before its words did, found the e-mail empty, and
 * the words then arrived and cleared that error, so the tap did nothing (seen in a clean-clone
 * run, and in tests/e2e/newsletter.test.ts at 4× CPU). `window.__holdTaps` tells the boot script
 * to keep such taps in `__taps` and away from React meanwhile.
 */
import { whenOwnedByReact } from './reactOwned';

type TextField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const TEXT_LIKE = /^(text|email|tel|password|search|url|number|)$/;

interface Done {
  id: string;
  /** The words typed, or null when the field was only focused. */
  value: string | null;
  focused: boolean;
}

export function keepEarlyInput(root: HTMLElement): void {
  const done = new Map<string, Done>();
  for (const field of root.querySelectorAll<TextField>('input[id], textarea[id], select[id]')) {
    if (field instanceof HTMLSelectElement) {
      // A choice made before hydration (the login type): React would set the list back too.
      if (field.selectedOptions[0]?.defaultSelected !== false) continue;
    } else if (!(field instanceof HTMLTextAreaElement || TEXT_LIKE.test(field.type)) || field.value === field.defaultValue) continue;
    done.set(field.id, { id: field.id, value: field.value, focused: document.activeElement === field });
  }
  const active = document.activeElement;
  if ((active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement) && active.id && root.contains(active) && !done.has(active.id)) {
    done.set(active.id, { id: active.id, value: null, focused: true });
  }
  // Radio buttons have no id: a choice is known by its name and value.
  const choices: Choice[] = [];
  for (const box of root.querySelectorAll<HTMLInputElement>('input[type="radio"][name], input[type="checkbox"][name]')) {
    if (box.checked !== box.defaultChecked && (box.checked || box.type === 'checkbox')) choices.push({ name: box.name, value: box.value, checked: box.checked });
  }
  const until = Date.now() + 15_000;
  const held = [...done.values(), ...choices].map((item) => ('id' in item ? giveBack(item, until) : giveChoiceBack(item, until)));
  const early = window as { __taps?: Element[]; __holdTaps?: boolean };
  if (held.length > 0) early.__holdTaps = true;
  // Tapped once the words are held: a Send sends what was typed. Taps go to React directly from
  // then on, so the flag drops before these are tapped again. Never later than `until`: a tap
  // held for good would be a page whose buttons do nothing.
  // Nothing typed, nothing to wait for: no timer left behind on every prerendered page.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = held.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => (timer = setTimeout(resolve, until - Date.now())));
  void Promise.race([Promise.all(held), late]).then(() => {
    clearTimeout(timer);
    early.__holdTaps = false;
    for (const button of (early.__taps ?? []).splice(0)) {
      if (!(button instanceof HTMLButtonElement) || !root.contains(button)) continue;
      whenOwnedByReact(
        () => (button.isConnected ? [button] : null),
        () => button.click(),
        until,
      );
    }
  });
}

interface Choice {
  name: string;
  value: string;
  /** Ticked or chosen (a radio button is only ever chosen here). */
  checked: boolean;
}

const findChoice = (choice: Choice): HTMLInputElement | null =>
  [...document.querySelectorAll<HTMLInputElement>(`input[name="${CSS.escape(choice.name)}"]`)].find((box) => box.value === choice.value) ?? null;

/**
 * A choice given back as a click once React owns the box, and again if the form's next render
 * undoes it before the page is hydrated (as words are, `giveBack`), unless the visitor has since
 * clicked that group. Resolves once held, the box gone, or `until` passed.
 */
function giveChoiceBack(choice: Choice, until: number): Promise<void> {
  return new Promise((resolve) => {
    whenOwnedByReact(
      () => {
        const box = findChoice(choice);
        if (!box) resolve();
        return box ? [box] : null;
      },
      ([box]) => {
        let clickedSince = false;
        const clicked = (event: Event) => {
          if (event.isTrusted && event.target instanceof HTMLInputElement && event.target.name === choice.name) clickedSince = true;
        };
        document.addEventListener('click', clicked, true);
        tick(box!, choice.checked);
        let kept = 0;
        const check = () => {
          const current = findChoice(choice);
          const hydrated = document.documentElement.dataset.hydrated !== undefined;
          if (!current || clickedSince || Date.now() > until || (current.checked === choice.checked && hydrated && ++kept >= 2)) {
            document.removeEventListener('click', clicked, true);
            resolve();
            return;
          }
          if (current.checked !== choice.checked) {
            kept = 0;
            tick(current, choice.checked);
          }
          requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      },
      until,
      resolve,
    );
  });
}

function tick(box: HTMLInputElement, checked: boolean): void {
  // As for words (`replay`): React watches `checked` through the instance's setter, so it is told
  // the box is the other way, and the click that puts it back is a change it passes on (a radio
  // button's or a checkbox's onChange listens to clicks).
  box.checked = !checked;
  box.click();
}

const findField = (id: string): TextField | null => {
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement ? field : null;
};

/**
 * Waits for React to own the field (hydration goes part by part: a lazily loaded screen's form
 * comes after the page's frame), then replays what happened. Resolves once the words are held
 * (or there were none, or `until` passed).
 *
 * Owning is not yet committing: a field owned while its part of the page is still being hydrated
 * can take the words and then be emptied when React commits the form's empty state, the input
 * event having gone nowhere (seen in the browser test with three fields: the first one lost its
 * words now and then). So the field is watched: emptied before the visitor typed anything there,
 * it gets the words again, until they count as held: the page hydrated (html[data-hydrated],
 * Layout.tsx) and the words kept for two frames.
 */
function giveBack(item: Done, until: number): Promise<void> {
  return new Promise((resolve) => {
    whenOwnedByReact(
      () => {
        const field = findField(item.id);
        // Gone (the app shows something else there): nothing to give back, nothing to wait for.
        if (!field) resolve();
        return field ? [field] : null;
      },
      ([field]) => {
        replay(item, field!);
        if (item.value === null) resolve();
        else watch(item, until, resolve);
      },
      until,
      resolve,
    );
  });
}

function watch(item: Done, until: number, held: () => void): void {
  let typedSince = false;
  const typed = (event: Event) => {
    if (event.isTrusted && (event.target as Element | null)?.id === item.id) typedSince = true;
  };
  document.addEventListener('input', typed, true);
  let kept = 0;
  const check = () => {
    const field = findField(item.id);
    const hydrated = document.documentElement.dataset.hydrated !== undefined;
    // Done: gone, the visitor's own again, held, or too late. No refill after that (a form that
    // sent its words empties its fields).
    if (!field || typedSince || Date.now() > until || (field.value === item.value && hydrated && ++kept >= 2)) {
      document.removeEventListener('input', typed, true);
      held();
      return;
    }
    if (field.value === '') {
      kept = 0;
      replay({ ...item, focused: false }, field);
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
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
  const prototype =
    field instanceof HTMLInputElement ? HTMLInputElement.prototype : field instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, item.value);
  // A list's choice reaches React's onChange through a change event, words through input.
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}
