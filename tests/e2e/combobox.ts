/**
 * The searchable list (src/web/kit/components/Combobox.tsx) in the browser tests, driven
 * as a user does: tap the box, type part of a name, tap the option (or the keys).
 */
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/** The listbox the box controls. */
export async function listboxOf(box: Locator): Promise<Locator> {
  const id = await box.getAttribute('aria-controls');
  return box.page().locator(`[id="${id}"]`);
}

/** Taps the box, types `typed` (the whole name unless told) and taps the option; the box then shows it. */
export async function chooseOption(box: Locator, option: string, typed = option): Promise<void> {
  await box.click();
  await box.fill('');
  await box.fill(typed);
  await (await listboxOf(box)).getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => box.inputValue()).toBe(option);
  await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
}

/** Every option the box offers: opened with a tap, read, closed with Escape. */
export async function optionNames(box: Locator): Promise<string[]> {
  await box.click();
  const list = await listboxOf(box);
  await list.getByRole('option').first().waitFor();
  const names = await list.getByRole('option').allInnerTexts();
  await box.press('Escape');
  return names.map((n) => n.trim());
}
