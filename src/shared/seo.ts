/**
 * The one table of page titles (and the public pages' descriptions): used by the prerender, by
 * the browser after each navigation (src/web/kit/pageTitle.ts) and by the 404 page. Every route of
 * src/web/router.tsx has its own row; tests/web/pageTitles.test.tsx checks that none is missing.
 */
import { boardTitles, rateCardTitles } from './deliveries/consoleTitles';
import { messages } from './messages';
import { opsPaths } from './opsPaths';
import { companyPaths, paths, riderPaths } from './routes';
import { site } from './site';

export interface PageMeta {
  title: string;
  description: string;
}

const homeDescription =
  'Same-day pickup and delivery across Lagos, and from Lagos to Canada and the UK. Riders build a reputation; businesses find riders they can trust.';

/** A page behind sign-in or a one-time flow: its title and the site's description. */
const titled = (name: string): PageMeta => ({ title: `${name} | ${site.name}`, description: homeDescription });
const opsTitled = (name: string): PageMeta => titled(`${name} · Operations console`);

/** Keyed by the route's path; a segment starting with $ matches any one segment. */
const pages: Record<string, PageMeta> = {
  [paths.home]: {
    title: `${site.name}: same-day pickup and delivery in Lagos`,
    description: homeDescription,
  },
  [paths.aboutUs]: {
    title: `About Us | ${site.name}`,
    description: `Why ${site.name} exists: reliable same-day dispatch for Lagos businesses and fair work and a real reputation for riders.`,
  },
  [paths.contactUs]: {
    title: `Contact Us and Get a Quote | ${site.name}`,
    description: `Write to ${site.name} in Lagos, or ask for a delivery quote online.`,
  },
  [paths.companyWaitlist]: {
    title: `Company waitlist | ${site.name}`,
    description: 'Companies will soon browse rider profiles, ratings and work histories. Join the waitlist to hear first.',
  },
  [paths.privacyPolicy]: {
    title: `Privacy Policy | ${site.name}`,
    description: `How ${site.name} collects, uses and protects personal data under the Nigeria Data Protection Act 2023.`,
  },
  [paths.termsAndConditions]: {
    title: `Terms and Conditions | ${site.name}`,
    description: `The terms for using ${site.name}: an intermediary between riders and businesses in Lagos.`,
  },
  [paths.login]: { title: `Login | ${site.name}`, description: `Sign in to ${site.name}.` },
  [paths.riderSignup]: {
    title: `Become a rider | ${site.name}`,
    description: 'Sign up as a dispatch rider in five short steps and start building your reputation.',
  },
  [paths.forgotPassword]: { title: `Forgot password | ${site.name}`, description: 'Get a link to reset your password.' },
  [paths.resetPassword]: titled('Reset password'),
  [paths.riderDashboard]: titled('Rider dashboard'),
  [riderPaths.jobs]: titled('Deliveries · Rider dashboard'),
  [paths.companySignup]: titled('Company sign-up'),
  [paths.sendParcel]: {
    title: `${messages.sendParcel} | ${site.name}`,
    description: 'Price a same-day delivery across Lagos in seconds, or a parcel to the UK or Canada, and book it without an account.',
  },
  [companyPaths.search]: titled(`${messages.companyNavSearch} · ${messages.companyNavLabel}`),
  [companyPaths.shortlist]: titled(`${messages.companyNavShortlist} · ${messages.companyNavLabel}`),
  [companyPaths.hires]: titled(`${messages.companyNavHires} · ${messages.companyNavLabel}`),
  [companyPaths.deliveries]: titled(`${messages.companyNavDeliveries} · ${messages.companyNavLabel}`),
  [companyPaths.account]: titled(`${messages.companyNavAccount} · ${messages.companyNavLabel}`),
  [`${companyPaths.search}/riders/$username`]: titled(`Rider profile · ${messages.companyNavLabel}`),
  [opsPaths.home]: opsTitled(messages.opsNav.inbox),
  [opsPaths.login]: opsTitled('Staff sign-in'),
  [opsPaths.setPassword]: opsTitled('Set your password'),
  [opsPaths.inbox]: opsTitled(messages.opsNav.inbox),
  [`${opsPaths.inbox}/$id`]: opsTitled(`${messages.opsNav.inbox} item`),
  [opsPaths.waitlist]: opsTitled(messages.opsNav.waitlist),
  [opsPaths.riders]: opsTitled(messages.opsNav.riders),
  [`${opsPaths.riders}/$id`]: opsTitled('Rider'),
  [opsPaths.newsletter]: opsTitled(messages.opsNav.newsletter),
  [opsPaths.staff]: opsTitled(messages.opsNav.staff),
  [opsPaths.audit]: opsTitled(messages.opsNav.audit),
  [`${opsPaths.home}/reviews`]: opsTitled(messages.opsNavReviews),
  [opsPaths.rateCard]: opsTitled(rateCardTitles.navLabel),
  [opsPaths.deliveries]: opsTitled(boardTitles.heading),
  [`${opsPaths.deliveries}/$id`]: opsTitled(boardTitles.detailLabel),
};

/** The 404 page's title, in the prerendered 404.html and after a navigation to an unknown path. */
export const notFoundMeta: PageMeta = { title: `${messages.pageNotFound} | ${site.name}`, description: homeDescription };

const patterns = Object.keys(pages)
  .filter((key) => key.includes('$'))
  .map((key) => ({ key, re: new RegExp(`^${key.replace(/\$[^/]+/g, '[^/]+')}$`) }));

/** The row of a route path (e.g. '/ops/riders/$id'), or undefined: used by the test that every route has one. */
export function routeMeta(routePath: string): PageMeta | undefined {
  return pages[routePath];
}

/** The title and description of a location; an unknown path gets the 404 page's. */
export function pageMeta(pathname: string): PageMeta {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = pages[path];
  if (exact) return exact;
  const match = patterns.find((p) => p.re.test(path));
  return match ? pages[match.key]! : notFoundMeta;
}
