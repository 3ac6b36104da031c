/**
 * 'Continue with Google' (src/web/kit/components/GoogleButton.tsx): a link to GET /api/auth/google
 * when the server has Google sign-in, disabled with the reason when it has not, and the link
 * while the configuration is still on its way (null).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '../../src/shared/messages';
import { GoogleButton } from '../../src/web/kit/components/GoogleButton';

const meta = {
  title: 'Design system/Google button',
  component: GoogleButton,
  args: { enabled: true },
} satisfies Meta<typeof GoogleButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Available: Story = { parameters: { keyText: ['Continue with Google'], googleButton: 'available' } };

/** The server has no Google client: disabled, and it says why (never an error page). */
export const Unavailable: Story = {
  args: { enabled: false },
  parameters: { keyText: ['Continue with Google', messages.googleUnavailable], googleButton: 'unavailable' },
};

/** The configuration has not arrived yet: the link, as most servers have Google sign-in. */
export const ConfigLoading: Story = { args: { enabled: null }, parameters: { keyText: ['Continue with Google'], googleButton: 'loading' } };
