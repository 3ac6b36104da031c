// @vitest-environment jsdom
/**
 * The rider dashboard's stories (storybook/stories/RiderDashboard.stories.tsx): every state of
 * the profile load and every state of every modal kind has a story; each story's views come from
 * snapshots in the states it claims; each renders what its view models say (the open dialog and
 * its title, the busy button, the message under its field, the upload's progress).
 * tests/storybook/stories.test.tsx renders every story and checks its key texts.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { profileEditViewStates, type ProfileEditView } from '../../machines/profile/profileEditMachine';
import { profileViewStates, type ProfileView } from '../../machines/profile/profileMachine';
import { modalKinds, modalSpecs, modalViewStatesOf } from '../../machines/profile/profileModals';
import { messages } from '../../src/shared/messages';
import { CHECKLIST_VIEW_STATES, checklistViewState, profileChecklist } from '../../src/shared/profileChecklist';
import preview from '../../storybook/preview';
import * as stories from '../../storybook/stories/RiderDashboard.stories';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

interface Composed {
  (props?: Record<string, unknown>): React.ReactNode;
  args: { profile: ProfileView; edit: ProfileEditView };
  parameters: { profileViewState: string; modalState: { modal: string | null; state: string }; keyText: string[]; checklistState?: string };
}
const all = Object.entries(composeStories(stories)) as unknown as Array<[string, Composed]>;

describe('rider dashboard stories', () => {
  it('has a story for every state of the profile load', () => {
    const covered = new Set(all.map(([, s]) => s.parameters.profileViewState));
    expect(profileViewStates.filter((s) => !covered.has(s))).toEqual([]);
  });

  it('has a story for every state of every modal kind, and for no modal open', () => {
    const covered = new Set(all.map(([, s]) => `${s.parameters.modalState.modal}:${s.parameters.modalState.state}`));
    const wanted = ['null:closed', ...modalKinds.flatMap((kind) => modalViewStatesOf(kind).map((state) => `${kind}:${state}`))];
    expect(wanted.filter((key) => !covered.has(key))).toEqual([]);
    // And every state of the machine's view is among them.
    const states = new Set(all.map(([, s]) => s.parameters.modalState.state));
    expect(profileEditViewStates.filter((s) => !states.has(s))).toEqual([]);
  });

  it('has a story for every state of the profile checklist, each with a profile in the state it claims', () => {
    const claimed = all.filter(([, s]) => s.parameters.checklistState);
    expect(CHECKLIST_VIEW_STATES.filter((state) => !claimed.some(([, s]) => s.parameters.checklistState === state))).toEqual([]);
    for (const [name, Story] of claimed) {
      expect(checklistViewState(profileChecklist(Story.args.profile.profile!)), name).toBe(Story.parameters.checklistState);
    }
  });

  for (const [name, Story] of all.filter(([, s]) => s.parameters.checklistState)) {
    it(`${name}: the checklist shows one button for each item to do, and its progress`, () => {
      const checklist = profileChecklist(Story.args.profile.profile!);
      render(<Story />);
      const card = screen.getByRole('heading', { level: 2, name: /Profile checklist/ }).closest('section')!;
      const todo = checklist.items.filter((item) => item.status === 'todo').map((item) => (item.rejected ? messages.checklistIdRejected : messages.checklistTodo[item.key]));
      expect(within(card).queryAllByRole('button').map((b) => b.textContent)).toEqual(todo);
      if (checklist.complete) expect(within(card).queryByRole('progressbar')).toBeNull();
      else expect(within(card).getByRole('progressbar').getAttribute('value')).toBe(String(checklist.done));
    });
  }

  for (const [name, Story] of all) {
    it(`${name}: snapshots in the states it claims, rendered as their view models say`, async () => {
      const { profile, edit } = Story.args;
      const claim = Story.parameters.modalState;
      expect(profile.state).toBe(Story.parameters.profileViewState);
      expect(edit.state).toBe(claim.state);
      expect(edit.modal).toBe(claim.modal);
      render(<Story />);
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (edit.state === 'closed' || profile.state !== 'loaded') {
        expect(screen.queryByRole('dialog')).toBeNull();
        return;
      }
      // The modals' code loads when the first one opens.
      const dialog = await screen.findByRole('dialog');
      const spec = modalSpecs[edit.modal!];
      expect(within(dialog!).getByRole('heading', { level: 2 }).textContent).toBe(spec.title);
      const submit = within(dialog!).getByRole('button', { name: edit.busy ? messages.submitting : spec.submitLabel });
      expect((submit as HTMLButtonElement).disabled).toBe(edit.busy);
      expect((within(dialog!).getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(edit.busy);
      const alerts = within(dialog!)
        .queryAllByRole('alert')
        .map((a) => a.textContent);
      if (edit.state === 'invalid') {
        // Every invalid field's message at once, each under its field.
        const fields = [...Object.keys(edit.values), ...Object.keys(edit.files)].filter((f) => edit.fieldError(f));
        expect(fields.length).toBeGreaterThan(0);
        expect([...alerts].sort()).toEqual(fields.map((f) => edit.fieldError(f)).sort());
        for (const field of fields) expect(dialog!.querySelector(`[name="${field}"]`)?.getAttribute('aria-invalid'), field).toBe('true');
      } else {
        expect(alerts).toEqual([]);
      }
      const progress = dialog!.querySelector('progress');
      expect(progress === null).toBe(!(edit.busy && edit.progress !== null));
      // The fields show the values of the view model.
      for (const [field, value] of Object.entries(edit.values)) {
        const input = dialog!.querySelector<HTMLInputElement>(`[name="${field}"]`);
        if (input && input.type !== 'file') expect(input.value, field).toBe(value);
      }
    });
  }
});
