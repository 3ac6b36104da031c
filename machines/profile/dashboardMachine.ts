/**
 * The rider dashboard (spec §2 'Rider dashboard', §8) as one parent machine: it
 * invokes the profile load (machines/profile/profileMachine.ts) and the edit modal
 * (machines/profile/profileEditMachine.ts) and owns what coordinates them and the page's other requests:
 *
 *   active (parallel; the children 'profile' and 'edit' run while it lasts)
 *     RETRY                        → the profile ('Try again')
 *     OPEN, CHANGE, SELECT_FILE, SUBMIT, CLOSE, RECENTRE, CANCEL_UPLOAD → the edit modal
 *       (opening Edit Profile Content while the state list is missing also raises LOAD_LOCATIONS)
 *     SAVED (the edit modal's save answered):
 *       the account deleted ─────────────▶ deleted (signed out here too, then the home page)
 *       a new picture ──▶ the profile read again (RELOAD) and the header told (pictureChanged)
 *       the data export ─▶ the file handed to the browser (download)
 *       a profile in the answer ─▶ the profile shown as it now is (PROFILE_CHANGED)
 *     the profile child done (an incomplete profile) ─▶ redirecting (/rider-signup at its step)
 *
 *     locations:  idle ──LOAD_LOCATIONS──▶ loading ─┬─▶ ready
 *                 failed ──LOAD_LOCATIONS──▶ loading └─▶ failed (logged; the next opening retries)
 *     documents:  idle ──OPEN_DOCUMENT──▶ fetching ─┬─▶ idle (the file downloaded)
 *                                                   └─▶ idle (a toast: it could not be opened)
 *     share:      idle ──SHARE──▶ sharing ─┬─▶ idle (the system sheet; or the link copied: a toast)
 *                                          └─▶ idle (the copy failed: a toast)
 *
 * Pure: the children's effects and the page's (requests, toasts, the download, sharing, the
 * navigation) are supplied by the view layer with .provide(); no React, no DOM here.
 */
import { assign, forwardTo, fromPromise, initialTransition, raise, sendParent, sendTo, setup } from 'xstate';
import type { LocationState } from '../../src/shared/locations';
import { messages } from '../../src/shared/messages';
import type { FileRef, Profile } from '../../src/shared/profile';
import { profileEditMachine, profileEditSnapshotToView, type ProfileEditContext, type ProfileEditEvent, type ProfileEditView } from './profileEditMachine';
import { profileMachine, profileSnapshotToView, type ProfileContext, type ProfileOutput, type ProfileView } from './profileMachine';
import type { ModalKind } from './profileModals';

/** What the edit modal reports when a save succeeded: the modal and the server's answer. */
export interface SavedAnswer {
  modal: ModalKind;
  output: unknown;
  entryId: string | null;
}

/** How the share went: the system sheet (shared, or closed by the rider) or the link copied. */
export type ShareOutcome = 'sheet' | 'copied';

/** The events the view sends to the edit modal (the upload's progress comes from the save itself). */
export type EditViewEvent = Exclude<ProfileEditEvent, { type: 'SAVE_PROGRESS' }>;

export type DashboardEvent =
  | { type: 'RETRY' }
  | EditViewEvent
  | ({ type: 'SAVED' } & SavedAnswer)
  | { type: 'LOAD_LOCATIONS' }
  | { type: 'OPEN_DOCUMENT'; document: FileRef }
  | { type: 'SHARE'; url: string; title: string };

export interface DashboardContext {
  /** The state and area lists (GET /api/locations), fetched the first time Edit Profile Content opens. */
  locations: LocationState[] | null;
  /** The ID document being fetched. */
  document: FileRef | null;
  /** The link being shared. */
  share: { url: string; title: string } | null;
}

/** The edit modal as the dashboard runs it: what a save answered goes to the dashboard (SAVED). */
export const dashboardEditMachine = profileEditMachine.provide({
  actions: { applySaved: sendParent((_, params: SavedAnswer) => ({ type: 'SAVED' as const, ...params })) },
});

const answer = (output: unknown) => (output ?? {}) as { profile?: Profile; blob?: Blob; fileName?: string };

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
  },
  actors: {
    /** The profile load; the view supplies its request and log line. */
    profile: profileMachine,
    /** The open modal; the view supplies its requests and toasts (keep its SAVED: provide on dashboardEditMachine). */
    edit: dashboardEditMachine,
    /** GET /api/locations. */
    loadLocations: fromPromise<LocationState[]>(async () => {
      throw new Error('loadLocations not provided');
    }),
    /** One of the rider's own ID documents, fetched with the token. */
    readDocument: fromPromise<Blob, FileRef>(async () => {
      throw new Error('readDocument not provided');
    }),
    /** The Web Share sheet on phones, else the link copied; rejects when the copy failed. */
    shareLink: fromPromise<ShareOutcome, { url: string; title: string }>(async () => {
      throw new Error('shareLink not provided');
    }),
  },
  actions: {
    /** A toast. */
    notify: (_, _params: { tone: 'success' | 'error'; message: string }) => {},
    /** Hands the browser a file to save (the export, an ID document). */
    download: (_, _params: { blob: Blob; fileName: string }) => {},
    /** Spec §4: an incomplete profile goes to /rider-signup at its step. */
    goToSignup: (_, _params: { currentTab: number }) => {},
    /** The rider's picture changed: the header shows the new one. */
    pictureChanged: () => {},
    /** The account is gone: the server ended every session; forget the token here too. */
    signOut: () => {},
    /** After the account is deleted: the home page. */
    goHome: () => {},
    /** A request that failed with nothing for the rider to do (the location list): logged. */
    logFailure: (_, _params: { what: string; error: unknown }) => {},
  },
  guards: {
    needsLocations: ({ context }, params: { modal: ModalKind }) => params.modal === 'profile' && context.locations === null,
    accountDeleted: (_, params: { modal: ModalKind }) => params.modal === 'deleteAccount' || params.modal === 'deleteGoogleAccount',
    pictureChanged: (_, params: { modal: ModalKind }) => params.modal === 'picture',
    dataExported: (_, params: { modal: ModalKind; output: unknown }) => params.modal === 'exportData' && answer(params.output).blob !== undefined,
    profileAnswered: (_, params: { output: unknown }) => answer(params.output).profile !== undefined,
    copied: (_, params: { outcome: ShareOutcome }) => params.outcome === 'copied',
  },
}).createMachine({
  id: 'dashboard',
  context: { locations: null, document: null, share: null },
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      invoke: [
        {
          id: 'profile',
          src: 'profile',
          // The profile machine finishes only for an incomplete profile.
          onDone: {
            target: 'redirecting',
            actions: { type: 'goToSignup', params: ({ event }) => ({ currentTab: (event.output as ProfileOutput).currentTab }) },
          },
        },
        { id: 'edit', src: 'edit' },
      ],
      on: {
        RETRY: { actions: sendTo('profile', { type: 'RETRY' }) },
        OPEN: [
          { guard: { type: 'needsLocations', params: ({ event }) => ({ modal: event.modal }) }, actions: [forwardTo('edit'), raise({ type: 'LOAD_LOCATIONS' })] },
          { actions: forwardTo('edit') },
        ],
        CHANGE: { actions: forwardTo('edit') },
        SELECT_FILE: { actions: forwardTo('edit') },
        SUBMIT: { actions: forwardTo('edit') },
        CLOSE: { actions: forwardTo('edit') },
        RECENTRE: { actions: forwardTo('edit') },
        CANCEL_UPLOAD: { actions: forwardTo('edit') },
        SAVED: [
          { guard: { type: 'accountDeleted', params: ({ event }) => event }, target: 'deleted' },
          {
            guard: { type: 'pictureChanged', params: ({ event }) => event },
            actions: [sendTo('profile', { type: 'RELOAD' }), 'pictureChanged'],
          },
          {
            guard: { type: 'dataExported', params: ({ event }) => event },
            actions: {
              type: 'download',
              params: ({ event }) => ({ blob: answer(event.output).blob!, fileName: answer(event.output).fileName ?? 'ogba-dispatch-data.json' }),
            },
          },
          {
            guard: { type: 'profileAnswered', params: ({ event }) => event },
            actions: sendTo('profile', ({ event }) => ({ type: 'PROFILE_CHANGED' as const, profile: answer(event.output).profile! })),
          },
        ],
      },
      states: {
        locations: {
          initial: 'idle',
          states: {
            idle: { on: { LOAD_LOCATIONS: 'loading' } },
            loading: {
              invoke: {
                id: 'loadLocations',
                src: 'loadLocations',
                onDone: { target: 'ready', actions: assign({ locations: ({ event }) => event.output }) },
                onError: {
                  target: 'failed',
                  actions: { type: 'logFailure', params: ({ event }) => ({ what: 'the location list', error: event.error }) },
                },
              },
            },
            ready: {},
            failed: { on: { LOAD_LOCATIONS: 'loading' } },
          },
        },
        documents: {
          initial: 'idle',
          states: {
            idle: { on: { OPEN_DOCUMENT: { target: 'fetching', actions: assign({ document: ({ event }) => event.document }) } } },
            fetching: {
              invoke: {
                id: 'readDocument',
                src: 'readDocument',
                input: ({ context }) => context.document!,
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'download', params: ({ context, event }) => ({ blob: event.output, fileName: context.document!.original_name }) },
                    assign({ document: null }),
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [{ type: 'notify', params: { tone: 'error', message: messages.documentUnavailable } }, assign({ document: null })],
                },
              },
            },
          },
        },
        share: {
          initial: 'idle',
          states: {
            idle: { on: { SHARE: { target: 'sharing', actions: assign({ share: ({ event }) => ({ url: event.url, title: event.title }) }) } } },
            sharing: {
              invoke: {
                id: 'shareLink',
                src: 'shareLink',
                input: ({ context }) => context.share!,
                onDone: [
                  {
                    guard: { type: 'copied', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'idle',
                    actions: [{ type: 'notify', params: { tone: 'success', message: messages.profileLinkCopied } }, assign({ share: null })],
                  },
                  // The system sheet: it says what happened itself.
                  { target: 'idle', actions: assign({ share: null }) },
                ],
                onError: {
                  target: 'idle',
                  actions: [{ type: 'notify', params: { tone: 'error', message: messages.profileLinkCopyFailed } }, assign({ share: null })],
                },
              },
            },
          },
        },
      },
    },
    /** On the way to /rider-signup at the profile's step. */
    redirecting: { type: 'final' },
    /** The account is deleted: signed out here too, then the home page. */
    deleted: { type: 'final', entry: ['signOut', 'goHome'] },
  },
});

export type DashboardMachine = typeof dashboardMachine;

// ---------------------------------------------------------------------------------------------
// The view model

export const dashboardViewStates = ['active', 'redirecting', 'deleted'] as const;
export type DashboardViewState = (typeof dashboardViewStates)[number];

export interface DashboardViewModel {
  state: DashboardViewState;
  profile: ProfileView;
  edit: ProfileEditView;
  /** The state and area lists; null while they load or when they failed. */
  locations: LocationState[] | null;
  /** The lists could not be loaded (opening the modal again retries). */
  locationsFailed: boolean;
  /** An ID document is being fetched: its buttons wait. */
  openingDocument: boolean;
  /** The share is under way: its button waits. */
  sharing: boolean;
}

interface SnapshotLike<C> {
  value: unknown;
  context: C;
}

const closedEdit = profileEditSnapshotToView(initialTransition(profileEditMachine)[0]);

/**
 * The dashboard's snapshot and its children's (absent once the dashboard has finished) as what
 * the screen shows.
 */
export function dashboardSnapshotToView(
  snapshot: SnapshotLike<DashboardContext> & { matches(value: never): boolean },
  children: { profile?: SnapshotLike<ProfileContext>; edit?: SnapshotLike<ProfileEditContext> },
): DashboardViewModel {
  const value = snapshot.value;
  const state: DashboardViewState = value === 'redirecting' || value === 'deleted' ? value : 'active';
  const profile: ProfileView =
    state === 'redirecting' ? { state: 'incomplete', profile: null } : children.profile ? profileSnapshotToView(children.profile) : { state: 'loading', profile: null };
  const matches = (v: unknown) => snapshot.matches(v as never);
  return {
    state,
    profile,
    edit: children.edit ? profileEditSnapshotToView(children.edit) : closedEdit,
    locations: snapshot.context.locations,
    locationsFailed: matches({ active: { locations: 'failed' } }),
    openingDocument: matches({ active: { documents: 'fetching' } }),
    sharing: matches({ active: { share: 'sharing' } }),
  };
}
