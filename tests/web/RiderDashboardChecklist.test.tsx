// @vitest-environment jsdom
/**
 * The rider dashboard's profile checklist and page order, through the real page (real
 * machines, API client, views, modal and toasts; only fetch is stood in, tests/web/support/
 * apiEdge.ts): the items each profile shows, an item's button opening its modal at its field,
 * a save updating the checklist at once, the done state, and "Your data" as the last section.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checklistModals, modalSpecs } from '../../machines/profile/profileModals';
import { messages } from '../../src/shared/messages';
import type { Profile } from '../../src/shared/profile';
import { CHECKLIST_ITEMS, type ChecklistItemKey } from '../../src/shared/profileChecklist';
import { Toasts } from '../../src/web/kit/components/Toasts';
import { DashboardView } from '../../src/web/features/profile/DashboardView';
import { useDashboard } from '../../src/web/features/profile/useDashboard';
import { fullRider, newRider, riderWithReview } from '../../storybook/support/profileSnapshots';
import { ApiEdge } from './support/apiEdge';

const edge = new ApiEdge();
beforeAll(() => {
  edge.install();
  window.scrollTo = () => {};
});
afterAll(() => edge.uninstall());
beforeEach(() => edge.reset());
afterEach(() => {
  cleanup();
  toast.dismiss();
});

const withPicture = (profile: Profile): Profile => ({ ...profile, user: { ...profile.user, picture: { url: '/files/3a4b5c6d-7e8f-4a1b-9c2d-3e4f5a6b7c8d' } } });
const complete = withPicture(fullRider);

function Page({ children }: { children?: React.ReactNode }) {
  const dashboard = useDashboard({ goToSignup: () => {}, goHome: () => {} });
  return (
    <>
      <DashboardView {...dashboard} googleSignInUrl="/api/auth/google" origin="https://ogbadispatch.ng">
        {children}
      </DashboardView>
      <Toasts />
    </>
  );
}

async function openPage(profile: Profile, children?: React.ReactNode): Promise<void> {
  render(<Page>{children}</Page>);
  const load = await waitFor(() => edge.take('/api/users/profile'));
  await act(async () => load.respond(200, profile));
  await screen.findByRole('heading', { level: 1, name: profile.user.username });
}

const checklist = () => screen.getByRole('heading', { level: 2, name: /Profile checklist/ }).closest('section')!;
const todoButtons = () => within(checklist()).queryAllByRole('button').map((b) => b.textContent);
const progress = () => within(checklist()).queryByRole('progressbar');
/** A click as a browser does it: the button takes the focus first (the modal gives it back on closing). */
function press(button: HTMLElement): void {
  button.focus();
  fireEvent.click(button);
}
const goTo = (name: string) => press(within(checklist()).getByRole('button', { name }));

async function noAxeViolations(): Promise<void> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

describe('the profile checklist on the rider dashboard', () => {
  it('lists all six to do for a rider who has just signed up, with "0 of 6 done"', async () => {
    await openPage(newRider);
    expect(within(checklist()).getByText(messages.checklistProgress(0, 6))).toBeTruthy();
    expect(progress()?.getAttribute('value')).toBe('0');
    expect(todoButtons()).toEqual(CHECKLIST_ITEMS.map((key) => messages.checklistTodo[key]));
    await noAxeViolations();
  });

  it('shows what is done and what is left on a partial profile', async () => {
    const partial: Profile = { ...newRider, user: { ...newRider.user, bio: 'Safe and on time.' }, workHistories: fullRider.workHistories };
    await openPage(partial);
    expect(within(checklist()).getByText(messages.checklistProgress(2, 6))).toBeTruthy();
    expect(todoButtons()).toEqual([messages.checklistTodo.picture, messages.checklistTodo.introduction, messages.checklistTodo.id, messages.checklistTodo.languages]);
    // The done ones are listed, and say so to a screen reader.
    expect(within(checklist()).getByText(messages.checklistDone.bio).textContent).toBe(`${messages.checklistDone.bio}: ${messages.checklistDoneLabel}`);
    expect(within(checklist()).getByText(messages.checklistDone.workHistory)).toBeTruthy();
  });

  it('says an uploaded ID awaits its check, with nothing to click, and never counts it as missing or done', async () => {
    await openPage(withPicture(riderWithReview('pending')));
    const list = within(checklist());
    expect(list.getByText(messages.idAwaitingCheck)).toBeTruthy();
    expect(list.getByText(messages.checklistIdWaitingHelp)).toBeTruthy();
    expect(list.getByText(messages.checklistProgress(5, 6))).toBeTruthy();
    expect(todoButtons()).toEqual([]);
    expect(list.queryByText(messages.checklistTodo.id)).toBeNull();
    await noAxeViolations();
  });

  it('asks for the ID again after a rejection', async () => {
    await openPage(withPicture(riderWithReview('rejected', 'Blurred')));
    expect(todoButtons()).toEqual([messages.checklistIdRejected]);
    goTo(messages.checklistIdRejected);
    const d = await screen.findByRole('dialog');
    expect(within(d).getByRole('heading', { level: 2 }).textContent).toBe(modalSpecs.personalInfo.title);
  });

  it('collapses to one done line when every item is done', async () => {
    await openPage(complete);
    const card = checklist();
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe(messages.checklistDoneHeading);
    expect(within(card).getByText(messages.checklistDoneText)).toBeTruthy();
    expect(within(card).queryByRole('listitem')).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(progress()).toBeNull();
    await noAxeViolations();
  });

  const focusOf: Partial<Record<ChecklistItemKey, string>> = { introduction: 'introduction', languages: 'languages_spoken', id: 'valid_id', bio: 'bio', workHistory: 'position' };
  for (const key of CHECKLIST_ITEMS) {
    it(`takes the rider to "${messages.checklistTodo[key]}": the ${checklistModals[key]} modal, at its field`, async () => {
      await openPage(newRider);
      goTo(messages.checklistTodo[key]);
      const d = await screen.findByRole('dialog');
      expect(within(d).getByRole('heading', { level: 2 }).textContent).toBe(modalSpecs[checklistModals[key]].title);
      const field = focusOf[key];
      if (field) await waitFor(() => expect((document.activeElement as HTMLInputElement | null)?.name).toBe(field));
      else expect(d.contains(document.activeElement)).toBe(true);
      // Closing without saving: the item is still there, and has the focus back.
      fireEvent.keyDown(d, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement?.textContent).toBe(messages.checklistTodo[key]));
    });
  }

  it('updates at once after a save: the bio is done, "1 of 6 done", and focus goes to the checklist', async () => {
    await openPage(newRider);
    goTo(messages.checklistTodo.bio);
    const d = await screen.findByRole('dialog');
    fireEvent.change(within(d).getByLabelText(/^Bio/), { target: { value: 'I have delivered parcels across Lagos since 2019.' } });
    fireEvent.click(within(d).getByRole('button', { name: 'Save' }));
    const save = await waitFor(() => edge.take('/api/users/profile-update'));
    expect(save.body).toMatchObject({ bio: 'I have delivered parcels across Lagos since 2019.' });
    const saved: Profile = { ...newRider, user: { ...newRider.user, bio: 'I have delivered parcels across Lagos since 2019.' } };
    await act(async () => save.respond(200, { message: messages.bioUpdated, profile: saved }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(checklist()).getByText(messages.checklistProgress(1, 6))).toBeTruthy();
    expect(todoButtons()).not.toContain(messages.checklistTodo.bio);
    expect(within(checklist()).getByText(messages.checklistDone.bio)).toBeTruthy();
    // No new request: the save's answer carried the profile.
    expect(edge.heldPaths()).toEqual([]);
    await waitFor(() => expect(document.activeElement?.id).toBe('profile-checklist-title'));
  });

  it('turns to the done line when the last item is saved', async () => {
    const lastOne: Profile = { ...complete, user: { ...complete.user, introduction: null } };
    await openPage(lastOne);
    expect(within(checklist()).getByText(messages.checklistProgress(5, 6))).toBeTruthy();
    goTo(messages.checklistTodo.introduction);
    const d = await screen.findByRole('dialog');
    await waitFor(() => expect((document.activeElement as HTMLInputElement).name).toBe('introduction'));
    fireEvent.change(within(d).getByLabelText(/Introduction/), { target: { value: 'Careful rider on the mainland' } });
    fireEvent.click(within(d).getByRole('button', { name: 'Save' }));
    const save = await waitFor(() => edge.take('/api/users/profile-update'));
    await act(async () => save.respond(200, { message: messages.profileUpdated, profile: complete }));
    await waitFor(() => expect(within(checklist()).getByRole('heading', { level: 2 }).textContent).toBe(messages.checklistDoneHeading));
  });
});

describe('the rider dashboard’s order', () => {
  it('puts "Your data" last, after what the page adds (the hire requests), and the checklist right under the header', async () => {
    await openPage(
      newRider,
      <section aria-labelledby="hires-stand-in">
        <h2 id="hires-stand-in">Hire requests</h2>
      </section>,
    );
    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings[0]).toBe(newRider.user.username);
    expect(headings[1]).toBe(messages.checklistHeading);
    expect(headings.at(-1)).toBe('Your data');
    expect(headings.indexOf('Hire requests')).toBe(headings.length - 2);
    // Its buttons are still there and open their modals.
    const data = screen.getByRole('heading', { level: 2, name: 'Your data' }).closest('section')!;
    fireEvent.click(within(data).getByRole('button', { name: 'Download my data' }));
    expect(within(await screen.findByRole('dialog')).getByRole('heading', { level: 2 }).textContent).toBe(modalSpecs.exportData.title);
  });

  it('shows no "Your data" while the profile loads', async () => {
    render(<Page />);
    expect(screen.getByText('Loading your profile…')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your data' })).toBeNull();
  });
});
