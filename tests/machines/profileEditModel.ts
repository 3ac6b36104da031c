/**
 * The events the profile edit machine is explored with (machines/profile/profileEditMachine.ts), shared
 * by its model-based test, its view tests and its stories: for each modal kind, opening it with
 * good values, breaking and mending its first rule, choosing files, submitting, closing, and
 * every answer the network can give.
 */
import { SubmitError } from '../../machines/kit/formMachine';
import { NetworkFailure, type ProfileEditEvent } from '../../machines/profile/profileEditMachine';
import { modalKinds, modalSpecs, type FileLike, type ModalKind } from '../../machines/profile/profileModals';
import { messages } from '../../src/shared/messages';

export type EditModelEvent =
  | ProfileEditEvent
  | { type: 'xstate.done.actor.save'; output: unknown }
  | { type: 'xstate.error.actor.save'; error: unknown };

export const ENTRY_ID = '6f1c1f8e-4d35-4e55-9b55-0c8a2f7d2a11';

/** Values each modal opens with: all valid. */
export const openValues: Readonly<Record<ModalKind, Record<string, string>>> = {
  profile: { username: 'ada_rides', phone: '0803 123 4567', state: 'Lagos', town: 'Ikeja', introduction: 'Careful rider on the mainland' },
  bio: { username: 'ada_rides', bio: 'Five years across Lagos.' },
  personalInfo: { total_years_of_experience: '3-5', languages_spoken: 'English, Yoruba', education: 'Diploma' },
  picture: {},
  addWorkHistory: { position: '', company_name: '', number_of_years: '', start_date: '', end_date: '' },
  editWorkHistory: {
    work_history_id: ENTRY_ID,
    position: 'Dispatch rider',
    company_name: 'Gokada',
    number_of_years: '3-5',
    start_date: '2019-03-01',
    end_date: '',
  },
  deleteWorkHistory: {},
  addPastEmployee: { company_name: '', company_contact: '', start_date: '', end_date: '' },
  editPastEmployee: {
    past_employee_id: ENTRY_ID,
    company_name: 'Max.ng',
    company_contact: 'Tunde 0803 555 0101',
    start_date: '2016-01-10',
    end_date: '2018-12-31',
  },
  deletePastEmployee: {},
  exportData: {},
  deleteAccount: { password: '' },
  deleteGoogleAccount: {},
};

/** For each kind with fields: a change that breaks its first failing rule, and one that mends it. */
export const breakAndMend: Partial<Record<ModalKind, { field: string; broken: string; mended: string }>> = {
  profile: { field: 'phone', broken: '12345', mended: '0803 123 4567' },
  bio: { field: 'bio', broken: 'x'.repeat(2001), mended: 'Five years across Lagos.' },
  personalInfo: { field: 'languages_spoken', broken: '', mended: 'English, Yoruba' },
  addWorkHistory: { field: 'position', broken: '', mended: 'Dispatch rider' },
  editWorkHistory: { field: 'end_date', broken: '2010-01-01', mended: '' },
  addPastEmployee: { field: 'company_name', broken: '', mended: 'Max.ng' },
  editPastEmployee: { field: 'end_date', broken: '2015-01-01', mended: '2018-12-31' },
  deleteAccount: { field: 'password', broken: '', mended: 'ogba-rides-at-dawn-42' },
};

/**
 * The add forms open empty: these fill them, one CHANGE each, before the break/mend pair. The
 * personal information asks for the kind of ID once a new valid ID is chosen: choosing it lets
 * such a form be sent.
 */
export const fillIn: Partial<Record<ModalKind, Record<string, string>>> = {
  personalInfo: { id_kind: 'nin_slip' },
  addWorkHistory: { company_name: 'Gokada', number_of_years: '3-5', start_date: '2019-03-01' },
  addPastEmployee: { start_date: '2016-01-10', end_date: '2018-12-31' },
};

export const PHOTO: FileLike = { name: 'me.jpg', type: 'image/jpeg', size: 240_000 };
export const PDF: FileLike = { name: 'nin-slip.pdf', type: 'application/pdf', size: 90_000 };
export const NOT_AN_IMAGE: FileLike = { name: 'notes.txt', type: 'text/plain', size: 1_000 };

/** A field each kind shows that the server may name (a 400 under it). */
export const serverField: Partial<Record<ModalKind, { field: string; message: string }>> = {
  profile: { field: 'username', message: messages.usernameTaken },
  personalInfo: { field: 'valid_id', message: messages.documentType },
  picture: { field: 'profile_image', message: messages.imageUnreadable },
  addWorkHistory: { field: 'start_date', message: messages.dateInFuture },
  editWorkHistory: { field: 'start_date', message: messages.dateInFuture },
  addPastEmployee: { field: 'end_date', message: messages.endBeforeStart },
  editPastEmployee: { field: 'end_date', message: messages.endBeforeStart },
  deleteAccount: { field: 'password', message: messages.wrongPassword },
};

export function openEvent(modal: ModalKind): EditModelEvent {
  const entry = modal === 'deleteWorkHistory' || modal === 'deletePastEmployee' || modal.startsWith('edit') ? ENTRY_ID : null;
  return { type: 'OPEN', modal, values: openValues[modal], entryId: entry };
}

/** Every event that can reach the machine in a state (the model's `events`). */
export function editEvents(state: { value: unknown; context: { modal: ModalKind | null; values: Record<string, string> } }): EditModelEvent[] {
  const value = state.value as string;
  const modal = state.context.modal;
  if (value === 'closed') return modalKinds.map(openEvent);
  if (value === 'saving') {
    const named = modal ? serverField[modal] : undefined;
    return [
      { type: 'SAVE_PROGRESS', loaded: 50, total: 100 },
      // Cancel during an upload (a no-op for the other modals: the guard refuses it).
      { type: 'CANCEL_UPLOAD' },
      { type: 'xstate.done.actor.save', output: { message: 'ok' } },
      ...(named ? [{ type: 'xstate.error.actor.save' as const, error: new SubmitError(named) }] : []),
      // A message for no field (or a field this modal does not show, like the bio's username).
      { type: 'xstate.error.actor.save', error: new SubmitError({ field: modal === 'bio' ? 'username' : 'alert', message: messages.entryNotFound }) },
      { type: 'xstate.error.actor.save', error: new NetworkFailure() },
      { type: 'xstate.error.actor.save', error: new Error('HTTP 502') },
    ];
  }
  if (!modal) return [];
  const events: EditModelEvent[] = [{ type: 'SUBMIT' }, { type: 'CLOSE' }];
  for (const [field, value] of Object.entries(fillIn[modal] ?? {})) events.push({ type: 'CHANGE', field, value });
  const pair = breakAndMend[modal];
  if (pair) {
    events.push({ type: 'CHANGE', field: pair.field, value: pair.broken }, { type: 'CHANGE', field: pair.field, value: pair.mended });
  }
  const spec = modalSpecs[modal];
  for (const field of spec.fileFields) {
    const good = field === 'profile_image' ? PHOTO : PDF;
    events.push({ type: 'SELECT_FILE', field, file: good }, { type: 'SELECT_FILE', field, file: NOT_AN_IMAGE });
    if (field !== 'profile_image') events.push({ type: 'SELECT_FILE', field, file: null });
  }
  // The picture's square preview recentred on the top, and dragged past the bottom (kept at 100).
  if (spec.recentre) events.push({ type: 'RECENTRE', x: 50, y: 0 }, { type: 'RECENTRE', x: 50, y: 140 });
  return events;
}

/** The state as the user sees it. */
export function serializeEditState(snapshot: { value: unknown; context: Record<string, unknown> }): string {
  const c = snapshot.context as {
    modal: string | null;
    values: unknown;
    files: Record<string, FileLike | null>;
    entryId: string | null;
    error: unknown;
    errors: unknown;
    progress: number | null;
    focus: unknown;
  };
  const files = Object.fromEntries(Object.entries(c.files).map(([k, f]) => [k, f?.name ?? null]));
  return JSON.stringify([snapshot.value, c.modal, c.values, files, c.entryId, c.error, c.errors, c.progress, c.focus]);
}

/** An invoked actor's result (and its progress) reaches the machine only while it runs. */
export function editEventCanHappen(state: { matches(value: string): boolean }, event: EditModelEvent): boolean {
  if (event.type.endsWith('.save') || event.type === 'SAVE_PROGRESS') return state.matches('saving');
  return true;
}
