// @vitest-environment jsdom
/**
 * Stories of the company side's accounts: every state of the sign-up page
 * (companySignupViewStates) and of the account page (loading, failed, loaded; each form's
 * editing, error and busy states) has a story, each story's view model comes from a snapshot in
 * the state it claims, and each renders without axe violations. tests/storybook/stories.test.tsx
 * renders every story and checks its key texts.
 */
import { cleanup, render } from '@testing-library/react';
import axe from 'axe-core';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { companySignupViewStates } from '../../machines/companies/companySignupView';
import preview from '../../storybook/preview';
import * as accountStories from '../../storybook/stories/CompanyAccount.stories';
import * as signupStories from '../../storybook/stories/CompanySignup.stories';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

interface Composed {
  (props?: Record<string, unknown>): ReactNode;
  args: Record<string, { state: string } | undefined>;
  parameters: Record<string, unknown>;
}
const signup = Object.entries(composeStories(signupStories)) as unknown as Array<[string, Composed]>;
const account = Object.entries(composeStories(accountStories)) as unknown as Array<[string, Composed]>;

async function noAxeViolations(Story: Composed) {
  render(<Story />);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

describe('company sign-up stories', () => {
  it('have a story for every state of the page', () => {
    expect(companySignupViewStates.filter((s) => !signup.some(([, story]) => story.parameters.signupState === s))).toEqual([]);
  });

  for (const [name, Story] of signup) {
    it(`${name}: views in the state it claims, no axe violations`, async () => {
      expect(Story.args.signup!.state).toBe(Story.parameters.signupState);
      await noAxeViolations(Story);
    });
  }
});

describe('company account stories', () => {
  const formStates = (story: Composed) => {
    const args = story.args.account as unknown as Record<string, { view?: { state: string } }>;
    return ['profileForm', 'passwordForm', 'exportForm', 'deleteForm'].map((f) => args[f]!.view!.state);
  };

  it('have a story for the page loading, failed and loaded, and for each form editing, refused and submitting', () => {
    const pageStates = new Set(account.map(([, story]) => story.parameters.accountState));
    expect([...pageStates].sort()).toEqual(['failed', 'loaded', 'loading']);
    const seen = new Set(account.flatMap(([, story]) => formStates(story)));
    for (const state of ['editing', 'invalid', 'submitting']) expect(seen.has(state), state).toBe(true);
  });

  for (const [name, Story] of account) {
    it(`${name}: the page state it claims, no axe violations`, async () => {
      expect((Story.args.account as unknown as { load: { state: string } }).load.state).toBe(Story.parameters.accountState);
      await noAxeViolations(Story);
    });
  }
});
