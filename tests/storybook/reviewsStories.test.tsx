// @vitest-environment jsdom
/**
 * Stories of reviews: every state of the review window (reviewWindowViewStates) and
 * of the console's reviews page (list and row action) has a story, each story's view model comes
 * from a snapshot in the state it claims, and each renders without axe violations.
 * tests/storybook/stories.test.tsx renders every story and checks its key texts.
 */
import { cleanup, render } from '@testing-library/react';
import axe from 'axe-core';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowActionViewStates } from '../../machines/kit/rowActionMachine';
import { reviewWindowViewStates } from '../../machines/reviews/reviewWindowMachine';
import preview from '../../storybook/preview';
import * as stories from '../../storybook/stories/Reviews.stories';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

interface Composed {
  (props?: Record<string, unknown>): React.ReactNode;
  args: { review?: { state: string; side: string }; list?: { state: string; items: unknown[] }; action?: { state: string } };
  parameters: Record<string, unknown>;
}
const all = Object.entries(composeStories(stories)) as unknown as Array<[string, Composed]>;
const listStates = ['loading', 'failed', 'idle', 'loadingMore', 'refreshing'];

describe('reviews stories', () => {
  it('have a story for every state of the review window, of the console list and of its row action, and both sides', () => {
    expect(reviewWindowViewStates.filter((s) => !all.some(([, story]) => story.parameters.windowState === s))).toEqual([]);
    expect(listStates.filter((s) => !all.some(([, story]) => story.parameters.listState === s))).toEqual([]);
    expect(rowActionViewStates.filter((s) => !all.some(([, story]) => story.parameters.actionState === s))).toEqual([]);
    for (const side of ['company', 'rider']) {
      for (const state of ['open', 'written', 'published', 'closed', 'replyable'].filter((s) => side === 'rider' || s !== 'replyable')) {
        expect(all.some(([, story]) => story.args.review?.side === side && story.args.review.state === state) || (side === 'company' && state === 'written'), `${side} ${state}`).toBe(true);
      }
    }
    expect(all.some(([, s]) => s.args.list?.state === 'idle' && s.args.list.items.length === 0)).toBe(true);
  });

  for (const [name, Story] of all) {
    it(`${name}: views in the state it claims, no axe violations`, async () => {
      if (Story.args.review) expect(Story.args.review.state).toBe(Story.parameters.windowState);
      if (Story.args.list) expect(Story.args.list.state).toBe(Story.parameters.listState);
      if (Story.args.action) expect(Story.args.action.state).toBe(Story.parameters.actionState);
      render(<Story />);
      await new Promise((resolve) => setTimeout(resolve, 0));
      const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    });
  }
});
