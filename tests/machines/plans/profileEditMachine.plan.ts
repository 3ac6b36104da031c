/** Test plan texts of machines/profile/profileEditMachine.ts: the one edit modal the rider dashboard has open at a time. */
import { modalSpecs, type ModalKind } from '../../../machines/profile/profileModals';
import { failure, typed, type MachinePlan } from './types';

const story = (name: string) => `dashboard-rider-dashboard--${name}`;
const title = (modal: unknown) => modalSpecs[modal as ModalKind]?.title ?? String(modal);
const spec = (context: Record<string, unknown>) => modalSpecs[context.modal as ModalKind] as (typeof modalSpecs)[ModalKind] | undefined;

export const profileEditPlan: MachinePlan = {
  machine: 'profileEditMachine',
  title: 'Rider dashboard: an edit modal',
  start:
    'Log in as a rider who finished sign-up and open http://localhost:3000/rider-dashboard. Each section (profile, bio, personal information, picture, work history, past employees, your data, delete account) opens its modal from its button. ' +
    'Have one work-history entry and one past employee to edit and delete.',
  starts: { 'rider dashboard': 'The dashboard with no modal open.' },
  states: {
    '(root)': { says: 'The rider dashboard; at most one modal open.', story: story('full-profile'), closest: true },
    closed: { says: 'No modal open: the dashboard itself.', story: story('full-profile') },
    editing: {
      says: 'The modal open with its title (e.g. "Edit Bio"), its fields as typed, its button ("Save", "Upload", "Delete"…) and the X; after a failed try every invalid field shows its message, the focus on the first. The picture modal shows the square preview of the chosen photo.',
      story: story('bio-editing'),
    },
    checking: { says: 'Only for a moment after the modal’s button: the fields are checked in the browser.', story: story('bio-invalid'), closest: true },
    saving: { says: 'The modal’s button is busy; a modal with files shows the upload’s progress bar, and its "Cancel" stays usable (it stops the upload).', story: story('bio-saving') },
  },
  events: {
    OPEN: (e) => `Open the "${title(e.modal)}" modal from its button on the dashboard`,
    CHANGE: (e, _from, context) => `${typed(e, String(e.field).replace(/_/g, ' '))} of "${spec(context)?.title ?? 'the modal'}"`,
    SELECT_FILE: (e) => {
      const file = e.file as { name?: string; type?: string } | null;
      return file ? `Choose the file “${file.name}” (${file.type}) for ${String(e.field).replace(/_/g, ' ')}` : `Remove the chosen file from ${String(e.field).replace(/_/g, ' ')}`;
    },
    RECENTRE: (e) => `Drag the square preview so its centre is at ${String(e.x)}% across, ${String(e.y)}% down (the preview keeps it inside the photo)`,
    SUBMIT: (_e, _from, context) => `Press "${spec(context)?.submitLabel ?? 'Save'}" in "${spec(context)?.title ?? 'the modal'}"`,
    CLOSE: 'Close the modal ("Cancel", the X, a click outside it, or Escape)',
    SAVE_PROGRESS: 'Watch the upload progress bar move (throttle DevTools → Network to "Slow 3G" to see it)',
    CANCEL_UPLOAD: 'Press "Cancel" while the upload is under way (a modal with files: the upload stops, nothing is saved, the choice stays; elsewhere Cancel is disabled while saving)',
    'xstate.done.actor.save': (_e, _from, context) => `Wait: the modal closes, the toast says “${spec(context)?.success ?? 'saved'}” and the dashboard shows the change`,
    'xstate.error.actor.save': (e) =>
      /NetworkFailure/.test(String((e.error as { name?: string } | undefined)?.name)) ? failure({ type: '', error: new Error('offline') }, 'Wait for the save') : failure(e, 'Wait for the save'),
  },
};
