/**
 * The business facts the browser tests' server is started with (SITE_*, global-setup.ts), so
 * the footer and Contact Us have each fact to show; tests/web/SiteFacts.test.tsx covers a site
 * with none set.
 */
export const e2eFacts = {
  phone: '+2348012345678',
  phoneDisplay: '+234 801 234 5678',
  whatsapp: '+2348012345679',
  address: '12 Ogba Road, Ogba, Ikeja, Lagos, Nigeria',
  x: 'https://x.com/ogbadispatch',
  instagram: 'https://www.instagram.com/ogbadispatch',
} as const;

export const e2eSiteEnv = {
  SITE_PHONE: e2eFacts.phone,
  SITE_WHATSAPP: e2eFacts.whatsapp,
  SITE_ADDRESS: e2eFacts.address,
  SITE_MAP_LOCATION: '6.6303,3.3411',
  SITE_X_URL: e2eFacts.x,
  SITE_INSTAGRAM_URL: e2eFacts.instagram,
};
