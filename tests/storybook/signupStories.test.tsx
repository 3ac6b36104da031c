// @vitest-environment jsdom
/**
 * The sign-up wizard's stories (storybook/stories/SignupWizard.stories.tsx): every view state of
 * the wizard, and every state of step 2's resend region, has a story; each story's view comes
 * from a snapshot in the state it claims; each renders what its view model says (step heading,
 * the 5 segments, the busy button, the messages). tests/storybook/stories.test.tsx renders
 * every story and checks its key texts.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resendViewStates, signupViewStates, type SignupView } from '../../machines/signup/signupView';
import { messages } from '../../src/shared/messages';
import preview from '../../storybook/preview';
import * as stories from '../../storybook/stories/SignupWizard.stories';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

interface Composed {
  (props?: Record<string, unknown>): React.ReactNode;
  args: { wizard: SignupView };
  parameters: { signupViewState: string; resendViewState?: string; keyText: string[] };
}
const all = Object.entries(composeStories(stories)) as unknown as Array<[string, Composed]>;

describe('sign-up wizard stories', () => {
  it('has a story for every view state of the wizard and of the resend region', () => {
    const covered = new Set(all.map(([, s]) => s.parameters.signupViewState));
    expect(signupViewStates.filter((s) => !covered.has(s))).toEqual([]);
    const resend = new Set(all.map(([, s]) => s.parameters.resendViewState).filter(Boolean));
    expect(resendViewStates.filter((s) => !resend.has(s))).toEqual([]);
  });

  for (const [name, Story] of all) {
    it(`${name}: a snapshot in the state it claims, rendered as its view model says`, async () => {
      const view = Story.args.wizard;
      expect(view.state).toBe(Story.parameters.signupViewState);
      if (Story.parameters.resendViewState) expect(view.verify.resend.state).toBe(Story.parameters.resendViewState);
      render(<Story />);
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!view.state.includes('.')) return; // loading, leaving, finished, loadFailed: no step shown
      const form = screen.getByRole('form');
      expect(within(form).getByRole('heading', { level: 1 }).textContent).toBe(view.stepTitle);
      expect(within(form).getByText(`Step ${view.step} of 5`)).toBeTruthy();
      const segments = [...form.querySelectorAll('.signup-progress li')].map((li) => li.className.replace('segment segment-', ''));
      expect(segments).toEqual(view.segments);
      if (view.busy) {
        const busy = within(form).getAllByRole('button', { name: messages.submitting });
        expect(busy.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
      }
      const alerts = within(form)
        .queryAllByRole('alert')
        .map((a) => a.textContent);
      const expected = [
        view.alert,
        ...['username', 'email', 'password'].map((f) => (view.step === 1 ? view.fieldError(f) : null)),
        view.step === 1 ? view.account.captchaError : null,
        view.step === 2 ? view.verify.error : null,
        // While the address is being changed its form replaces the boxes and the resend control.
        view.step === 2 && !view.verify.changing ? view.verify.resend.error : null,
        view.step === 2 ? (view.verify.changing?.error ?? null) : null,
        ...(view.step === 3 ? [view.fieldError('state'), view.fieldError('town')] : []),
        view.step === 4 ? view.fieldError('profile_image') : null,
        view.step === 5 ? view.fieldError('rider_agreement') : null,
      ].filter((m): m is string => m !== null);
      expect(alerts.sort()).toEqual(expected.sort());
      if (view.welcome) expect(within(form).getAllByRole('status').some((el) => el.textContent === view.welcome)).toBe(true);
      if (view.verify.changing) {
        const input = within(form).getByLabelText(messages.changeEmailLabel) as HTMLInputElement;
        expect(input.value).toBe(view.verify.changing.value);
        expect(within(form).queryAllByRole('textbox', { name: /^Digit \d of 4$/ })).toEqual([]);
      }
      if (view.step === 2) expect(within(form).queryByText(messages.checkSpam) !== null).toBe(view.verify.spamHint !== null);
    });
  }
});
