/**
 * The button styles of the design system (src/web/kit/styles.css: .btn, .btn-secondary), as the
 * app uses them: a submit button, a link styled as a button, and a button busy with its own
 * 'Submitting...' (DESIGN.md §9: loading is shown where it happens).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { messages } from '../../src/shared/messages';

interface ButtonProps {
  label: string;
  variant: 'primary' | 'secondary';
  busy: boolean;
  onClick: () => void;
}

function Button({ label, variant, busy, onClick }: ButtonProps) {
  return (
    <button
      type="button"
      className={variant === 'secondary' ? 'btn btn-secondary' : 'btn'}
      disabled={busy}
      aria-busy={busy}
      onClick={onClick}
    >
      {busy ? messages.submitting : label}
    </button>
  );
}

const meta = {
  title: 'Design system/Buttons',
  component: Button,
  args: { label: 'Subscribe', variant: 'primary', busy: false, onClick: fn() },
  argTypes: { variant: { control: 'inline-radio', options: ['primary', 'secondary'] } },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = { parameters: { keyText: ['Subscribe'] } };

export const Secondary: Story = {
  args: { label: 'Back', variant: 'secondary' },
  parameters: { keyText: ['Back'] },
};

export const Busy: Story = { args: { busy: true }, parameters: { keyText: [messages.submitting] } };

/** A link that looks like a button (the 404 page's way home, the home page's call to action). */
export const LinkAsButton: Story = {
  render: () => (
    <a className="btn" href="#home">
      Go to the home page
    </a>
  ),
  parameters: { keyText: ['Go to the home page'] },
};
