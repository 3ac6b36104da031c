import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Field } from '../../src/web/kit/components/Field';
import { messages } from '../../src/shared/messages';

const meta = {
  title: 'Design system/Field',
  component: Field,
  args: { name: 'email', label: 'Email', type: 'email', value: '', error: null, onValueChange: fn() },
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = { parameters: { keyText: ['Email'] } };

export const Filled: Story = { args: { value: 'rider@example.com' }, parameters: { keyText: ['Email'] } };

/** The error line under the field: announced (role=alert) and tied to the input. */
export const WithError: Story = {
  args: { value: 'not-an-email', error: messages.invalidEmail },
  parameters: { keyText: [messages.invalidEmail] },
};
