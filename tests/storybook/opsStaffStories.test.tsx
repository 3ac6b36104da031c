// @vitest-environment jsdom
/**
 * Stories of the staff sign-in, the staff page, the audit log and the set-password page: every
 * state of each view has a story, each story's view models come from snapshots in the states
 * it claims, and each renders without axe violations. tests/storybook/stories.test.tsx
 * renders every story and checks its key texts.
 */
import { cleanup, render } from '@testing-library/react';
import axe from 'axe-core';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formViewStates } from '../../machines/kit/formView';
import { rowActionViewStates } from '../../machines/kit/rowActionMachine';
import { opsSignInViewStates } from '../../machines/ops/opsSignInView';
import preview from '../../storybook/preview';
import * as signInStories from '../../storybook/stories/OpsSignIn.stories';
import * as staffStories from '../../storybook/stories/OpsStaff.stories';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

interface Composed {
  (props?: Record<string, unknown>): React.ReactNode;
  args: Record<string, { state: string } | string | boolean | undefined>;
  parameters: Record<string, unknown>;
}
const stateOf = (value: unknown) => (value as { state: string } | undefined)?.state;

async function expectNoAxeViolations(Story: Composed) {
  render(<Story />);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

describe('staff sign-in stories', () => {
  const all = Object.entries(composeStories(signInStories)) as unknown as Array<[string, Composed]>;

  it('have a story for every state of the sign-in view', () => {
    expect(opsSignInViewStates.filter((s) => !all.some(([, story]) => story.parameters.signInState === s))).toEqual([]);
  });

  for (const [name, Story] of all) {
    it(`${name}: in the state it claims, no axe violations`, async () => {
      expect(stateOf(Story.args.signIn)).toBe(Story.parameters.signInState);
      await expectNoAxeViolations(Story);
    });
  }
});

describe('staff, audit and set-password stories', () => {
  const all = Object.entries(composeStories(staffStories)) as unknown as Array<[string, Composed]>;
  const of = (page: string) => all.filter(([, s]) => s.parameters.page === page);
  const listStates = ['loading', 'failed', 'idle', 'loadingMore', 'refreshing'];

  it('have a story for every state of each list, of the removal and of each form', () => {
    for (const page of ['staff', 'audit']) {
      expect([page, listStates.filter((s) => !of(page).some(([, story]) => story.parameters.listState === s))]).toEqual([page, []]);
    }
    expect(rowActionViewStates.filter((s) => !of('staff').some(([, story]) => story.parameters.actionState === s))).toEqual([]);
    const formStates = formViewStates.filter((s) => s !== 'verifyingCaptcha'); // neither form has a captcha
    for (const page of ['staff', 'setPassword']) {
      expect([page, formStates.filter((s) => !of(page).some(([, story]) => story.parameters.formState === s))]).toEqual([page, []]);
    }
  });

  for (const [name, Story] of all) {
    it(`${name}: in the states it claims, no axe violations`, async () => {
      const { page } = Story.parameters;
      if (page === 'staff') {
        expect(stateOf(Story.args.staff)).toBe(Story.parameters.listState);
        expect(stateOf(Story.args.action)).toBe(Story.parameters.actionState);
        expect(stateOf(Story.args.form)).toBe(Story.parameters.formState);
      } else if (page === 'audit') {
        expect(stateOf(Story.args.audit)).toBe(Story.parameters.listState);
      } else {
        expect(stateOf(Story.args.form)).toBe(Story.parameters.formState);
      }
      await expectNoAxeViolations(Story);
    });
  }
});
