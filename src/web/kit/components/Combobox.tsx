/**
 * The design system's searchable list: a text box that filters a fixed list as you
 * type, for the state and the town or area (Lagos alone has 80+ of them). It follows the WAI-ARIA
 * APG "combobox with listbox popup" pattern, list autocomplete with manual selection:
 *
 * - the input has role=combobox, aria-autocomplete=list, aria-expanded, aria-controls (the
 *   listbox, always in the page, hidden while closed) and aria-activedescendant (the option
 *   the arrow keys are on; focus itself stays in the input);
 * - typing opens the list and filters it: case- and accent-insensitive substring, names that
 *   start with the text first; no match shows the catalogue's message, and a live region says
 *   how many options match;
 * - ArrowDown/ArrowUp open the list or move through it (wrapping), Home/End go to the first/last
 *   option while one is active (else they move the caret), Enter chooses the active option (or
 *   the only one left, or the one the text names exactly), Escape closes and puts back the
 *   chosen value, Tab chooses the active option and moves on, Alt+ArrowUp closes;
 * - a click or tap on an option chooses it; a tap on the input opens the whole list.
 *
 * The value is always one of the list (or empty): text that names no option never becomes the
 * value. Leaving the box with such text puts the chosen value back; leaving it empty clears the
 * value; leaving it with an option's exact name (any case or accents) chooses that option. The
 * form sees what a <select> gave it: onValueChange with the new value, only when it changes; the
 * field's name is on a hidden input carrying the value; the error line under the field is tied
 * to the input with aria-invalid and aria-describedby, like components/Field.tsx.
 *
 * Phones: options are at least 44 px tall; while open, the list is sized to the visible
 * viewport (window.visualViewport, i.e. above the on-screen keyboard) and the field scrolls up
 * when there is too little room under it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { messages } from '../../../shared/messages';
import { describedByOf, FieldMessages } from './Field';
import './combobox.css';

export interface ComboboxProps {
  id: string;
  /** The form field's name, on a hidden input carrying the chosen value. */
  name: string;
  label: string;
  /** Shown after the label, e.g. '(optional)'. */
  labelHint?: string;
  /** The chosen value: '' or one of `options` (a stored value the list lacks is offered first, as a select kept it). */
  value: string;
  options: readonly string[];
  onValueChange: (value: string) => void;
  error: string | null;
  /** A note under the field, tied to the input (e.g. 'Loading the list of states…'). */
  hint?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  /** The wrapper's class: 'field' (forms) unless told. */
  className?: string;
  /** The list starts open with this text typed (a story showing the open states). */
  initialQuery?: string;
}

/** What the field shows, named for the stories (data-state on the wrapper). */
export const comboboxStates = ['closed', 'open', 'filtered', 'noMatch', 'error'] as const;
export type ComboboxState = (typeof comboboxStates)[number];

/** Lower case, accents and other combining marks removed, hyphens and runs of spaces as one space. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s\-‐–]+/g, ' ')
    .trim();
}

/** The options whose name contains the query (folded), those starting with it first, each group in list order. */
export function filterOptions(options: readonly string[], query: string): string[] {
  const q = fold(query);
  if (q === '') return [...options];
  const starts: string[] = [];
  const contains: string[] = [];
  for (const option of options) {
    const f = fold(option);
    if (f.startsWith(q)) starts.push(option);
    else if (f.includes(q)) contains.push(option);
  }
  return [...starts, ...contains];
}

/** The option the text names exactly (folded), if any. */
function exactOption(options: readonly string[], text: string): string | undefined {
  const wanted = fold(text);
  return wanted === '' ? undefined : options.find((o) => fold(o) === wanted);
}

/** Option rows: the minimum list height is three of them. */
const ROW = 44;
const LIST_MAX = 320;

export function Combobox({
  id,
  name,
  label,
  labelHint,
  value,
  options: given,
  onValueChange,
  error,
  hint,
  placeholder,
  disabled,
  required,
  className = 'field',
  initialQuery,
}: ComboboxProps) {
  const [open, setOpen] = useState(initialQuery !== undefined);
  // The text typed since the list opened; null while the box shows the chosen value.
  const [query, setQuery] = useState<string | null>(initialQuery ?? null);
  // The option the arrow keys are on (index into `shown`), -1 for none.
  const [active, setActive] = useState(-1);
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // A click that focuses the box: its mouseup must not undo the select-all of the focus.
  const keepSelection = useRef(false);

  // A stored value the list does not have (a place from older data) stays choosable.
  const options = value && !given.includes(value) ? [value, ...given] : given;
  const listId = `${id}-listbox`;
  const labelId = `${id}-label`;
  const shown = query === null ? [...options] : filterOptions(options, query);
  const typed = query !== null && fold(query) !== '';
  const state: ComboboxState = !open ? (error ? 'error' : 'closed') : !typed ? 'open' : shown.length ? 'filtered' : 'noMatch';
  const describedBy = describedByOf({ id, error, hint });

  const close = () => {
    setOpen(false);
    setQuery(null);
    setActive(-1);
  };
  const choose = (option: string) => {
    close();
    if (option !== value) onValueChange(option);
  };
  /** Leaving the box (blur, Enter on a closed list): the text becomes a value only when it names one. */
  const settle = () => {
    if (query === null) return close();
    if (fold(query) === '') return choose('');
    const exact = exactOption(options, query);
    return exact !== undefined ? choose(exact) : close();
  };
  const openList = (at: 'value' | 'first' | 'last' | 'none') => {
    setOpen(true);
    const list = query === null ? options : filterOptions(options, query);
    const current = list.indexOf(value);
    setActive(at === 'none' ? -1 : at === 'first' ? 0 : at === 'last' ? list.length - 1 : current);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = shown.length;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) openList(e.altKey ? 'none' : value && shown.includes(value) ? 'value' : 'first');
        else if (n > 0) setActive((active + 1) % n);
        return;
      case 'ArrowUp':
        e.preventDefault();
        if (open && e.altKey) setOpen(false);
        else if (!open) openList(value && shown.includes(value) ? 'value' : 'last');
        else if (n > 0) setActive(active <= 0 ? n - 1 : active - 1);
        return;
      case 'Home':
      case 'End':
        if (open && active >= 0 && n > 0) {
          e.preventDefault();
          setActive(e.key === 'Home' ? 0 : n - 1);
        }
        return;
      case 'Enter': {
        if (!open) {
          // The form may submit: the value it sees is settled first.
          if (query !== null) settle();
          return;
        }
        e.preventDefault();
        const pick = active >= 0 ? shown[active] : n === 1 ? shown[0] : query !== null ? exactOption(options, query) : undefined;
        if (pick !== undefined) choose(pick);
        return;
      }
      case 'Escape':
        if (open || query !== null) {
          // Handled here: a modal around the field must not close as well.
          e.preventDefault();
          e.stopPropagation();
          close();
        }
        return;
      case 'Tab':
        if (open && active >= 0 && shown[active] !== undefined) choose(shown[active]!);
        return;
    }
  };

  // The active option stays in sight as the arrow keys move.
  useEffect(() => {
    if (!open || active < 0) return;
    document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, id]);

  // Phones: the list fits above the on-screen keyboard; with too little room, the field moves up.
  useLayoutEffect(() => {
    if (!open) return;
    const viewport = window.visualViewport;
    const fit = (scroll: boolean) => {
      const box = input.current;
      const popup = list.current;
      if (!box || !popup) return;
      const visibleBottom = viewport ? viewport.offsetTop + viewport.height : window.innerHeight;
      let room = visibleBottom - box.getBoundingClientRect().bottom - 8;
      if (scroll && room < ROW * 4 && typeof box.scrollIntoView === 'function') {
        box.closest('.combobox-field')?.scrollIntoView({ block: 'start' });
        room = visibleBottom - box.getBoundingClientRect().bottom - 8;
      }
      popup.style.maxHeight = `${Math.max(ROW * 3, Math.min(room, LIST_MAX))}px`;
    };
    fit(true);
    const refit = () => fit(true);
    viewport?.addEventListener('resize', refit);
    return () => viewport?.removeEventListener('resize', refit);
  }, [open]);

  const status = focused && open && typed ? (shown.length ? messages.comboboxMatches(shown.length) : messages.comboboxNoMatch(query!.trim())) : '';

  return (
    <div className={`${className} combobox-field`} data-state={state}>
      <label id={labelId} htmlFor={id}>
        {label}
        {labelHint ? <span className="field-hint"> {labelHint}</span> : null}
      </label>
      <div className={open ? 'combobox open' : 'combobox'}>
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          className="combobox-input"
          value={query ?? value}
          placeholder={placeholder}
          disabled={disabled}
          required={required}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 && active < shown.length ? `${id}-option-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onFocus={(e) => {
            setFocused(true);
            e.currentTarget.select();
          }}
          onMouseDown={(e) => {
            keepSelection.current = document.activeElement !== e.currentTarget;
          }}
          onMouseUp={(e) => {
            if (keepSelection.current) e.preventDefault();
            keepSelection.current = false;
          }}
          onBlur={() => {
            setFocused(false);
            settle();
          }}
          onClick={() => {
            if (!open) openList('none');
          }}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
        <span className="combobox-chevron" aria-hidden="true" />
        <div className="combobox-popup" hidden={!open}>
          <ul
            ref={list}
            id={listId}
            role="listbox"
            // Named by the field's label while open only: closed, nothing but the input answers to it.
            aria-labelledby={open ? labelId : undefined}
            className="combobox-list" hidden={!open || shown.length === 0}>
            {open
              ? shown.map((option, i) => (
                  <li
                    key={option}
                    id={`${id}-option-${i}`}
                    role="option"
                    aria-selected={i === active}
                    className={[option === value ? 'chosen' : '', i === active ? 'active' : ''].filter(Boolean).join(' ') || undefined}
                    // Focus stays in the input (and a phone's keyboard stays up).
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => choose(option)}
                  >
                    {option}
                  </li>
                ))
              : null}
          </ul>
          {open && shown.length === 0 ? <p className="combobox-empty">{messages.comboboxNoMatch((query ?? '').trim())}</p> : null}
        </div>
        {focused ? (
          <span className="visually-hidden" role="status">
            {status}
          </span>
        ) : null}
      </div>
      <input type="hidden" name={name} value={value} />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}
