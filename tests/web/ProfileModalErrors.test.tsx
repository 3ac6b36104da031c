// @vitest-environment jsdom
/**
 * On the dashboard's modals: an empty Add Work History or Add Past Employee
 * says what is missing under every field at once, and the focus goes to the first invalid
 * field. The real modal (EditModal) on the real profile edit machine; nothing is sent.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef, useSelector } from '@xstate/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { profileEditMachine, profileEditSnapshotToView } from '../../machines/profile/profileEditMachine';
import { modalSpecs, type ModalKind } from '../../machines/profile/profileModals';
import { messages } from '../../src/shared/messages';
import { EditModal } from '../../src/web/features/profile/EditModal';
import { fullRider } from '../../storybook/support/profileSnapshots';

afterEach(cleanup);

const saved: unknown[] = [];

function Page({ modal }: { modal: ModalKind }) {
  const actor = useActorRef(
    profileEditMachine.provide({ actors: { save: fromPromise(async ({ input }) => void saved.push(input)) } }),
  );
  const view = useSelector(actor, profileEditSnapshotToView);
  return (
    <>
      <button type="button" onClick={() => actor.send({ type: 'OPEN', modal })}>
        open
      </button>
      <EditModal edit={view} send={actor.send} profile={fullRider} locations={[]} googleSignInUrl="/api/auth/google" />
    </>
  );
}

describe('the dashboard modals show every missing field at once', () => {
  for (const [modal, labels] of [
    ['addWorkHistory', ['Position', 'Company', 'Number of years', 'Start date']],
    ['addPastEmployee', ['Company', 'Start date', 'End date']],
  ] as const) {
    it(`${modal}: an empty form`, async () => {
      const user = userEvent.setup();
      render(<Page modal={modal} />);
      await user.click(screen.getByRole('button', { name: 'open' }));
      const dialog = await screen.findByRole('dialog');
      await act(async () => {
        await user.click(within(dialog).getByRole('button', { name: modalSpecs[modal].submitLabel }));
      });
      const invalid = [...dialog.querySelectorAll<HTMLElement>('[aria-invalid="true"]')];
      expect(invalid.map(labelOf)).toEqual(labels);
      expect(within(dialog).getAllByRole('alert').map((a) => a.textContent)).toEqual(labels.map(() => messages.fieldRequired));
      await waitFor(() => expect(document.activeElement).toBe(invalid[0]));
      expect(saved).toEqual([]);
    });
  }
});

function labelOf(el: HTMLElement): string {
  const label = el.id ? document.querySelector(`label[for="${el.id}"]`) : null;
  return (label?.textContent ?? '').replace(/\s*\(.*\)$/, '').trim();
}
