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
  account: '/company-dashboard/account',
  rider: (username: string) => `/company-dashboard/riders/${encodeURIComponent(username)}`,
} as const;

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
