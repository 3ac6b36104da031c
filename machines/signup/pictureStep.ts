/**
 * Step 4 of the sign-up wizard, 'Add Profile Picture' (spec §2): a photo, previewed in
 * the square it will be stored as, or Skip.
 *
 *   editing (nothing chosen) ──CHOOSE_FILE──▶ previewing (RECENTRE moves the focal point)
 *   previewing ──SUBMIT──▶ uploading (the file and its focal point) ──▶ done (final)
 *   uploading ──CANCEL_UPLOAD──▶ previewing; SKIP (from anywhere but skipping) ──▶ skipping ──▶ done
 *   a wrong type or size, no picture on SUBMIT, a failed upload or skip ──▶ error
 *
 * Leaving 'uploading' stops the upload actor, whose AbortSignal aborts the request. Tags: 'busy'
 * while the photo goes up or the skip is sent.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { FieldError } from '../../src/shared/api';
import { messages } from '../../src/shared/messages';
import { checkImageFile, type SignupProgressResponse } from '../../src/shared/signup';
import { CENTRE_FOCUS, clampFocus, type FocalPoint } from '../../src/shared/uploads';
import { messageOf } from '../kit/errors';

export const PICTURE_FIELD = 'profile_image';

/** A chosen picture: the file itself travels to the upload actor; the view shows the rest. */
export interface ChosenPicture {
  file: unknown;
  name: string;
  /** The type the browser declared, e.g. 'image/jpeg' (the server checks the bytes). */
  mime: string;
  size: number;
  previewUrl: string | null;
}

export interface PictureContext {
  picture: ChosenPicture | null;
  /** Which part of the photo the square picture keeps (the centre until recentred). */
  focus: FocalPoint;
  /** 0-100 while uploading. */
  uploadPercent: number;
  error: FieldError | null;
}

export type PictureEvent =
  | ({ type: 'CHOOSE_FILE' } & ChosenPicture)
  | { type: 'UPLOAD_PROGRESS'; loaded: number; total: number }
  | { type: 'SUBMIT' }
  | { type: 'SKIP' }
  /** The rider stops an upload under way. */
  | { type: 'CANCEL_UPLOAD' }
  /** The rider drags the square preview or moves it with the arrow keys (percentages, clamped). */
  | { type: 'RECENTRE'; x: number; y: number };

const noPictureError = { field: PICTURE_FIELD, message: messages.uploadImage };

export const pictureStep = setup({
  types: {
    context: {} as PictureContext,
    events: {} as PictureEvent,
  },
  actors: {
    /** The upload reports its progress through onProgress (UPLOAD_PROGRESS to the step). */
    uploadPicture: fromPromise<unknown, { file: unknown; focus: FocalPoint; onProgress: (loaded: number, total: number) => void }>(async () => {
      throw new Error('uploadPicture not provided');
    }),
    skipPicture: fromPromise<SignupProgressResponse>(async () => {
      throw new Error('skipPicture not provided');
    }),
  },
  actions: {
    /** A toast in the app. */
    announce: (_, _params: { message: string }) => {},
    /** The signed-in user's basics changed (the navigation shows the new picture). */
    userChanged: () => {},
    /** Frees a picture preview's object URL. */
    releasePreview: (_, _params: { url: string | null }) => {},
    clearError: assign({ error: null }),
    choosePicture: assign(({ event }) => {
      assertEvent(event, 'CHOOSE_FILE');
      const { type: _type, ...chosen } = event;
      // A new photo starts centred.
      return { picture: chosen, focus: CENTRE_FOCUS };
    }),
    recentre: assign(({ event }) => {
      assertEvent(event, 'RECENTRE');
      return { focus: clampFocus({ x: event.x, y: event.y }) };
    }),
    rejectPicture: assign(({ event }) => {
      assertEvent(event, 'CHOOSE_FILE');
      return { error: { field: PICTURE_FIELD, message: checkImageFile({ type: event.mime, size: event.size }) ?? messages.imageType } };
    }),
    showNoPicture: assign({ error: noPictureError }),
    progress: assign(({ event }) => {
      assertEvent(event, 'UPLOAD_PROGRESS');
      return { uploadPercent: event.total > 0 ? Math.min(100, Math.round((event.loaded / event.total) * 100)) : 0 };
    }),
  },
  guards: {
    pictureRejected: ({ event }) => event.type === 'CHOOSE_FILE' && checkImageFile({ type: event.mime, size: event.size }) !== null,
    noPicture: ({ context }) => context.picture === null,
    hasPicture: ({ context }) => context.picture !== null,
  },
}).createMachine({
  id: 'pictureStep',
  context: { picture: null, focus: CENTRE_FOCUS, uploadPercent: 0, error: null },
  initial: 'editing',
  states: {
    // Nothing chosen yet.
    editing: {
      on: {
        CHOOSE_FILE: [
          { guard: 'pictureRejected', target: 'error', actions: 'rejectPicture' },
          { target: 'previewing', actions: 'choosePicture' },
        ],
        SUBMIT: { target: 'error', actions: 'showNoPicture' },
        SKIP: 'skipping',
      },
    },
    // A photo chosen, shown in the square it will be stored as; the rider recentres it.
    previewing: {
      on: {
        CHOOSE_FILE: [
          { guard: 'pictureRejected', target: 'error', actions: 'rejectPicture' },
          {
            target: 'previewing',
            actions: [{ type: 'releasePreview', params: ({ context }) => ({ url: context.picture?.previewUrl ?? null }) }, 'choosePicture'],
          },
        ],
        RECENTRE: { actions: 'recentre' },
        SUBMIT: 'uploading',
        SKIP: 'skipping',
      },
    },
    error: {
      on: {
        CHOOSE_FILE: [
          { guard: 'pictureRejected', target: 'error', actions: 'rejectPicture' },
          {
            target: 'previewing',
            actions: [
              { type: 'releasePreview', params: ({ context }) => ({ url: context.picture?.previewUrl ?? null }) },
              'choosePicture',
              'clearError',
            ],
          },
        ],
        // After a failed upload the photo is still there to recentre.
        RECENTRE: { guard: 'hasPicture', target: 'previewing', actions: ['recentre', 'clearError'] },
        SUBMIT: [{ guard: 'noPicture', target: 'error', actions: 'showNoPicture' }, { target: 'uploading' }],
        SKIP: 'skipping',
      },
    },
    uploading: {
      tags: ['busy'],
      entry: [assign({ uploadPercent: 0 }), 'clearError'],
      on: {
        // Cancel and Skip stay usable on slow data. Leaving the state stops the
        // invoked upload, whose AbortSignal aborts the request: nothing is saved.
        CANCEL_UPLOAD: 'previewing',
        SKIP: 'skipping',
        UPLOAD_PROGRESS: { actions: 'progress' },
      },
      invoke: {
        id: 'uploadPicture',
        src: 'uploadPicture',
        input: ({ context, self }) => ({
          file: context.picture?.file,
          focus: context.focus,
          onProgress: (loaded: number, total: number) => self.send({ type: 'UPLOAD_PROGRESS', loaded, total }),
        }),
        onDone: {
          target: 'done',
          actions: [assign({ uploadPercent: 100 }), { type: 'announce', params: { message: messages.profileImageUploaded } }, 'userChanged'],
        },
        onError: {
          target: 'error',
          actions: assign({ error: ({ event }) => ({ field: PICTURE_FIELD, message: messageOf(event.error, messages.uploadImageFailed) }) }),
        },
      },
    },
    skipping: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'skipPicture',
        src: 'skipPicture',
        onDone: { target: 'done' },
        onError: {
          target: 'error',
          actions: assign({ error: ({ event }) => ({ field: PICTURE_FIELD, message: messageOf(event.error, messages.submitFailed) }) }),
        },
      },
    },
    // The step is over (uploaded or skipped): the preview's object URL is freed.
    done: {
      type: 'final',
      // Only until the wizard takes the step's end: the step still shows its request as under way.
      tags: ['busy'],
      entry: { type: 'releasePreview', params: ({ context }) => ({ url: context.picture?.previewUrl ?? null }) },
    },
  },
});

export type PictureStep = typeof pictureStep;
