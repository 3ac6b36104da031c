/** Test plan texts of machines/kit/authMachine.ts: the rider's or company's signed-in session, app-wide. */
import { failure, jwtExpired, type MachinePlan } from './types';

const login = 'accounts-login--editing';
/** The header's stories (storybook/stories/SiteShell.stories.tsx): the session is what it shows. */
const signedOutHeader = 'site-header-menu-and-footer--header-signed-out';
const signedInHeader = 'site-header-menu-and-footer--header-signed-in';
const accountMenu = 'site-header-menu-and-footer--profile-dropdown-open';

export const authPlan: MachinePlan = {
  machine: 'authMachine',
  title: 'Session (log in, Google, log out)',
  start:
    'Open http://localhost:3000/ after `npm start`. You need a rider account (sign one up at /rider-signup; the code e-mail is at /dev/mail). ' +
    'Watch the header: signed out it has a "Login" link; signed in it has the round avatar button "Account menu" (Dashboard, Logout). ' +
    'DevTools → Application → Local Storage shows the `authToken` the session keeps.',
  starts: {
    'no stored token': 'A fresh browser profile (no `authToken` in Local Storage).',
    'a valid stored token': 'Log in first, then reload the page: the stored `authToken` is still valid.',
    'an expired stored token': 'Log in, then in DevTools replace `authToken` with an expired token (or wait until it expires) and reload.',
  },
  states: {
    '(root)': { says: 'Every page: the header shows the visitor signed in or signed out.', story: signedOutHeader, closest: true },
    restoring: { says: 'Only for a moment at page load: the stored token is read (nothing of its own is drawn).', story: signedOutHeader, closest: true },
    signedOut: { says: 'Signed out: the header shows the "Login" link and no avatar; no `authToken` in Local Storage.', story: signedOutHeader },
    exchangingGoogle: {
      says: 'Back from Google (/?token=<one-time code>&authType=google; the query leaves the address bar at once): the header shows "Login" while the code is exchanged for a session.',
      story: signedOutHeader,
      closest: true,
    },
    signedIn: { says: 'Signed in: the header shows the avatar button "Account menu" instead of "Login"; `authToken` is in Local Storage.', story: signedInHeader },
    'signedIn.loadingUser': { says: 'Signed in, the avatar shows the empty placeholder while the account basics (picture, name) load.', story: signedInHeader, closest: true },
    'signedIn.ready': { says: 'Signed in: the avatar button shows the profile picture (or the placeholder), its menu has "Dashboard" and "Logout".', story: accountMenu },
    loggingOut: { says: 'Just logged out: the browser is on /login, the header already shows "Login"; the server session is being ended.', story: login, closest: true },
  },
  events: {
    LOGIN: (e) =>
      jwtExpired(e.token, e.now)
        ? 'Log in at /login on a device whose clock is hours ahead (the token the server gives is already expired there): the app does not keep it'
        : 'Log in at /login with the account’s e-mail and password',
    GOOGLE_RETURN: (e) =>
      /^[A-Za-z0-9_-]{43}$/.test(String(e.code))
        ? 'Sign in with Google: come back to /?token=<one-time code>&authType=google from the Google redirect'
        : 'Open /?token=<a token or junk, not a code>&authType=google by hand (an old or forged link): a toast says "Token has expired" (an expired token) or "Invalid token"',
    UNAUTHORIZED: 'Make the server refuse the token (log out in another tab, then click anything that loads data here): any 401',
    'xstate.done.actor.exchangeGoogle': 'Wait: the server hands over the session (the page reloads on /)',
    'xstate.error.actor.exchangeGoogle': (e) => failure(e, 'Wait for the Google sign-in'),
    CHECK: 'Click something that loads data (e.g. Dashboard); the token is checked first, and once it has expired (leave the tab open past its expiry, or set the clock 3 hours ahead) the session ends',
    LOGOUT: 'Open the "Account menu" (avatar) and press "Logout"',
    'xstate.done.actor.loadUser': 'Wait for the account basics to load',
    'xstate.error.actor.loadUser': (e) => failure(e, 'Wait for the account basics'),
    USER_CHANGED: 'Change the profile picture on the dashboard, or press "Try again" on /rider-signup after the sign-up progress could not be loaded (the header reloads the basics)',
    'xstate.done.actor.endSession': 'Wait: the server ends the session ("You have been logged out.")',
    'xstate.error.actor.endSession': (e) => failure(e, 'Wait for the log-out request'),
  },
};
