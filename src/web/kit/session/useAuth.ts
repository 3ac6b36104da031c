/**
 * What the navigation needs to know about the signed-in user, from the auth token machine
 * (machines/kit/authMachine.ts through authService). Prerendered HTML and the first render of a
 * hydrating page are signed out; the real state follows right after.
 */
import { useSyncExternalStore } from 'react';
import { auth, authView, signedOutView } from './authService';

export interface AuthView {
  signedIn: boolean;
  /** 1 = rider (spec §1); any other value is a company. Null when signed out. */
  userType: number | null;
  /** The user's picture, or null for the default image. */
  pictureUrl: string | null;
  logout(): void;
}

/** Uploaded files are shown at the API base plus the url the API returns (spec §7). */
export const API_BASE = '/api';

const logout = () => auth.logout();
const views = new WeakMap<object, AuthView>();

function toAuthView(view: ReturnType<typeof authView>): AuthView {
  let mapped = views.get(view);
  if (!mapped) {
    mapped = {
      signedIn: view.signedIn,
      userType: view.userType,
      pictureUrl: view.picturePath ? `${API_BASE}${view.picturePath}` : null,
      logout,
    };
    views.set(view, mapped);
  }
  return mapped;
}

export function useAuth(): AuthView {
  const view = useSyncExternalStore(auth.subscribe, authView, () => signedOutView);
  return toAuthView(view);
}
