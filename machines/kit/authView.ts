/** Maps an auth machine snapshot to what the navigation and the route guards need. */
import type { SnapshotFrom } from 'xstate';
import type { CurrentUser } from '../../src/shared/api';
import type { authMachine } from './authMachine';

/** Every state the auth view can be in; stories cover each one. */
export const authViewStates = ['signedOut', 'loadingUser', 'signedIn', 'loggingOut'] as const;
export type AuthViewState = (typeof authViewStates)[number];

export interface AuthSnapshotView {
  state: AuthViewState;
  signedIn: boolean;
  /** The token requests carry in x-auth-token: only while signed in. */
  token: string | null;
  userType: number | null;
  user: CurrentUser | null;
  /** The picture's url relative to the API base, or null for the default image. */
  picturePath: string | null;
}

export function authSnapshotToView(snapshot: SnapshotFrom<typeof authMachine>): AuthSnapshotView {
  const { context } = snapshot;
  const state: AuthViewState = snapshot.matches({ signedIn: 'loadingUser' })
    ? 'loadingUser'
    : snapshot.matches('signedIn')
      ? 'signedIn'
      : snapshot.matches('loggingOut')
        ? 'loggingOut'
        : 'signedOut';
  const signedIn = state === 'signedIn' || state === 'loadingUser';
  return {
    state,
    signedIn,
    token: signedIn ? context.token : null,
    userType: signedIn ? context.userType : null,
    user: signedIn ? context.user : null,
    picturePath: signedIn ? (context.user?.picture?.url ?? null) : null,
  };
}
