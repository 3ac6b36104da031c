/**
 * Every edit on the rider dashboard happens in a modal (spec §2, §8); this machine is
 * the one modal the dashboard has open at a time:
 *
 *   closed ──OPEN {modal, values, entryId}──▶ editing
 *   editing ──CHANGE / SELECT_FILE──▶ editing            (the field's message clears)
 *           ──RECENTRE──▶ editing                         (the picture's square preview moved;
 *                                                           a chosen picture and no error read 'previewing')
 *           ──CLOSE (X, overlay, Escape)──▶ closed
 *           ──SUBMIT──▶ checking ─┬─▶ editing            (rules failed: every field's message at once)
 *                                 └─▶ saving
 *   saving ──SAVE_PROGRESS──▶ saving                      (an upload's bytes going up)
 *          ──CANCEL_UPLOAD──▶ editing                     (a modal with files; its request is
 *                                                           aborted, nothing saved, the choice kept)
 *          ──done──▶ closed                               (the success toast; the app applies the answer)
 *          ──error──▶ editing                             (a field's message under it, else a toast:
 *                                                           the server's message or the modal's own)
 *
 * Pure: the rules come from the modal specs (machines/profile/profileModals.ts), and the request, the
 * toasts and applying the answer are supplied with .provide().
 */
import { assign, fromPromise, setup } from 'xstate';
import type { FieldError } from '../../src/shared/api';
import { CENTRE_FOCUS, clampFocus, type FocalPoint } from '../../src/shared/uploads';
import { validateAll } from '../../src/shared/validation';
import { NetworkFailure, SubmitError } from '../kit/errors';
import { modalSpecs, type FileLike, type ModalKind } from './profileModals';

// What the save actor rejects with when the request never got an answer (offline, timed out).
export { NetworkFailure };

export interface SaveInput {
  modal: ModalKind;
  values: Record<string, string>;
  files: Record<string, FileLike | null>;
  entryId: string | null;
  /** The focal point of the recentred picture (the centre for every other modal). */
  focus: FocalPoint;
  /** Calls back with the bytes sent so far (uploads). */
  onProgress: (loaded: number, total: number) => void;
}

export interface ProfileEditContext {
  modal: ModalKind | null;
  values: Record<string, string>;
  files: Record<string, FileLike | null>;
  entryId: string | null;
  /** The first message shown (a rule's, or the server's under its field). */
  error: FieldError | null;
  /** Every field's message shown at once after SUBMIT (error is the first). */
  errors: FieldError[];
  /** Bumped each time the rules' messages are shown: the view moves the focus to the first invalid field. */
  focusInvalid: number;
  /** 0..1 while an upload goes up; null when nothing is measured. */
  progress: number | null;
  /** Which part of the chosen picture the square keeps (the centre until recentred). */
  focus: FocalPoint;
}

export type ProfileEditEvent =
  | { type: 'OPEN'; modal: ModalKind; values?: Record<string, string>; entryId?: string | null }
  | { type: 'CHANGE'; field: string; value: string }
  | { type: 'SELECT_FILE'; field: string; file: FileLike | null }
  | { type: 'SUBMIT' }
  | { type: 'CLOSE' }
  /** The rider drags the picture's square preview or moves it with the arrow keys (percentages, clamped). */
  | { type: 'RECENTRE'; x: number; y: number }
  | { type: 'SAVE_PROGRESS'; loaded: number; total: number }
  /** Cancel during an upload (leaving 'saving' stops the save actor, whose AbortSignal aborts the request). */
  | { type: 'CANCEL_UPLOAD' };

/** A modal whose save sends files (the picture, personal info with its ID documents): Cancel aborts it. */
function isUploadModal(modal: ModalKind | null): boolean {
  return modal !== null && modalSpecs[modal].fileFields.length > 0;
}

/** The modal shows its picture in a square preview to recentre, and one is chosen. */
export function canRecentre(context: Pick<ProfileEditContext, 'modal' | 'files'>): boolean {
  const field = context.modal ? modalSpecs[context.modal].recentre : undefined;
  return field !== undefined && !!context.files[field];
}

/** The values a modal starts with: every field of its form, filled from what OPEN carried. */
function startValues(modal: ModalKind, given: Record<string, string> = {}): Record<string, string> {
  const form = modalSpecs[modal].form;
  if (!form) return {};
  return Object.fromEntries(Object.keys(form.fields).map((name) => [name, given[name] ?? '']));
}

function startFiles(modal: ModalKind): Record<string, FileLike | null> {
  return Object.fromEntries(modalSpecs[modal].fileFields.map((name) => [name, null]));
}

/** Every rule that fails (all at once): the form's fields in order, then the file inputs. */
function checkModalAll(context: Pick<ProfileEditContext, 'modal' | 'values' | 'files'>): FieldError[] {
  if (!context.modal) return [];
  const spec = modalSpecs[context.modal];
  const errors = spec.form ? validateAll(spec.form, context.values) : [];
  for (const name of spec.fileFields) {
    const message = spec.checkFile?.(name, context.files[name] ?? null) ?? null;
    if (message) errors.push({ field: name, message });
  }
  const together = spec.checkTogether?.(context.values, context.files) ?? null;
  if (together && !errors.some((e) => e.field === together.field)) errors.push(together);
  return errors;
}

/** The first rule that fails, or null. */
function checkModal(context: Pick<ProfileEditContext, 'modal' | 'values' | 'files'>): FieldError | null {
  return checkModalAll(context)[0] ?? null;
}

/** A changed field loses its message; the others stay. */
function dropError(context: ProfileEditContext, field: string): Pick<ProfileEditContext, 'error' | 'errors'> {
  const errors = context.errors.filter((e) => e.field !== field);
  return { errors, error: context.error?.field === field ? (errors[0] ?? null) : context.error };
}

/** True when a server error names a field the modal shows (the message goes under it). */
function shownField(modal: ModalKind | null, error: unknown): boolean {
  if (!modal || !(error instanceof SubmitError)) return false;
  const spec = modalSpecs[modal];
  const { field } = error.fieldError;
  if (spec.hidden.includes(field)) return false;
  return spec.fileFields.includes(field) || (spec.form !== null && field in spec.form.fields);
}

/** The toast for a failure that belongs under no field. */
export function failureMessage(modal: ModalKind | null, error: unknown): string {
  const spec = modal ? modalSpecs[modal] : null;
  if (error instanceof SubmitError) return error.fieldError.message;
  if (error instanceof NetworkFailure && spec?.networkFailure) return spec.networkFailure;
  return spec?.failure ?? '';
}

const closedContext = (): Omit<ProfileEditContext, never> => ({
  modal: null,
  values: {},
  files: {},
  entryId: null,
  error: null,
  errors: [],
  focusInvalid: 0,
  progress: null,
  focus: CENTRE_FOCUS,
});

export const profileEditMachine = setup({
  types: {
    context: {} as ProfileEditContext,
    events: {} as ProfileEditEvent,
  },
  actors: {
    save: fromPromise<unknown, SaveInput>(async () => {
      throw new Error('save not provided');
    }),
  },
  actions: {
    /** The success toast. */
    announceSuccess: (_, _params: { message: string }) => {},
    /** A failure under no field: a toast. */
    announceFailure: (_, _params: { message: string }) => {},
    /** Apply what the server answered (the new profile, a new picture, a download, a deleted account). */
    applySaved: (_, _params: { modal: ModalKind; output: unknown; entryId: string | null }) => {},
  },
  guards: {
    invalid: ({ context }) => checkModal(context) !== null,
    isUpload: ({ context }) => isUploadModal(context.modal),
    isShownFieldError: ({ context }, params: { error: unknown }) => shownField(context.modal, params.error),
    canRecentre: ({ context }) => canRecentre(context),
  },
}).createMachine({
  id: 'profileEdit',
  context: closedContext(),
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: {
          target: 'editing',
          actions: assign(({ event }) => ({
            modal: event.modal,
            values: startValues(event.modal, event.values),
            files: startFiles(event.modal),
            entryId: event.entryId ?? null,
            error: null,
            errors: [],
            progress: null,
            focus: CENTRE_FOCUS,
          })),
        },
      },
    },
    editing: {
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => ({
            values: { ...context.values, [event.field]: event.value },
            ...dropError(context, event.field),
          })),
        },
        SELECT_FILE: {
          actions: assign(({ context, event }) => ({
            files: { ...context.files, [event.field]: event.file },
            ...dropError(context, event.field),
            // A new picture starts centred.
            focus: context.modal && modalSpecs[context.modal].recentre === event.field ? CENTRE_FOCUS : context.focus,
          })),
        },
        RECENTRE: { guard: 'canRecentre', actions: assign({ focus: ({ event }) => clampFocus({ x: event.x, y: event.y }) }) },
        SUBMIT: 'checking',
        CLOSE: { target: 'closed', actions: assign(closedContext) },
      },
    },
    checking: {
      always: [
        {
          guard: 'invalid',
          target: 'editing',
          actions: assign(({ context }) => {
            const errors = checkModalAll(context);
            return { errors, error: errors[0] ?? null, focusInvalid: context.focusInvalid + 1 };
          }),
        },
        { target: 'saving', actions: assign({ error: null, errors: [], progress: null }) },
      ],
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context, self }) => ({
          modal: context.modal!,
          values: context.values,
          files: context.files,
          entryId: context.entryId,
          focus: context.focus,
          onProgress: (loaded: number, total: number) => self.send({ type: 'SAVE_PROGRESS', loaded, total }),
        }),
        onDone: {
          target: 'closed',
          actions: [
            { type: 'announceSuccess', params: ({ context }) => ({ message: modalSpecs[context.modal!].success }) },
            {
              type: 'applySaved',
              params: ({ context, event }) => ({ modal: context.modal!, output: event.output, entryId: context.entryId }),
            },
            assign(closedContext),
          ],
        },
        onError: [
          {
            guard: { type: 'isShownFieldError', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ error: ({ event }) => (event.error as SubmitError).fieldError, progress: null }),
          },
          {
            target: 'editing',
            actions: [
              assign({ progress: null }),
              { type: 'announceFailure', params: ({ context, event }) => ({ message: failureMessage(context.modal, event.error) }) },
            ],
          },
        ],
      },
      on: {
        SAVE_PROGRESS: {
          actions: assign({ progress: ({ event }) => (event.total > 0 ? Math.min(1, event.loaded / event.total) : null) }),
        },
        CANCEL_UPLOAD: { guard: 'isUpload', target: 'editing', actions: assign({ progress: null }) },
      },
    },
  },
});

export type ProfileEditMachine = typeof profileEditMachine;

// ---------------------------------------------------------------------------------------------
// The view model

/** Every state a modal can show; each modal kind has a story for each of its states. */
export const profileEditViewStates = ['closed', 'editing', 'previewing', 'invalid', 'saving'] as const;
export type ProfileEditViewState = (typeof profileEditViewStates)[number];

export interface ProfileEditView {
  state: ProfileEditViewState;
  modal: ModalKind | null;
  values: Record<string, string>;
  files: Record<string, FileLike | null>;
  entryId: string | null;
  busy: boolean;
  /** Cancel stays usable while an upload goes up (it sends CANCEL_UPLOAD). */
  cancellable: boolean;
  progress: number | null;
  /** The chosen picture's focal point, and whether its square preview takes RECENTRE now. */
  focus: FocalPoint;
  canRecentre: boolean;
  /** The message under a field (every invalid field has one at once after SUBMIT). */
  fieldError: (field: string) => string | null;
  /** Bumped each time the rules' messages are shown: the view focuses the first invalid field. */
  focusInvalid: number;
}

export function profileEditSnapshotToView(snapshot: { value: unknown; context: ProfileEditContext }): ProfileEditView {
  const { context } = snapshot;
  const value = snapshot.value as string;
  const state: ProfileEditViewState =
    value === 'closed'
      ? 'closed'
      : value === 'saving'
        ? 'saving'
        : context.error
          ? 'invalid'
          : canRecentre(context)
            ? 'previewing'
            : 'editing';
  const error = context.error;
  return {
    state,
    modal: context.modal,
    values: context.values,
    files: context.files,
    entryId: context.entryId,
    busy: state === 'saving',
    cancellable: state === 'saving' && isUploadModal(context.modal),
    progress: context.progress,
    focus: context.focus,
    canRecentre: value === 'editing' && canRecentre(context),
    fieldError: (field) =>
      context.errors.find((e) => e.field === field)?.message ?? (error && error.field === field ? error.message : null),
    focusInvalid: context.focusInvalid,
  };
}
