// @vitest-environment jsdom
/**
 * Every story renders (composeStories in jsdom, with the project's preview annotations) and
 * shows its key texts; every state a form view can show has a story, built from a real
 * machine snapshot whose view state is the one the story claims (DESIGN.md §7).
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FormView } from '../../machines/kit/formView';
import { formViewStates } from '../../machines/kit/formView';
import { messages } from '../../src/shared/messages';
import preview from '../../storybook/preview';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
// jsdom has no layout: the router's scroll restoration calls window.scrollTo, which it lacks.
beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

type StoriesModule = Parameters<typeof composeStories>[0];
const modules = import.meta.glob<StoriesModule>('../../storybook/stories/**/*.stories.tsx', { eager: true });

interface Composed {
  (props?: Record<string, unknown>): ReactNode;
  storyName: string;
  args: Record<string, unknown>;
  parameters: Record<string, unknown>;
}

const files = Object.entries(modules).map(([path, module]) => ({
  file: path.replace('../../storybook/stories/', ''),
  stories: Object.entries(composeStories(module)) as unknown as [string, Composed][],
}));

class Catch extends Component<{ children: ReactNode; onError: (error: unknown) => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

async function renderStory(Story: Composed) {
  const errors: unknown[] = [];
  const onWindowError = (event: ErrorEvent) => errors.push(event.error ?? event.message);
  window.addEventListener('error', onWindowError);
  try {
    const result = render(
      <Catch onError={(error) => errors.push(error)}>
        <Story />
      </Catch>,
    );
    // Let effects, the router and lazy pieces settle.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { ...result, errors };
  } finally {
    window.removeEventListener('error', onWindowError);
  }
}

/** A form story's submit button and fields (label by field name): parameters.formShape, else the newsletter's. */
interface FormShape {
  submit: string | RegExp;
  fields: ReadonlyArray<readonly [string, string | RegExp]>;
  /** The form shows a failure that belongs to no field in the page (Login). */
  notice?: boolean;
  /** The captcha comes above the fields (the waitlist, spec §5). */
  captchaFirst?: boolean;
}
const NEWSLETTER_SHAPE: FormShape = { submit: /subscribe/i, fields: [['email', /email/i]] };

/** The form view's DOM must say what its view model says. */
async function expectFormViewShown(
  view: FormView,
  captchaSolved: boolean,
  shape: FormShape = NEWSLETTER_SHAPE,
  confirmation?: string,
) {
  if (confirmation !== undefined) {
    // A sent form is replaced by its confirmation, with a button to send another.
    expect(view.state).toBe('succeeded');
    expect(screen.queryByRole('form')).toBeNull();
    const section = screen.getByRole('region', { name: confirmation });
    expect(within(section).getAllByRole('button')).toHaveLength(1);
    return;
  }
  const form = screen.getByRole('form');
  const button = within(form).getByRole('button', { name: view.busy ? messages.submitting : shape.submit });
  expect((button as HTMLButtonElement).disabled).toBe(view.busy);
  for (const [name, label] of shape.fields) {
    expect((within(form).getByLabelText(label) as HTMLInputElement).value).toBe(view.values[name] ?? '');
  }
  const alerts = within(form)
    .queryAllByRole('alert')
    .map((a) => a.textContent);
  const fieldMessages = shape.fields.map(([name]) => view.fieldError(name));
  const expected = [
    ...(shape.captchaFirst ? [view.captchaError, ...fieldMessages] : [...fieldMessages, view.captchaError]),
    shape.notice ? view.notice : null,
  ].filter((m): m is string => m !== null);
  expect(alerts).toEqual(expected);
  if (view.state === 'invalid') expect(alerts.length).toBeGreaterThan(0);
  if (view.showCaptcha) {
    const widget = await within(form).findByTestId('hcaptcha-stub');
    expect(within(widget).queryByText('Verified') !== null).toBe(captchaSolved);
  } else expect(within(form).queryByTestId('captcha')).toBeNull();
}

describe('stories', () => {
  it('finds the stories files', () => {
    expect(files.map((f) => f.file).sort()).toEqual(
      expect.arrayContaining(['NewsletterFormView.stories.tsx', 'Field.stories.tsx', 'StatusPages.stories.tsx']),
    );
    for (const { stories } of files) expect(stories.length).toBeGreaterThan(0);
  });

  for (const { file, stories } of files) {
    for (const [name, Story] of stories) {
      it(`${file} › ${name} renders and shows its key text`, async () => {
        const keyText = Story.parameters.keyText as readonly string[] | undefined;
        expect(keyText, 'each story names the text it must show in parameters.keyText').toBeDefined();
        const { errors } = await renderStory(Story);
        expect(errors).toEqual([]);
        for (const text of keyText!) {
          await waitFor(() => expect(screen.getAllByText(text, { exact: false }).length).toBeGreaterThan(0));
        }
        // A form story's view model (other stories, a list's, also pass theirs as `view`).
        const view = Story.args.view as FormView | undefined;
        if (view && typeof view.fieldError === 'function')
          await expectFormViewShown(
            view,
            Story.parameters.captchaSolved === true,
            Story.parameters.formShape as FormShape | undefined,
            Story.parameters.confirmation as string | undefined,
          );
      });
    }
  }
});

describe('form view states', () => {
  const formStories = files.flatMap(({ file, stories }) =>
    stories.filter(([, s]) => s.parameters.viewState !== undefined).map(([name, s]) => ({ file, name, story: s })),
  );

  it('every form view state has a story', () => {
    const covered = new Set(formStories.map(({ story }) => story.parameters.viewState));
    const missing = formViewStates.filter((state) => !covered.has(state));
    expect(missing, `form view states without a story: ${missing.join(', ')}`).toEqual([]);
  });

  it("each story's view comes from a snapshot in the state it claims", () => {
    for (const { file, name, story } of formStories) {
      const view = story.args.view as FormView | undefined;
      expect(view, `${file} › ${name} has args.view`).toBeDefined();
      expect(`${file} › ${name}: ${view!.state}`).toBe(`${file} › ${name}: ${String(story.parameters.viewState)}`);
    }
  });

  it('the busy states show a disabled Submitting... button', async () => {
    for (const { story } of formStories.filter(({ story }) =>
      ['verifyingCaptcha', 'submitting'].includes(String(story.parameters.viewState)),
    )) {
      await renderStory(story);
      const button = screen.getByRole('button', { name: messages.submitting });
      expect((button as HTMLButtonElement).disabled).toBe(true);
      expect(button.getAttribute('aria-busy')).toBe('true');
      cleanup();
    }
  });
});
