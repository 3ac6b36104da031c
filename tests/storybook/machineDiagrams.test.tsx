// @vitest-environment jsdom
/**
 * The machine diagrams in Storybook (storybook/stories/Machines.stories.tsx): every state
 * of every machine maps to a story, and that story exists (ids collected from every stories file,
 * as tests/storybook/stories.test.tsx collects them); each diagram draws every state node and every
 * transition of its machine, read from the machine object, and links each state to its story.
 */
import { cleanup, render } from '@testing-library/react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { plannedMachines } from '../machines/plans';
import { stateKeys } from '../machines/plans/generate';
import preview from '../../storybook/preview';
import * as machineStories from '../../storybook/stories/Machines.stories';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

type StoriesModule = Parameters<typeof composeStories>[0];
const modules = import.meta.glob<StoriesModule>('../../storybook/stories/**/*.stories.tsx', { eager: true });
const storyIds = new Set(
  Object.values(modules).flatMap((module) => Object.values(composeStories(module)).map((story) => (story as unknown as { id: string }).id)),
);

interface NodeLike {
  states: Record<string, NodeLike>;
  transitions: Map<string, unknown[]>;
  always?: unknown[];
}
function transitionCount(node: NodeLike): number {
  let n = (node.always ?? []).length;
  for (const list of node.transitions.values()) n += list.length;
  return n + Object.values(node.states).reduce((sum, child) => sum + transitionCount(child), 0);
}

describe('machine diagrams', () => {
  it('collects the story ids of every stories file', () => {
    expect(storyIds.size).toBeGreaterThan(100);
    expect(storyIds.has('sign-up-rider-sign-up-wizard--verify-just-sent')).toBe(true);
  });

  for (const { machine, plan } of plannedMachines) {
    it(`${plan.machine}: every state maps to a story that exists`, () => {
      const keys = stateKeys(machine);
      expect(keys.filter((key) => !plan.states[key]?.story), 'states with no story').toEqual([]);
      const missing = keys.filter((key) => !storyIds.has(plan.states[key]!.story)).map((key) => `${key} → ${plan.states[key]!.story}`);
      expect(missing, 'states linked to a story that does not exist').toEqual([]);
    });
  }

  const composed = composeStories(machineStories) as unknown as Record<string, { (): React.ReactNode; id: string; parameters: { machineName: string } }>;

  it('has a diagram story for every machine', () => {
    expect(Object.values(composed).map((s) => s.parameters.machineName).sort()).toEqual(plannedMachines.map((p) => p.plan.machine).sort());
  });

  for (const [name, Story] of Object.entries(composed)) {
    it(`${name}: draws every state and transition of the machine, each state linked to its story`, () => {
      const { machine, plan } = plannedMachines.find((p) => p.plan.machine === Story.parameters.machineName)!;
      const { container } = render(<Story />);
      const boxes = [...container.querySelectorAll<HTMLElement>('[data-state]')];
      expect(boxes.map((b) => b.dataset.state)).toEqual(stateKeys(machine));
      for (const box of boxes) {
        const link = box.querySelector(':scope > .md-head > a');
        expect(link?.getAttribute('href'), box.dataset.state).toBe(`./?path=/story/${plan.states[box.dataset.state!]!.story}`);
        expect(link?.getAttribute('target')).toBe('_top');
        expect(box.querySelector(':scope > .md-says')?.textContent).toBe(plan.states[box.dataset.state!]!.says);
      }
      expect(container.querySelectorAll('.md-transitions li')).toHaveLength(transitionCount(machine.root as unknown as NodeLike));
    });
  }

  it('draws the sign-up wizard’s change of address as an arrow from the code boxes (step 2’s machine)', () => {
    const VerifyDiagram = composed.verifyStep!;
    const { container } = render(<VerifyDiagram />);
    const codeEditing = container.querySelector('[data-state="entering.code.editing"]')!;
    expect(codeEditing.textContent).toContain('CHANGE_EMAIL');
    expect(codeEditing.textContent).toContain('→ changingEmail');
    expect(container.querySelector('[data-state="entering"] > .md-head')?.textContent).toContain('parallel');
  });
});
