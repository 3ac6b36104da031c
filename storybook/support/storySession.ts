/**
 * Who is signed in, for the stories of the navigation shell (the header, the phone menu
 * and the profile dropdown signed out and signed in, with and without a picture). Nothing of the
 * app is replaced: the app's one auth actor (src/web/kit/session/authService.ts) is signed in with a
 * token that reads as valid, and the one request it then makes, GET /api/users/me, is answered
 * here at the network edge with the story's user. Signing out is the app's own logout (its
 * POST /api/auth/logout gets the edge's 503, which the machine takes as ended anyway).
 */
import { createElement, useState, type ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';
import type { CurrentUser } from '../../src/shared/api';
import { AUTH_TOKEN_KEY, USER_TYPE_RIDER } from '../../src/shared/constants';
import { auth, authView, setLoginNavigation } from '../../src/web/kit/session/authService';

/**
 * A picture the story's server "has": the address is the API base plus the url (useAuth), so the
 * url climbs out of /api to an image Storybook serves (src/web/public), not the default avatar.
 */
export const STORY_PICTURE_URL = '/../illustrations/signup-done.svg';

export const storyRider = (picture: boolean): CurrentUser => ({
  username: 'adeola_rides',
  email: 'adeola@example.com',
  user_type: USER_TYPE_RIDER,
  picture: picture ? { url: STORY_PICTURE_URL } : null,
  profile_completed: 1,
  current_tab: 5,
});

/** Unsigned, like any token the browser holds: the app only decodes it (machines/kit/authToken.ts). */
function storyToken(userType: number): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + 365 * 24 * 3600;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'story', user_type: userType, exp })}.c3Rvcnk`;
}

let storyUser: CurrentUser | null = null;
let installed = false;

/** Answers GET /api/users/me with the story's user; everything else goes on to the edge. */
function install(): void {
  if (installed) return;
  installed = true;
  // Storybook has no router of the app: the logout's trip to /login stays in the story.
  setLoginNavigation(() => {});
  const edge = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, globalThis.location?.href ?? 'http://localhost/');
    if (url.pathname === '/api/users/me' && storyUser) {
      return new Response(JSON.stringify(storyUser), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return edge(input, init);
  };
}

/** Puts the app's auth actor in the story's state: signed out, or signed in as `user`. */
function enter(user: CurrentUser | null): void {
  install();
  storyUser = user;
  if (user === null) {
    if (authView().signedIn) auth.logout();
    return;
  }
  if (authView().signedIn) auth.userChanged();
  else auth.login(storyToken(user.user_type));
  // The story's sign-in is not the reader's: it does not outlive the story in this browser.
  try {
    window.localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // No storage: nothing kept.
  }
}

function Session({ user, children }: { user: CurrentUser | null; children?: ReactNode }) {
  // Before the story's first render, so the header reads the story's session from the start.
  useState(() => enter(user));
  return children;
}

/** A decorator: the story runs signed out (null) or signed in as `user`. */
export const withSession =
  (user: CurrentUser | null): Decorator =>
  (Story) =>
    createElement(Session, { user }, createElement(Story));
