// @vitest-environment jsdom
/**
 * What keepEarlyInput (src/web/boot/typedBeforeHydration.ts) promises the boot script: taps are held
 * away from React only while words typed before hydration are being given back, and never for
 * good. A held tap for good would be a page whose buttons do nothing. The browser test of the
 * early tap itself, with React, is in tests/e2e/newsletter.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepEarlyInput } from '../../src/web/boot/typedBeforeHydration';

type Early = { __taps?: Element[]; __holdTaps?: boolean };
const early = window as Early;

/** A prerendered form: an e-mail field with words typed, and a button tapped before hydration. */
function prerendered(): { root: HTMLElement; field: HTMLInputElement; button: HTMLButtonElement } {
  const root = document.createElement('div');
  root.innerHTML = '<form><input id="email" type="email" value=""><button type="submit">Subscribe</button></form>';
  document.body.append(root);
  const field = root.querySelector('input')!;
  field.value = 'ada@example.com';
  const button = root.querySelector('button')!;
  early.__taps = [button];
  return { root, field, button };
}

/** React owning an element, as hydration marks it. */
const own = (element: Element) => Object.assign(element, { __reactFiber$test: {} });

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
  delete early.__taps;
  delete early.__holdTaps;
});

describe('keepEarlyInput', () => {
  it('holds taps while words are given back, and lets them through when the field is gone', async () => {
    const { root, field, button } = prerendered();
    const clicks = vi.fn((event: Event) => event.preventDefault());
    button.addEventListener('click', clicks);
    keepEarlyInput(root);
    expect(early.__holdTaps).toBe(true);
    // The app shows something else where the field was (not owned by React yet, then removed).
    field.remove();
    await vi.waitFor(() => expect(early.__holdTaps).toBe(false));
    // The early tap is tapped again once React owns the button.
    own(button);
    await vi.waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    expect(early.__taps).toEqual([]);
  });

  it('never holds taps past 15 s, even when the words never settle', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'requestAnimationFrame'] });
    const { root } = prerendered();
    keepEarlyInput(root);
    expect(early.__holdTaps).toBe(true);
    await vi.advanceTimersByTimeAsync(14_000);
    expect(early.__holdTaps).toBe(true);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(early.__holdTaps).toBe(false);
  });

  it('holds nothing when nothing was typed, leaves no timer, and still taps the early tap again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'requestAnimationFrame'] });
    const { root, field, button } = prerendered();
    const clicks = vi.fn((event: Event) => event.preventDefault());
    button.addEventListener('click', clicks);
    field.value = '';
    keepEarlyInput(root);
    expect(early.__holdTaps).toBeUndefined();
    own(button);
    await vi.advanceTimersByTimeAsync(100);
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops its 15 s timer once the words are held', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'requestAnimationFrame'] });
    const { root, field, button } = prerendered();
    button.addEventListener('click', (event) => event.preventDefault());
    keepEarlyInput(root);
    expect(early.__holdTaps).toBe(true);
    field.remove();
    own(button);
    await vi.advanceTimersByTimeAsync(500);
    expect(early.__holdTaps).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
