/**
 * The one auth token actor of the app (machines/kit/authMachine.ts) with the browser's effects:
 * the token in localStorage under 'authToken', navigation to /login, the home reload after the
 * Google redirect, toasts, and the two requests (the user's basics, ending the session).
 * The API client consults it before each request and after each 401; route guards and the
 * navigation read it. On the server (prerendering) everyone is signed out and nothing runs.
 */
import { toast } from '../components/toast';
import { createActor, fromPromise, waitFor, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { authMachine } from '../../../../machines/kit/authMachine';
import { authSnapshotToView, type AuthSnapshotView } from '../../../../machines/kit/authView';
import type { CurrentUser } from '../../../shared/api';
import { AUTH_TOKEN_KEY } from '../../../shared/constants';
import { paths } from '../../../shared/routes';
import { authApi } from '../http/client';

type AuthActor = ActorRefFrom<typeof authMachine>;

function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

function writeStoredToken(token: string | null): void {
  try {
    if (token === null) window.localStorage.removeItem(AUTH_TOKEN_KEY);
    else window.localStorage.setItem(AUTH_TOKEN_KEY, token);
  } catch {
    // Storage refused (private mode): the sign-in lasts as long as the page.
  }
}

/** How the app goes to /login: the router once it exists (router.tsx), a page load before that. */
let goToLoginPage: () => void = () => {
  if (window.location.pathname !== paths.login) window.location.assign(paths.login);
};

export function setLoginNavigation(navigate: () => void): void {
  goToLoginPage = navigate;
}

/** How the app reloads the page: the browser's reload (jsdom has none; view tests stand one in). */
let reloadPage: () => void = () => window.location.reload();

export function setPageReload(reload: () => void): void {
  reloadPage = reload;
}

export const signedOutView: AuthSnapshotView = {
  state: 'signedOut',
  signedIn: false,
  token: null,
  userType: null,
  user: null,
  picturePath: null,
};

let actor: AuthActor | null = null;
let cachedView: { snapshot: unknown; view: AuthSnapshotView } | null = null;
let stopFollowingOtherTabs: (() => void) | null = null;
/** XState's inspection of the actor: view tests record which transitions the pages drove. */
const inspectors = new Set<(event: InspectionEvent) => void>();

function createAuthActor(): AuthActor {
  const created = createActor(
    authMachine.provide({
      actors: {
        loadUser: fromPromise<CurrentUser, { token: string }>(({ input }) => authApi.me(input.token)),
        endSession: fromPromise<unknown, { token: string }>(({ input }) => authApi.logout(input.token)),
        exchangeGoogleCode: fromPromise<{ token: string; now: number }, { code: string; token: string | null }>(({ input }) =>
          authApi.exchangeGoogle(input.code, input.token),
        ),
      },
      actions: {
        storeToken: (_, params) => writeStoredToken(params.token),
        removeToken: () => writeStoredToken(null),
        goToLogin: () => goToLoginPage(),
        reloadHome: () => {
          // Spec §2 'Home': the query leaves the address bar, the app goes to / and reloads.
          window.history.replaceState(null, '', paths.home);
          reloadPage();
        },
        announce: (_, params) => void toast.error(params.message),
      },
    }),
    {
      input: { token: readStoredToken(), now: Date.now() },
      inspect: (event) => inspectors.forEach((inspect) => inspect(event)),
    },
  );
  created.start();
  // Another tab logged out or in: follow it on the next look.
  const followOtherTab = (event: StorageEvent) => {
    if (event.key !== AUTH_TOKEN_KEY) return;
    if (event.newValue === null) created.send({ type: 'UNAUTHORIZED' });
    else created.send({ type: 'LOGIN', token: event.newValue, now: Date.now() });
  };
  window.addEventListener('storage', followOtherTab);
  stopFollowingOtherTabs = () => window.removeEventListener('storage', followOtherTab);
  return created;
}

function getActor(): AuthActor | null {
  if (typeof window === 'undefined') return null;
  actor ??= createAuthActor();
  return actor;
}

/** The current view of the machine (the same object until the machine changes). */
export function authView(): AuthSnapshotView {
  const a = getActor();
  if (!a) return signedOutView;
  const snapshot = a.getSnapshot();
  if (cachedView?.snapshot !== snapshot) cachedView = { snapshot, view: authSnapshotToView(snapshot) };
  return cachedView.view;
}

export const auth = {
  /**
   * Before each API request (spec §4): an expired or unreadable token is removed; returns the
   * token to send in x-auth-token, or null.
   */
  beforeRequest(): string | null {
    const a = getActor();
    if (!a) return null;
    a.send({ type: 'CHECK', now: Date.now() });
    return authView().token;
  },
  /** The token requests carry right now, without checking it. */
  currentToken(): string | null {
    return authView().token;
  },
  /** Any 401: the token is removed and the browser goes to /login. */
  unauthorized(): void {
    getActor()?.send({ type: 'UNAUTHORIZED' });
  },
  /** Stores the token from a login; false when it does not read as a valid token. */
  login(token: string): boolean {
    getActor()?.send({ type: 'LOGIN', token, now: Date.now() });
    return authView().token === token;
  },
  /** The Google redirect's one-time code (spec §2 'Home', finding 2). */
  googleReturn(code: string): void {
    getActor()?.send({ type: 'GOOGLE_RETURN', code, now: Date.now() });
  },
  logout(): void {
    getActor()?.send({ type: 'LOGOUT' });
  },
  /** The user's basics changed (e.g. a new picture): load them again. */
  userChanged(): void {
    getActor()?.send({ type: 'USER_CHANGED' });
  },
  isSignedIn(): boolean {
    const a = getActor();
    if (!a) return false;
    a.send({ type: 'CHECK', now: Date.now() });
    return authView().signedIn;
  },
  /** The user's basics once loaded (null when they could not be loaded or nobody is signed in). */
  async currentUser(timeoutMs = 15_000): Promise<CurrentUser | null> {
    const a = getActor();
    if (!a || !authView().signedIn) return null;
    try {
      const snapshot = await waitFor(a, (s) => !s.matches({ signedIn: 'loadingUser' }), { timeout: timeoutMs });
      return snapshot.matches('signedIn') ? snapshot.context.user : null;
    } catch {
      return null;
    }
  },
  subscribe(listener: () => void): () => void {
    const a = getActor();
    if (!a) return () => {};
    const subscription = a.subscribe(listener);
    return () => subscription.unsubscribe();
  },
  /** Tests only: XState's inspection events of the actor (this one and the next ones created). */
  inspect(inspect: (event: InspectionEvent) => void): () => void {
    inspectors.add(inspect);
    return () => void inspectors.delete(inspect);
  },
  /** Tests only: forget the actor, so the next use starts afresh from what storage holds (a page load). */
  resetForTests(): void {
    stopFollowingOtherTabs?.();
    stopFollowingOtherTabs = null;
    actor?.stop();
    actor = null;
    cachedView = null;
  },
};
