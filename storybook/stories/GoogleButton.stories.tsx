/**
 * 'Continue with Google' (src/web/kit/components/GoogleButton.tsx): a link to GET /api/auth/google
 * when the server has Google sign-in, and the link while the configuration is still on its way
 * (null). Without Google sign-in it renders nothing (the Login story GoogleSignInOff shows the page).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { GoogleButton } from '../../src/web/kit/components/GoogleButton';

const meta = {
  title: 'Design system/Google button',
  component: GoogleButton,
  args: { enabled: true },
} satisfies Meta<typeof GoogleButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Available: Story = { parameters: { keyText: ['Continue with Google'], googleButton: 'available' } };

/** The configuration has not arrived yet: the link, as most servers have Google sign-in. */
export const ConfigLoading: Story = { args: { enabled: null }, parameters: { keyText: ['Continue with Google'], googleButton: 'loading' } };
