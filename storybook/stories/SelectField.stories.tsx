/**
 * The design system's select (src/web/features/profile/fields.tsx SelectField: the dashboard's
 * native select with the error line of Field); the searchable list is in Combobox.stories.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { messages } from '../../src/shared/messages';
import { EDUCATION_OPTIONS } from '../../src/shared/profile';
import { SelectField } from '../../src/web/features/profile/fields';

const meta = {
  title: 'Design system/Select',
  component: SelectField,
  args: {
    id: 'story-education',
    name: 'education',
    label: 'Education',
    value: '',
    options: EDUCATION_OPTIONS,
    placeholder: 'Select your education',
    error: null,
    onValueChange: fn(),
  },
} satisfies Meta<typeof SelectField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen: the placeholder shows. */
export const Empty: Story = { parameters: { keyText: ['Education', 'Select your education'], select: 'empty' } };

export const Chosen: Story = { args: { value: 'Diploma' }, parameters: { keyText: ['Diploma'], select: 'chosen' } };

/** A value from older data that the list no longer has stays choosable. */
export const ValueNotInList: Story = { args: { value: 'Secondary School' }, parameters: { keyText: ['Secondary School'], select: 'chosen' } };

/** Required and empty: the error line, announced and tied to the select. */
export const WithError: Story = {
  args: { required: true, error: messages.fieldRequired },
  parameters: { keyText: [messages.fieldRequired], select: 'error' },
};

export const Disabled: Story = { args: { value: 'Graduate', disabled: true }, parameters: { keyText: ['Graduate'], select: 'disabled' } };
