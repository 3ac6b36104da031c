/**
 * Driving the searchable list (src/web/kit/components/Combobox.tsx) in jsdom view tests,
 * the way a user does: type part of the name, then tap the option. What a test did with
 * selectOptions / fireEvent.change on the old <select> it does with these.
 */
import { fireEvent, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

type Label = string | RegExp;

/** The combobox labelled `label` (an element is taken as it is). */
export function comboboxOf(label: Label | HTMLElement, container: HTMLElement = document.body): HTMLInputElement {
  if (label instanceof HTMLElement) return label as HTMLInputElement;
  return within(container).getByRole('combobox', { name: label }) as HTMLInputElement;
}

/** The listbox a combobox controls. */
export function listboxOf(box: HTMLElement): HTMLElement {
  const list = document.getElementById(box.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error(`no listbox for the combobox ${box.id}`);
  return list;
}

/** With user-event: click the box, type the option's name, tap the option. */
export async function chooseOption(user: UserEvent, label: Label | HTMLElement, option: string, container?: HTMLElement): Promise<void> {
  const box = comboboxOf(label, container);
  await user.click(box);
  await user.clear(box);
  await user.type(box, option);
  await user.click(within(listboxOf(box)).getByRole('option', { name: option }));
}

/**
 * With fireEvent (tests that do not use user-event): type the option's name, click the option.
 * No focus event, as fireEvent.change on a <select> had none (a form may react to focus).
 */
export function pickOption(label: Label | HTMLElement, option: string, container?: HTMLElement): void {
  const box = comboboxOf(label, container);
  fireEvent.change(box, { target: { value: option } });
  fireEvent.click(within(listboxOf(box)).getByRole('option', { name: option }));
}

/** Every option the list offers (opened without typing, then closed again). */
export function optionsOf(label: Label | HTMLElement, container?: HTMLElement): string[] {
  const box = comboboxOf(label, container);
  fireEvent.click(box);
  const names = within(listboxOf(box))
    .queryAllByRole('option')
    .map((o) => o.textContent ?? '');
  fireEvent.keyDown(box, { key: 'Escape' });
  return names;
}

/** What a model's CHANGE event stands for on a combobox: choose the option, or empty the box and leave it (no value). */
export function setCombobox(label: Label | HTMLElement, value: string, container?: HTMLElement): void {
  if (value !== '') return pickOption(label, value, container);
  const box = comboboxOf(label, container);
  fireEvent.change(box, { target: { value: '' } });
  fireEvent.blur(box);
}
