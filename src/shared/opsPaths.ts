/**
 * Where the console lives in the browser. A module of its own: the router, the site's frame and the
 * page titles need these paths on every page, and importing them from ./opsForms.ts put the
 * console's six forms (built when the module is read) in every page's first chunk.
 */
export const opsPaths = {
  home: '/ops',
  login: '/ops/login',
  setPassword: '/ops/set-password',
  inbox: '/ops/inbox',
  waitlist: '/ops/waitlist',
  riders: '/ops/riders',
  newsletter: '/ops/newsletter',
  staff: '/ops/staff',
  audit: '/ops/audit',
  rateCard: '/ops/rate-card',
  deliveries: '/ops/deliveries',
} as const;
