// @vitest-environment jsdom
/**
 * Stories of the console's inbox: every state of the item page (inboxItemViewStates) and of the
 * list has a story, each story's view model comes from a snapshot in the state it claims, and
 * each renders without axe violations. tests/storybook/stories.test.tsx renders every story and
 * checks its key texts.
 */
import { cleanup, render } from '@testing-library/react';
import axe from 'axe-core';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inboxItemViewStates } from '../../machines/ops/inboxItemMachine';
import preview from '../../storybook/preview';
import * as stories from '../../storybook/stories/OpsInbox.stories';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

interface Composed {
  (props?: Record<string, unknown>): React.ReactNode;
  args: { item?: { state: string }; list?: { state: string; items: unknown[] } };
  parameters: Record<string, unknown>;
}
const all = Object.entries(composeStories(stories)) as unknown as Array<[string, Composed]>;
const listStates = ['loading', 'failed', 'idle', 'loadingMore', 'refreshing'];

describe('inbox stories', () => {
  it('have a story for every state of the item page and of the list, and an empty list', () => {
    expect(inboxItemViewStates.filter((s) => !all.some(([, story]) => story.parameters.itemState === s))).toEqual([]);
    expect(listStates.filter((s) => !all.some(([, story]) => story.parameters.listState === s))).toEqual([]);
    expect(all.some(([, s]) => s.args.list?.state === 'idle' && s.args.list.items.length === 0)).toBe(true);
  });

  for (const [name, Story] of all) {
    it(`${name}: views in the state it claims, no axe violations`, async () => {
      if (Story.args.item) expect(Story.args.item.state).toBe(Story.parameters.itemState);
      if (Story.args.list) expect(Story.args.list.state).toBe(Story.parameters.listState);
      render(<Story />);
      await new Promise((resolve) => setTimeout(resolve, 0));
      const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    });
  }
});
