/**
 * The navigation shell (spec §2; for designers): the real Header and Footer, with the
 * app's own auth actor signed out or signed in (storybook/support/storySession.ts answers its
 * GET /api/users/me at the network edge) and the width the app's mobile flag reads.
 *
 * - the header on a wide screen: signed out, signed in without a picture, with one, and with the
 *   profile dropdown open (the play function clicks the picture, as a user would);
 * - the phone menu at 375 px, open (the play function taps the menu button): signed out, signed
 *   in without and with a picture;
 * - the footer on a phone (Contact Us and Links folded), with Links unfolded, and wide.
 *
 * tests/storybook/siteShellStories.test.tsx plays each story in jsdom and checks what it shows.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { site } from '../../src/shared/site';
import { Footer } from '../../src/web/kit/components/Footer';
import { Header } from '../../src/web/kit/components/Header';
import { withRouter } from '../support/StoryRouter';
import { storyRider, withSession } from '../support/storySession';

/** A phone of 375 px (DESIGN.md §9), and a desktop: the mobile flag is 789 px or less. */
const viewportOptions = {
  phone375: { name: 'Phone, 375 px', styles: { width: '375px', height: '740px' }, type: 'mobile' },
  wide1280: { name: 'Desktop, 1280 px', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
} as const;
const phone = { viewport: { value: 'phone375', isRotated: false } };
const wide = { viewport: { value: 'wide1280', isRotated: false } };

const meta = {
  title: 'Site/Header, menu and footer',
  component: Header,
  decorators: [withRouter],
  parameters: { layout: 'fullscreen', viewport: { options: viewportOptions } },
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

const signedOut = withSession(null);
const riderNoPicture = withSession(storyRider(false));
const riderWithPicture = withSession(storyRider(true));

/** Opens the phone menu as a user does: a tap on the menu button. */
const openPhoneMenu: Story['play'] = async ({ canvasElement }) => {
  await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Open menu' }));
  await expect(canvasElement.ownerDocument.getElementById('mobile-menu')).toHaveAttribute('open');
};

// ---- The header, wide

/** Signed out: the five public links and Login. */
export const HeaderSignedOut: Story = {
  decorators: [signedOut],
  globals: wide,
  parameters: { keyText: [site.name, 'About Us', 'Login'], shell: { part: 'header', session: 'signedOut', width: 'wide' } },
};

/** Signed in, no picture: the default round picture opens the account menu; no Login. */
export const HeaderSignedIn: Story = {
  decorators: [riderNoPicture],
  globals: wide,
  parameters: { keyText: [site.name, 'About Us'], shell: { part: 'header', session: 'signedIn', picture: false, width: 'wide' } },
};

/** Signed in with a picture: the rider's own, round. */
export const HeaderSignedInWithPicture: Story = {
  decorators: [riderWithPicture],
  globals: wide,
  parameters: { keyText: [site.name, 'About Us'], shell: { part: 'header', session: 'signedIn', picture: true, width: 'wide' } },
};

/** The profile dropdown, open: Dashboard and Logout. */
export const ProfileDropdownOpen: Story = {
  decorators: [riderWithPicture],
  globals: wide,
  parameters: { keyText: ['Dashboard', 'Logout'], shell: { part: 'dropdown', session: 'signedIn', picture: true, width: 'wide' } },
  play: async ({ canvasElement }) => {
    const menu = await within(canvasElement).findByRole('button', { name: 'Account menu' });
    await userEvent.click(menu);
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  },
};

// ---- The phone menu, 375 px, open

export const PhoneMenuSignedOut: Story = {
  decorators: [signedOut],
  globals: phone,
  parameters: { keyText: ['Menu', 'Privacy Policy', 'Login'], shell: { part: 'phoneMenu', session: 'signedOut', width: 'phone' } },
  play: openPhoneMenu,
};

export const PhoneMenuSignedIn: Story = {
  decorators: [riderNoPicture],
  globals: phone,
  parameters: { keyText: ['Privacy Policy', 'Dashboard', 'Logout'], shell: { part: 'phoneMenu', session: 'signedIn', picture: false, width: 'phone' } },
  play: openPhoneMenu,
};

export const PhoneMenuSignedInWithPicture: Story = {
  decorators: [riderWithPicture],
  globals: phone,
  parameters: { keyText: ['Privacy Policy', 'Dashboard', 'Logout'], shell: { part: 'phoneMenu', session: 'signedIn', picture: true, width: 'phone' } },
  play: openPhoneMenu,
};

// ---- The footer

/** On a phone: Contact Us and Links fold away behind buttons. */
export const FooterPhone: Story = {
  render: () => <Footer />,
  globals: phone,
  parameters: { keyText: [site.aim, 'Contact Us', 'Links', 'copyright'], shell: { part: 'footer', width: 'phone' } },
};

/** On a phone, Links unfolded. */
export const FooterPhoneLinksOpen: Story = {
  render: () => <Footer />,
  globals: phone,
  parameters: { keyText: ['Terms and Conditions'], shell: { part: 'footer', width: 'phone', open: 'Links' } },
  play: async ({ canvasElement }) => {
    const links = await within(canvasElement).findByRole('button', { name: 'Links' });
    await userEvent.click(links);
    await expect(links).toHaveAttribute('aria-expanded', 'true');
  },
};

/** Wide: every section open, nothing to unfold. */
export const FooterWide: Story = {
  render: () => <Footer />,
  globals: wide,
  parameters: { keyText: [site.aim, 'Contact Us', 'Terms and Conditions'], shell: { part: 'footer', width: 'wide' } },
};
