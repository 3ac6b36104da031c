// @vitest-environment jsdom
/**
 * Stories of finding riders: every state of the search page (riderSearchViewStates)
 * has a story, and the shortlist and rider pages have theirs; each story's view model comes from
 * a snapshot in the state it claims, shows its key texts, and renders without axe violations.
 */
import { cleanup, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { riderSearchViewStates } from '../../machines/search/riderSearchMachine';
import preview from '../../storybook/preview';
import * as stories from '../../storybook/stories/CompanySearch.stories';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

interface Composed {
  (props?: Record<string, unknown>): React.ReactNode;
  args: { search?: { state: string }; shortlist?: { state: string }; rider?: { status: string } };
  parameters: Record<string, unknown>;
}
const all = Object.entries(composeStories(stories)) as unknown as Array<[string, Composed]>;

describe('finding riders stories', () => {
  it('have a story for every state of the search page, and the shortlist and rider pages', () => {
    expect(riderSearchViewStates.filter((s) => !all.some(([, story]) => story.parameters.searchState === s))).toEqual([]);
    for (const state of ['searching', 'results', 'empty', 'failed']) {
      expect(all.some(([, story]) => story.parameters.shortlistState === state), `shortlist ${state}`).toBe(true);
    }
    for (const status of ['loading', 'loaded', 'notFound', 'failed']) {
      expect(all.some(([, story]) => story.parameters.riderState === status), `rider ${status}`).toBe(true);
    }
  });

  for (const [name, Story] of all) {
    it(`${name}: views in the state it claims, shows its key texts, no axe violations`, async () => {
      if (Story.args.search) expect(Story.args.search.state).toBe(Story.parameters.searchState);
      if (Story.args.shortlist) expect(Story.args.shortlist.state).toBe(Story.parameters.shortlistState);
      if (Story.args.rider) expect(Story.args.rider.status).toBe(Story.parameters.riderState);
      render(<Story />);
      await new Promise((resolve) => setTimeout(resolve, 0));
      for (const text of Story.parameters.keyText as string[]) {
        expect(screen.queryAllByText(text, { exact: false }).length, text).toBeGreaterThan(0);
      }
      const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    });
  }
});
