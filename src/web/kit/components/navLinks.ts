import { paths } from '../../../shared/routes';

/** The five public links of the navigation shell and the footer (spec §2), in their order. */
export const publicLinks = [
  { to: paths.home, label: 'Home' },
  { to: paths.aboutUs, label: 'About Us' },
  { to: paths.privacyPolicy, label: 'Privacy Policy' },
  { to: paths.termsAndConditions, label: 'Terms and Conditions' },
  { to: paths.contactUs, label: 'Contact Us' },
] as const;

export const DEFAULT_AVATAR = '/avatar.svg';
