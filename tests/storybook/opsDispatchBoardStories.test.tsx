// @vitest-environment jsdom
/**
 * Stories of the dispatch board: every state of the delivery panel (dispatchDetailViewStates) and
 * of the live feed has a story, each story's view model comes from a snapshot in the state it
 * claims, and each renders its key texts without axe violations.
 */
import { cleanup, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dispatchDetailViewStates } from '../../machines/ops/dispatchBoardMachine';
import preview from '../../storybook/preview';
import * as stories from '../../storybook/stories/OpsDispatchBoard.stories';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

interface Composed {
  (props?: Record<string, unknown>): React.ReactNode;
  args: { view: { live: string; detail: { state: string } } };
  parameters: { boardState: string; live: string; keyText: string[] };
}
const all = Object.entries(composeStories(stories)) as unknown as Array<[string, Composed]>;

describe('dispatch board stories', () => {
  it('have a story for every state of the delivery panel and of the live feed', () => {
    expect(dispatchDetailViewStates.filter((s) => !all.some(([, story]) => story.parameters.boardState === s))).toEqual([]);
    expect(['connecting', 'streaming', 'polling'].filter((s) => !all.some(([, story]) => story.parameters.live === s))).toEqual([]);
  });

  for (const [name, Story] of all) {
    it(`${name}: views in the state it claims, shows its key texts, no axe violations`, async () => {
      expect(Story.args.view.detail.state).toBe(Story.parameters.boardState);
      expect(Story.args.view.live).toBe(Story.parameters.live);
      render(<Story />);
      const section = await screen.findByRole('region', { name: 'Dispatch board' });
      for (const text of Story.parameters.keyText) expect(section.textContent).toContain(text);
      const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    });
  }
});
