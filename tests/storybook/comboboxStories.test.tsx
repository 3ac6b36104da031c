// @vitest-environment jsdom
/**
 * Stories of the searchable list: every state the Combobox can show has a story, each
 * story shows the state it claims (the wrapper's data-state and what a user sees: the list open
 * or not, its options, the no-match line, the error tied to the box), and none has axe
 * violations. tests/storybook/stories.test.tsx renders every story and checks its key texts.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { comboboxStates } from '../../src/web/kit/components/Combobox';
import preview from '../../storybook/preview';
import * as stories from '../../storybook/stories/Combobox.stories';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
afterEach(cleanup);

interface Composed {
  (props?: Record<string, unknown>): ReactNode;
  args: { options: readonly string[]; error: string | null };
  parameters: { comboboxState?: string };
}
const all = Object.entries(composeStories(stories)) as unknown as Array<[string, Composed]>;

describe('combobox stories', () => {
  it('have a story for every state', () => {
    expect(comboboxStates.filter((s) => !all.some(([, story]) => story.parameters.comboboxState === s))).toEqual([]);
  });

  for (const [name, Story] of all) {
    it(`${name}: shows the state it claims, no axe violations`, async () => {
      render(<Story />);
      const box = screen.getByRole('combobox', { name: 'Town or area' });
      const claimed = Story.parameters.comboboxState;
      expect(box.closest('[data-state]')!.getAttribute('data-state')).toBe(claimed);
      const open = claimed === 'open' || claimed === 'filtered' || claimed === 'noMatch';
      expect(box.getAttribute('aria-expanded')).toBe(String(open));
      const list = document.getElementById(box.getAttribute('aria-controls')!)!;
      const options = within(list).queryAllByRole('option');
      if (claimed === 'open') expect(options).toHaveLength(Story.args.options.length);
      if (claimed === 'filtered') expect(options.length).toBeGreaterThan(0);
      if (claimed === 'filtered') expect(options.length).toBeLessThan(Story.args.options.length);
      if (claimed === 'noMatch') {
        expect(options).toHaveLength(0);
        expect(screen.getByText(/^No place matches/).textContent).toBe(messages.comboboxNoMatch((box as HTMLInputElement).value));
      }
      if (claimed === 'error') {
        expect(box.getAttribute('aria-invalid')).toBe('true');
        expect(document.getElementById(box.getAttribute('aria-describedby')!)!.textContent).toBe(Story.args.error);
      } else expect(screen.queryByRole('alert')).toBeNull();
      const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    });
  }
});
