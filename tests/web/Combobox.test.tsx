// @vitest-environment jsdom
/**
 * The searchable list (src/web/kit/components/Combobox.tsx) as a user drives it: typing
 * filters (case and accents ignored), the keys of the APG combobox pattern, choosing sets the
 * form's value, Escape and leaving the box put the chosen value back (text never becomes a
 * value), the error line is tied to the input, and axe finds nothing wrong, closed or open.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { Combobox, filterOptions, fold } from '../../src/web/kit/components/Combobox';

afterEach(cleanup);

const AREAS = ['Agege', 'Àjẹ́ròmí-Ifẹ́lódùn', 'Eti-Osa', 'Ikeja', 'Ikorodu', 'Ikoyi', 'Lekki', 'Ogba', 'Surulere', 'Yaba'];

/** The field in a form, as the views use it: the value lives outside, every change is recorded. */
function Harness({ initial = '', error = null, options = AREAS }: { initial?: string; error?: string | null; options?: readonly string[] }) {
  const [value, setValue] = useState(initial);
  const [submitted, setSubmitted] = useState<string | null>(null);
  return (
    <form
      aria-label="Where"
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(String(new FormData(e.currentTarget).get('town')));
      }}
    >
      <Combobox
        id="where-town"
        name="town"
        label="Town or area"
        value={value}
        options={options}
        placeholder="Select town"
        error={error}
        onValueChange={(v) => {
          changes.push(v);
          setValue(v);
        }}
      />
      <button type="submit">Continue</button>
      <p data-testid="submitted">{submitted ?? ''}</p>
    </form>
  );
}

let changes: string[] = [];
afterEach(() => {
  changes = [];
});

const box = () => screen.getByRole('combobox', { name: 'Town or area' }) as HTMLInputElement;
const listbox = () => document.getElementById(box().getAttribute('aria-controls')!)!;
const optionNames = () => within(listbox()).queryAllByRole('option').map((o) => o.textContent);
const activeOption = () => {
  const id = box().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)!.textContent : null;
};
const hiddenValue = () => (document.querySelector('input[type=hidden][name=town]') as HTMLInputElement).value;

async function axeViolations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

describe('filtering', () => {
  it('matches a substring, ignoring case, accents and hyphens, names that start with the text first', () => {
    expect(fold('Àjẹ́ròmí-Ifẹ́lódùn')).toBe('ajeromi ifelodun');
    expect(filterOptions(AREAS, 'KO')).toEqual(['Ikorodu', 'Ikoyi']);
    expect(filterOptions(AREAS, 'ajeromi')).toEqual(['Àjẹ́ròmí-Ifẹ́lódùn']);
    expect(filterOptions(AREAS, 'eti osa')).toEqual(['Eti-Osa']);
    expect(filterOptions(AREAS, 'E')).toEqual(['Eti-Osa', 'Agege', 'Àjẹ́ròmí-Ifẹ́lódùn', 'Ikeja', 'Lekki', 'Surulere']);
    expect(filterOptions(AREAS, '   ')).toEqual(AREAS);
  });
});

describe('Combobox', () => {
  it('is closed at first: the chosen value shows, the list is hidden, the field keeps its name', () => {
    render(<Harness initial="Ikeja" />);
    expect(box().value).toBe('Ikeja');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().getAttribute('aria-autocomplete')).toBe('list');
    expect(listbox().getAttribute('role')).toBe('listbox');
    expect(listbox().closest('[hidden]')).not.toBeNull();
    expect(hiddenValue()).toBe('Ikeja');
  });

  it('typing opens the list and filters it; no match shows the message and is announced', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box());
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(optionNames()).toEqual(AREAS);
    await user.type(box(), 'IK');
    expect(optionNames()).toEqual(['Ikeja', 'Ikorodu', 'Ikoyi']);
    expect(screen.getByRole('status').textContent).toBe(messages.comboboxMatches(3));
    expect(box().getAttribute('aria-activedescendant')).toBeNull();
    await user.type(box(), 'zz');
    expect(optionNames()).toEqual([]);
    expect(within(screen.getByRole('form')).getAllByText(messages.comboboxNoMatch('IKzz')).length).toBe(2);
    expect(screen.getByRole('status').textContent).toBe(messages.comboboxNoMatch('IKzz'));
    expect(changes).toEqual([]);
  });

  it('a tap on an option chooses it: the value, the box and the submitted field', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(box(), 'sur');
    await user.click(screen.getByRole('option', { name: 'Surulere' }));
    expect(changes).toEqual(['Surulere']);
    expect(box().value).toBe('Surulere');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(box());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('submitted').textContent).toBe('Surulere');
  });

  it('ArrowDown/ArrowUp move through the list and wrap, Home/End jump, Enter chooses', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    box().focus();
    await user.keyboard('{ArrowDown}');
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(activeOption()).toBe('Agege');
    await user.keyboard('{ArrowUp}');
    expect(activeOption()).toBe('Yaba');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe('Agege');
    await user.keyboard('{End}');
    expect(activeOption()).toBe('Yaba');
    await user.keyboard('{Home}{ArrowDown}{ArrowDown}');
    expect(activeOption()).toBe('Eti-Osa');
    expect(screen.getByRole('option', { name: 'Eti-Osa' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('option', { name: 'Agege' }).getAttribute('aria-selected')).toBe('false');
    await user.keyboard('{Enter}');
    expect(changes).toEqual(['Eti-Osa']);
    expect(box().value).toBe('Eti-Osa');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('submitted').textContent).toBe(''); // Enter on the open list did not submit
    // Opened again, the list starts on the chosen option.
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe('Eti-Osa');
  });

  it('the arrows move within the filtered list; Enter chooses the only match left', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(box(), 'ik');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()).toBe('Ikorodu');
    await user.keyboard('{Backspace}{Backspace}lek');
    expect(optionNames()).toEqual(['Lekki']);
    await user.keyboard('{Enter}');
    expect(changes).toEqual(['Lekki']);
  });

  it('Escape closes the list and puts the chosen value back', async () => {
    const user = userEvent.setup();
    render(<Harness initial="Ogba" />);
    await user.click(box());
    await user.keyboard('yab{ArrowDown}');
    expect(activeOption()).toBe('Yaba');
    await user.keyboard('{Escape}');
    expect(box().value).toBe('Ogba');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(changes).toEqual([]);
    expect(hiddenValue()).toBe('Ogba');
  });

  it('Tab chooses the active option and moves on', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(box(), 'yab');
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(changes).toEqual(['Yaba']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue' }));
    expect(box().value).toBe('Yaba');
  });

  it('free text never becomes the value: leaving puts the chosen value back; an exact name is chosen; empty clears', async () => {
    const user = userEvent.setup();
    render(<Harness initial="Ikeja" />);
    await user.click(box());
    await user.keyboard('Ikej'); // replaces the selected text
    await user.tab();
    expect(box().value).toBe('Ikeja');
    expect(changes).toEqual([]);
    await user.click(box());
    await user.keyboard('eti osa');
    await user.tab();
    expect(changes).toEqual(['Eti-Osa']);
    expect(box().value).toBe('Eti-Osa');
    await user.click(box());
    await user.keyboard('{Backspace}');
    await user.tab();
    expect(changes).toEqual(['Eti-Osa', '']);
    expect(box().value).toBe('');
    expect(hiddenValue()).toBe('');
  });

  it('Enter on a closed list submits the form with the chosen value, never the typed text', async () => {
    const user = userEvent.setup();
    render(<Harness initial="Agege" />);
    await user.click(box());
    await user.keyboard('nowhere{Alt>}{ArrowUp}{/Alt}');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('submitted').textContent).toBe('Agege');
    expect(box().value).toBe('Agege');
  });

  it('Escape in the box does not reach an enclosing handler while it has something to undo', () => {
    let outer = 0;
    render(
      <div onKeyDown={(e) => (e.key === 'Escape' ? (outer += 1) : undefined)}>
        <Harness initial="Ogba" />
      </div>,
    );
    fireEvent.click(box());
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(outer).toBe(0);
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(outer).toBe(1);
  });

  it('offers a stored value the list no longer has, first, as the select kept it', async () => {
    const user = userEvent.setup();
    render(<Harness initial="Old Garage" />);
    expect(box().value).toBe('Old Garage');
    await user.click(box());
    expect(optionNames()[0]).toBe('Old Garage');
    expect(optionNames().slice(1)).toEqual(AREAS);
  });

  it('a disabled box cannot be opened', async () => {
    const user = userEvent.setup();
    render(<Combobox id="t" name="town" label="Town or area" value="" options={AREAS} error={null} disabled onValueChange={() => changes.push('x')} />);
    await user.click(box());
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().disabled).toBe(true);
  });

  it('shows its error under the field, tied to the input', () => {
    render(<Harness error={messages.selectTown} />);
    expect(box().getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe(messages.selectTown);
    expect(box().getAttribute('aria-describedby')).toBe(error.id);
  });

  it('has no axe violations: closed, open and filtered with an active option, no match, with an error', async () => {
    const user = userEvent.setup();
    render(<Harness error={messages.selectTown} />);
    expect(await axeViolations()).toEqual([]);
    await user.type(box(), 'ik');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe('Ikeja');
    expect(await axeViolations()).toEqual([]);
    await user.keyboard('qq');
    expect(optionNames()).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });
});
