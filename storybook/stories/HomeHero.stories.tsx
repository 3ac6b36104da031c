/**
 * The home page's hero in each auth state: Get Started leads to /login signed out,
 * to /rider-dashboard for a rider and to /company-dashboard for a company (Home picks `start`
 * from the auth service after hydration).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { paths } from '../../src/shared/routes';
import { site } from '../../src/shared/site';
import { HomeHero } from '../../src/web/routes/Home';
import { withRouter } from '../support/StoryRouter';

const meta = {
  title: 'Pages/Home hero',
  component: HomeHero,
  decorators: [withRouter],
  parameters: { layout: 'fullscreen', keyText: [site.tagline, 'Get Started'] },
} satisfies Meta<typeof HomeHero>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignedOut: Story = { args: { start: paths.login } };
export const SignedInRider: Story = { args: { start: paths.riderDashboard } };
export const SignedInCompany: Story = { args: { start: paths.companyDashboard } };
