/**
 * Example tests of machines/profile/profileEditMachine.ts on a real actor whose save actor the test
 * controls. The model (tests/machines/profileEditModel.ts) runs through the real dashboard's
 * modals in tests/web/RiderDashboard.test.tsx, with a screen check per state, every view state
 * of every modal kind and every transition enforced there; the run here that compared the actor
 * with the machine's own transition function was removed (a machine compared with
 * itself does not count).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { SubmitError } from '../../machines/kit/formMachine';
import {
  NetworkFailure,
  profileEditMachine,
  profileEditSnapshotToView,
  type ProfileEditEvent,
  type SaveInput,
} from '../../machines/profile/profileEditMachine';
import { modalSpecs } from '../../machines/profile/profileModals';
import { messages } from '../../src/shared/messages';
import { TransitionRecorder } from './coverage';
import { openEvent, PDF, PHOTO, type EditModelEvent } from './profileEditModel';

interface Pending {
  input: SaveInput;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

function harness(recorder: TransitionRecorder) {
  const state: { pending: Pending | null; effects: string[]; saved: unknown[] } = { pending: null, effects: [], saved: [] };
  const machine = profileEditMachine.provide({
    actors: {
      save: fromPromise<unknown, SaveInput>(
        ({ input }) => new Promise((resolve, reject) => (state.pending = { input, resolve, reject })),
      ),
    },
    actions: {
      announceSuccess: (_, params) => void state.effects.push(`success:${params.message}`),
      announceFailure: (_, params) => void state.effects.push(`failure:${params.message}`),
      applySaved: (_, params) => void state.saved.push(params),
    },
  });
  const actor = createActor(machine, { inspect: recorder.inspect });
  actor.start();
  return { actor, state };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function drive(h: ReturnType<typeof harness>, event: EditModelEvent): Promise<void> {
  switch (event.type) {
    case 'xstate.done.actor.save':
      h.state.pending!.resolve(event.output);
      break;
    case 'xstate.error.actor.save':
      h.state.pending!.reject(event.error);
      break;
    case 'SAVE_PROGRESS':
      // The way an upload reports it: through the callback the machine handed the save actor.
      h.state.pending!.input.onProgress(event.loaded, event.total);
      break;
    default:
      if ((event.type as string) === 'xstate.init') return;
      h.actor.send(event as ProfileEditEvent);
  }
  await flush();
}

const recorder = new TransitionRecorder();

describe('profile edit machine, by example', () => {
  it('a save announces the modal’s own text, hands over the answer and closes', async () => {
    const h = harness(recorder);
    await drive(h, openEvent('bio'));
    await drive(h, { type: 'SUBMIT' });
    expect(h.state.pending!.input).toMatchObject({ modal: 'bio', values: { username: 'ada_rides', bio: 'Five years across Lagos.' } });
    await drive(h, { type: 'xstate.done.actor.save', output: { message: 'm', profile: 'p' } });
    expect(h.state.effects).toEqual([`success:${messages.bioUpdated}`]);
    expect(h.state.saved).toEqual([{ modal: 'bio', output: { message: 'm', profile: 'p' }, entryId: null }]);
    expect(h.actor.getSnapshot().value).toBe('closed');
    expect(h.actor.getSnapshot().context.values).toEqual({});
  });

  it("the picture: 'Please select a profile image' with none; the server's message, else 'Failed…', offline 'Error uploading…'", async () => {
    const h = harness(recorder);
    await drive(h, openEvent('picture'));
    await drive(h, { type: 'SUBMIT' });
    expect(profileEditSnapshotToView(h.actor.getSnapshot()).fieldError('profile_image')).toBe(messages.selectProfileImage);
    await drive(h, { type: 'SELECT_FILE', field: 'profile_image', file: PHOTO });
    expect(h.actor.getSnapshot().context.error).toBeNull();
    await drive(h, { type: 'SUBMIT' });
    await drive(h, { type: 'SAVE_PROGRESS', loaded: 30, total: 120 });
    expect(profileEditSnapshotToView(h.actor.getSnapshot()).progress).toBe(0.25);
    await drive(h, { type: 'xstate.error.actor.save', error: new SubmitError({ field: 'alert', message: 'Too many attempts.' }) });
    await drive(h, { type: 'SUBMIT' });
    await drive(h, { type: 'xstate.error.actor.save', error: new Error('HTTP 502') });
    await drive(h, { type: 'SUBMIT' });
    await drive(h, { type: 'xstate.error.actor.save', error: new NetworkFailure() });
    expect(h.state.effects).toEqual([
      'failure:Too many attempts.',
      `failure:${messages.failedToUploadProfileImage}`,
      `failure:${messages.errorUploadingProfileImage}`,
    ]);
    expect(h.actor.getSnapshot().context.progress).toBeNull();
  });

  it('profile and bio failures: the server’s message, else the spec’s own', async () => {
    for (const [kind, text] of [
      ['profile', messages.errorUpdatingProfile],
      ['bio', messages.errorUpdatingBio],
    ] as const) {
      const h = harness(recorder);
      await drive(h, openEvent(kind));
      await drive(h, { type: 'SUBMIT' });
      await drive(h, { type: 'xstate.error.actor.save', error: new Error('HTTP 500') });
      expect(h.state.effects).toEqual([`failure:${text}`]);
      expect(modalSpecs[kind].failure).toBe(text);
    }
  });

  it('checks the ID documents before sending: a PDF passes, another type does not', async () => {
    const h = harness(recorder);
    await drive(h, openEvent('personalInfo'));
    await drive(h, { type: 'SELECT_FILE', field: 'rider_id_card', file: { name: 'x.gif', type: 'image/gif', size: 10 } });
    await drive(h, { type: 'SUBMIT' });
    expect(h.actor.getSnapshot().context.error).toEqual({ field: 'rider_id_card', message: messages.documentType });
    await drive(h, { type: 'SELECT_FILE', field: 'rider_id_card', file: PDF });
    await drive(h, { type: 'SELECT_FILE', field: 'valid_id', file: { ...PDF, size: 6 * 1024 * 1024 } });
    await drive(h, { type: 'SUBMIT' });
    expect(h.actor.getSnapshot().context.error).toEqual({ field: 'valid_id', message: messages.fileTooLarge(5) });
  });
});
