// @vitest-environment jsdom
/**
 * Stories of Job Success and the reviews list: every state of the list
 * (riderReviewsViewStates) has a story, each story's view model comes from a snapshot in the
 * state it claims, and each renders without axe violations. tests/storybook/stories.test.tsx
 * renders every story and checks its key texts.
 */
import { cleanup, render } from '@testing-library/react';
import axe from 'axe-core';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { riderReviewsViewStates } from '../../machines/riders/riderReviewsMachine';
import preview from '../../storybook/preview';
import * as stories from '../../storybook/stories/Reputation.stories';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

interface Composed {
  (props?: Record<string, unknown>): React.ReactNode;
  args: { reviews?: { state: string; items: unknown[]; canShowMore: boolean } };
  parameters: Record<string, unknown>;
}
const all = Object.entries(composeStories(stories)) as unknown as Array<[string, Composed]>;

describe('reputation stories', () => {
  it('have a story for every state of the reviews list, and one with every page shown', () => {
    expect(riderReviewsViewStates.filter((s) => !all.some(([, story]) => story.parameters.reviewsState === s))).toEqual([]);
    expect(all.some(([, s]) => s.args.reviews?.state === 'list' && !s.args.reviews.canShowMore)).toBe(true);
  });

  for (const [name, Story] of all) {
    it(`${name}: views in the state it claims, no axe violations`, async () => {
      if (Story.args.reviews) expect(Story.args.reviews.state).toBe(Story.parameters.reviewsState);
      render(<Story />);
      await new Promise((resolve) => setTimeout(resolve, 0));
      const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    });
  }
});
