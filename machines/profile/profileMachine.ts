/**
 * Loading the rider dashboard's profile (spec §2 'Rider dashboard', §8):
 *
 *   loading ─┬─▶ loaded       (GET /api/users/profile answered)
 *            ├─▶ incomplete   (profile_completed is 0: done, its output the step to resume at; the
 *            │                 dashboard machine, machines/profile/dashboardMachine.ts, goes to /rider-signup there)
 *            └─▶ failed       (logged, spec §8; the screen offers a retry instead of going blank)
 *   failed ──RETRY──▶ loading
 *   loaded ──PROFILE_CHANGED (a save answered with the profile as it now is)──▶ loaded
 *          ──RELOAD──▶ refreshing (the profile stays on screen) ──▶ loaded
 *
 * Pure: the request and the log line are supplied with .provide().
 */
import { assign, fromPromise, setup } from 'xstate';
import { whereUserBelongs } from '../../src/shared/destination';
import type { Profile } from '../../src/shared/profile';
import { paths } from '../../src/shared/routes';

export interface ProfileContext {
  profile: Profile | null;
  /** The sign-up step an incomplete profile resumes at (the machine's output). */
  currentTab: number | null;
}

/** What the machine finishes with: an incomplete profile's sign-up step. */
export interface ProfileOutput {
  currentTab: number;
}

export type ProfileEvent = { type: 'RETRY' } | { type: 'RELOAD' } | { type: 'PROFILE_CHANGED'; profile: Profile };

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    output: {} as ProfileOutput,
  },
  actors: {
    /** GET /api/users/profile. */
    loadProfile: fromPromise<Profile>(async () => {
      throw new Error('loadProfile not provided');
    }),
  },
  actions: {
    /** Spec §8: 'A profile load failure is only logged' (the error-reporting client in the app). */
    logFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    // The one 'where does this user belong' rule (src/shared/destination.ts): the wizard.
    incomplete: (_, params: { profile: Profile }) => whereUserBelongs(params.profile.user).to === paths.riderSignup,
  },
}).createMachine({
  id: 'profile',
  context: { profile: null, currentTab: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: [
          {
            guard: { type: 'incomplete', params: ({ event }) => ({ profile: event.output }) },
            target: 'incomplete',
            actions: assign({ currentTab: ({ event }) => event.output.user.current_tab }),
          },
          { target: 'loaded', actions: assign({ profile: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loaded: {
      on: {
        PROFILE_CHANGED: { actions: assign({ profile: ({ event }) => event.profile }) },
        RELOAD: 'refreshing',
      },
    },
    refreshing: {
      invoke: {
        id: 'refreshProfile',
        src: 'loadProfile',
        onDone: { target: 'loaded', actions: assign({ profile: ({ event }) => event.output }) },
        // The profile on screen is still right as far as the rider knows: keep it, log the miss.
        onError: { target: 'loaded', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { PROFILE_CHANGED: { target: 'loaded', actions: assign({ profile: ({ event }) => event.profile }) } },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    // Spec §4: an incomplete profile goes to /rider-signup with its current tab (the parent does it).
    incomplete: { type: 'final' },
  },
  output: ({ context }): ProfileOutput => ({ currentTab: context.currentTab ?? 1 }),
});

export type ProfileMachine = typeof profileMachine;

/** Every state the dashboard screen can show; stories and view tests cover each one. */
export const profileViewStates = ['loading', 'loaded', 'failed', 'incomplete'] as const;
export type ProfileViewState = (typeof profileViewStates)[number];

export interface ProfileView {
  state: ProfileViewState;
  profile: Profile | null;
}

export function profileSnapshotToView(snapshot: { value: unknown; context: ProfileContext }): ProfileView {
  const value = snapshot.value as string;
  const state: ProfileViewState =
    value === 'refreshing' ? 'loaded' : value === 'loading' || value === 'failed' || value === 'incomplete' ? value : 'loaded';
  return { state, profile: snapshot.context.profile };
}
