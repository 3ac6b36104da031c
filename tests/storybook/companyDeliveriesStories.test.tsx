// @vitest-environment jsdom
/**
 * Stories of the company's deliveries list: every state of the list (companyDeliveriesViewStates)
 * has a story, each story's view model comes from a snapshot in the state it claims, and each
 * renders its key texts without axe violations.
 */
import { cleanup, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { companyDeliveriesViewStates } from '../../machines/deliveries/companyDeliveriesMachine';
import preview from '../../storybook/preview';
import * as stories from '../../storybook/stories/CompanyDeliveries.stories';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

interface Composed {
  (props?: Record<string, unknown>): React.ReactNode;
  args: { view: { state: string; canLoadMore: boolean } };
  parameters: { deliveriesState: string; keyText: string[] };
}
const all = Object.entries(composeStories(stories)) as unknown as Array<[string, Composed]>;

describe('company deliveries stories', () => {
  it('have a story for every state of the list, and one with every page shown', () => {
    expect(companyDeliveriesViewStates.filter((s) => !all.some(([, story]) => story.parameters.deliveriesState === s))).toEqual([]);
    expect(all.some(([, s]) => s.args.view.state === 'list' && !s.args.view.canLoadMore)).toBe(true);
  });

  for (const [name, Story] of all) {
    it(`${name}: views in the state it claims, shows its key texts, no axe violations`, async () => {
      expect(Story.args.view.state).toBe(Story.parameters.deliveriesState);
      render(<Story />);
      const section = await screen.findByRole('region');
      for (const text of Story.parameters.keyText) expect(section.textContent).toContain(text);
      const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    });
  }
});
