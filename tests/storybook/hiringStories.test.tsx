// @vitest-environment jsdom
/**
 * Stories of hiring: every state of the engagement card (engagementViewStates) and of
 * the lists has a story, each story's view model comes from a snapshot in the state it claims,
 * and each renders without axe violations. tests/storybook/stories.test.tsx renders every story
 * and checks its key texts.
 */
import { cleanup, render } from '@testing-library/react';
import axe from 'axe-core';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { engagementViewStates } from '../../machines/hiring/engagementMachine';
import preview from '../../storybook/preview';
import * as stories from '../../storybook/stories/Hiring.stories';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

interface Composed {
  (props?: Record<string, unknown>): React.ReactNode;
  args: { card?: { state: string }; list?: { state: string; items: unknown[] }; side?: string };
  parameters: Record<string, unknown>;
}
const all = Object.entries(composeStories(stories)) as unknown as Array<[string, Composed]>;
const listStates = ['loading', 'failed', 'idle', 'loadingMore'];

describe('hiring stories', () => {
  it('have a story for every state of the card and of the list, both sides, and an empty list', () => {
    expect(engagementViewStates.filter((s) => !all.some(([, story]) => story.parameters.cardState === s))).toEqual([]);
    expect(listStates.filter((s) => !all.some(([, story]) => story.parameters.listState === s))).toEqual([]);
    expect(all.some(([, s]) => s.args.list?.state === 'idle' && s.args.list.items.length === 0)).toBe(true);
    expect(new Set(all.filter(([, s]) => s.args.list).map(([, s]) => s.args.side))).toEqual(new Set(['company', 'rider']));
  });

  for (const [name, Story] of all) {
    it(`${name}: views in the state it claims, no axe violations`, async () => {
      if (Story.args.card) expect(Story.args.card.state).toBe(Story.parameters.cardState);
      if (Story.args.list) expect(Story.args.list.state).toBe(Story.parameters.listState);
      render(<Story />);
      await new Promise((resolve) => setTimeout(resolve, 0));
      const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    });
  }
});
