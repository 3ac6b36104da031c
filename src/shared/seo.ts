/** Each public page's title and description, used by the prerender and by the browser on navigation. */
import { paths } from './routes';
import { site } from './site';

const pages: Record<string, { title: string; description: string }> = {
  [paths.home]: {
    title: `${site.name}: same-day pickup and delivery in Lagos`,
    description:
      'Same-day pickup and delivery across Lagos, and from Lagos to Canada and the UK. Riders build a reputation; businesses find riders they can trust.',
  },
  [paths.aboutUs]: {
    title: `About Us | ${site.name}`,
    description: `Why ${site.name} exists: reliable same-day dispatch for Lagos businesses and fair work and a real reputation for riders.`,
  },
  [paths.contactUs]: {
    title: `Contact Us and Get a Quote | ${site.name}`,
    description: `Call, WhatsApp or write to ${site.name} in Ogba, Lagos, or ask for a delivery quote online.`,
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
};

export function pageMeta(pathname: string): { title: string; description: string } {
  return (
    pages[pathname] ?? {
      title: site.name,
      description: pages[paths.home]!.description,
    }
  );
}
