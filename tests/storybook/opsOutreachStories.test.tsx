// @vitest-environment jsdom
/**
 * Stories of the console's waitlist and newsletter screens and the unsubscribe pages: every state of each view has a story, each story's view models come from
 * snapshots in the states it claims, and each renders without axe violations.
 * tests/storybook/stories.test.tsx renders every story and checks its key texts.
 */
import { cleanup, render } from '@testing-library/react';
import axe from 'axe-core';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowActionViewStates } from '../../machines/kit/rowActionMachine';
import { messages } from '../../src/shared/messages';
import preview from '../../storybook/preview';
import * as unsubscribeStories from '../../storybook/stories/Unsubscribe.stories';
import * as newsletterStories from '../../storybook/stories/OpsNewsletter.stories';
import * as waitlistStories from '../../storybook/stories/OpsWaitlist.stories';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

interface Composed {
  (props?: Record<string, unknown>): React.ReactNode;
  args: { list?: { state: string }; action?: { state: string; error: string | null; request: { confirm: string } | null } };
  parameters: Record<string, unknown>;
}
const listStates = ['loading', 'failed', 'idle', 'loadingMore', 'refreshing'];

for (const [screen, module] of [['waitlist', waitlistStories], ['newsletter', newsletterStories]] as const) {
  const all = Object.entries(composeStories(module)) as unknown as Array<[string, Composed]>;
  describe(`${screen} stories`, () => {
    it('have a story for every state of the list and of the row action', () => {
      expect(listStates.filter((s) => !all.some(([, story]) => story.parameters.listState === s))).toEqual([]);
      expect(rowActionViewStates.filter((s) => !all.some(([, story]) => story.parameters.actionState === s))).toEqual([]);
      if (screen === 'waitlist') {
        // Both kinds of action the waitlist has: one asked first, one not.
        const working = all.filter(([, s]) => s.args.action!.state === 'working').map(([, s]) => s.args.action!.request!.confirm);
        expect(new Set(working)).toEqual(new Set(['none', 'plain']));
      } else {
        expect(all.some(([, s]) => s.args.action!.state === 'confirming' && s.args.action!.error === messages.opsConfirmFailed)).toBe(true);
      }
    });

    for (const [name, Story] of all) {
      it(`${name}: views in the states it claims, no axe violations`, async () => {
        expect(Story.args.list!.state).toBe(Story.parameters.listState);
        expect(Story.args.action!.state).toBe(Story.parameters.actionState);
        render(<Story />);
        await new Promise((resolve) => setTimeout(resolve, 0));
        const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
        expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      });
    }
  });
}

describe('unsubscribe page stories', () => {
  const all = Object.entries(composeStories(unsubscribeStories)) as unknown as Array<[string, Composed]>;

  it('have a story for every unsubscribe page', () => {
    expect(new Set(all.map(([, s]) => s.parameters.unsubscribeState).filter(Boolean))).toEqual(new Set(['ask', 'done', 'invalid']));
  });

  it('the unsubscribe pages say what they are for; only the ask page has the button, and it posts', () => {
    const pages = Object.fromEntries(
      all.filter(([, s]) => s.parameters.unsubscribeState).map(([, s]) => [s.parameters.unsubscribeState as string, new DOMParser().parseFromString(s.parameters.html as string, 'text/html')]),
    );
    expect(pages.ask!.querySelector('h1')!.textContent).toBe(messages.unsubscribeTitle);
    const form = pages.ask!.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.querySelector('button')!.textContent).toBe(messages.unsubscribeButton);
    expect(pages.done!.body.textContent).toContain(messages.unsubscribeDone('ada@example.com'));
    expect(pages.done!.querySelector('form')).toBeNull();
    expect(pages.invalid!.body.textContent).toContain(messages.unsubscribeInvalid);
    expect(pages.invalid!.querySelector('form')).toBeNull();
    for (const doc of Object.values(pages)) expect(doc.documentElement.getAttribute('lang')).toBe('en');
  });
});
