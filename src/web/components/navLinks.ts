import { USER_TYPE_RIDER } from '../../shared/constants';
import { paths } from '../../shared/routes';

/** The five public links of the navigation shell and the footer (spec §2), in their order. */
export const publicLinks = [
  { to: paths.home, label: 'Home' },
  { to: paths.aboutUs, label: 'About Us' },
  { to: paths.privacyPolicy, label: 'Privacy Policy' },
  { to: paths.termsAndConditions, label: 'Terms and Conditions' },
  { to: paths.contactUs, label: 'Contact Us' },
] as const;

/** Dashboard goes to the rider dashboard for user_type 1, to the company dashboard otherwise. */
export function dashboardPath(userType: number | null): string {
  return userType === USER_TYPE_RIDER ? paths.riderDashboard : paths.companyDashboard;
}

export const DEFAULT_AVATAR = '/avatar.svg';
