/**
 * The route table of spec §2, shared so the server answers 200 for a known route,
 * 404 for anything else, and lists the public pages in sitemap.xml.
 */
export const paths = {
  home: '/',
  aboutUs: '/about-us',
  contactUs: '/contact-us',
  companyWaitlist: '/company-waitlist',
  login: '/login',
  riderSignup: '/rider-signup',
  resetPassword: '/reset-password',
  forgotPassword: '/forgot-password',
  privacyPolicy: '/privacy-policy',
  termsAndConditions: '/terms-and-conditions',
  riderDashboard: '/rider-dashboard',
  companyDashboard: '/company-dashboard',
  companySignup: '/company-signup',
  sendParcel: '/send-a-parcel',
} as const;

/** A delivery's public tracking page, /track/{token} (the tracking link's last segment is the token). */
export const TRACK_PREFIX = '/track';

/**
 * The company dashboard's own pages, below /company-dashboard: served as the app's
 * shell like /ops, never indexed.
 */
export const companyPaths = {
  search: '/company-dashboard',
  shortlist: '/company-dashboard/shortlist',
  hires: '/company-dashboard/hires',
  deliveries: '/company-dashboard/deliveries',
  account: '/company-dashboard/account',
  rider: (username: string) => `/company-dashboard/riders/${encodeURIComponent(username)}`,
} as const;

/** The rider's pages below /rider-dashboard: served as the app's shell, never indexed. */
export const riderPaths = {
  jobs: '/rider-dashboard/jobs',
} as const;

/**
 * The job screen's service worker (built by scripts/jobWorkerPlugin.ts into dist/web, registered
 * only by the job screen with the scope riderPaths.jobs): a fixed address, never hashed, so one
 * registration follows every build.
 */
export const jobWorkerPath = '/sw-jobs.js';

export type AppPath = (typeof paths)[keyof typeof paths];

export const knownPaths: readonly string[] = Object.values(paths);

/** Pages a search engine may index (the rest are behind sign-in or are one-time flows). */
export const publicPaths: readonly AppPath[] = [
  paths.home,
  paths.aboutUs,
  paths.contactUs,
  paths.companyWaitlist,
  paths.privacyPolicy,
  paths.termsAndConditions,
];

/**
 * The sign-in and sign-up forms, prerendered like the public pages (readable before the scripts
 * run, typing before hydration kept) but not indexed. Their first paint is the signed-out visitor's;
 * what a signed-in visitor or an address's query changes is settled in two places:
 *  - a stored session: the early script in <head> (src/shared/bootScript.ts) marks the page signed
 *    in, the styles hide a root marked `data-signed-out` meanwhile, and the app renders afresh
 *    instead of hydrating (src/web/boot/start.tsx): a signed-in visitor is sent elsewhere or
 *    resumes the wizard, and never sees the sign-in form flash first;
 *  - a query parameter (below, `formQueryPages`): the server sends the HTML of the case the address
 *    is in (src/server/plugins/web.ts).
 */
export const prerenderedForms: readonly AppPath[] = [
  paths.login,
  paths.riderSignup,
  paths.forgotPassword,
  paths.resetPassword,
  paths.companySignup,
  paths.sendParcel,
];

/**
 * The booking form, prerendered empty at its first step (not indexed: not in publicPaths). A
 * booking in progress stored in the tab resumes instead: the early script in <head>
 * (src/shared/bootScript.ts STORED_BOOKING_SCRIPT) marks the page, the styles hide a root marked
 * `data-empty-booking` meanwhile, and the app renders afresh instead of hydrating (start.tsx).
 */
export const bookingForms: readonly AppPath[] = [paths.sendParcel];

/** The forms whose first paint differs for a signed-in visitor (hidden until the app renders afresh). */
export const signedOutForms: readonly AppPath[] = [paths.login, paths.riderSignup, paths.companySignup];

/**
 * Pages whose first paint depends on a query parameter: each case's file under the route's folder
 * in the build, or null for the empty shell. /reset-password without a token goes to / (an empty
 * shell, not a reset form that would flash first); its form is the same whatever the token (the
 * token only goes with the request), so it is prerendered with a stand-in one. /company-signup with
 * an invitation first checks it ("Checking your invitation"), without one says how companies join.
 * /rider-signup?step=N is a later step for a signed-in rider, or /login: never step 1's form.
 */
export const formQueryPages: Readonly<Record<string, { param: string; present: string | null; absent: string | null }>> = {
  [paths.resetPassword]: { param: 'token', present: 'index.html', absent: null },
  [paths.companySignup]: { param: 'invite', present: 'invited.html', absent: 'index.html' },
  [paths.riderSignup]: { param: 'step', present: 'shell.html', absent: 'index.html' },
};
