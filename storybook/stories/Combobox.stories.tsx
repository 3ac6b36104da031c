/**
 * The searchable list of the design system (src/web/kit/components/Combobox.tsx) with
 * Lagos's real towns and areas: one story per state it can show (comboboxStates), each claimed
 * in parameters.comboboxState and checked by tests/storybook/comboboxStories.test.tsx. Choosing
 * works in Storybook (the value is kept by the story).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { areaNames, findState, type LocationState } from '../../src/shared/locations';
import { messages } from '../../src/shared/messages';
import locations from '../../src/shared/nigeria-locations.json';
import { Combobox, type ComboboxProps } from '../../src/web/kit/components/Combobox';

const LAGOS = areaNames(findState(locations as LocationState[], 'Lagos'));

/** Keeps the chosen value, as a form would. */
function InForm(props: ComboboxProps) {
  const [value, setValue] = useState(props.value);
  return (
    <form className="card form-card" aria-label="Choose Location" onSubmit={(e) => e.preventDefault()}>
      <Combobox
        {...props}
        value={value}
        onValueChange={(next) => {
          setValue(next);
          props.onValueChange(next);
        }}
      />
    </form>
  );
}

const meta = {
  title: 'Design system/Combobox',
  component: Combobox,
  render: (args) => <InForm {...args} />,
  args: {
    id: 'story-town',
    name: 'town',
    label: 'Town or area',
    value: '',
    options: LAGOS,
    placeholder: 'Select town',
    error: null,
    onValueChange: fn(),
  },
} satisfies Meta<typeof Combobox>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed, with a value chosen: the box shows it. */
export const Closed: Story = {
  args: { value: 'Ikeja' },
  parameters: { comboboxState: 'closed', keyText: ['Town or area'] },
};

/** Open before typing (a tap on the box): every town and area of Lagos, the chosen one ticked. */
export const Open: Story = {
  args: { value: 'Ikeja', initialQuery: '' },
  parameters: { comboboxState: 'open', keyText: ['Agege', 'Ikeja', 'Yaba'] },
};

/** Typed 'ik': the names starting with it first, then those containing it. */
export const Filtered: Story = {
  args: { initialQuery: 'ik' },
  parameters: { comboboxState: 'filtered', keyText: ['Ikeja', 'Ikorodu', 'Ikoyi'] },
};

/** Typed a place that is not in Lagos: the catalogue's message, and no option. */
export const NoMatch: Story = {
  args: { initialQuery: 'Wuse' },
  parameters: { comboboxState: 'noMatch', keyText: [messages.comboboxNoMatch('Wuse')] },
};

/** Submitted empty: the form's message under the field, tied to the box. */
export const WithError: Story = {
  args: { error: messages.selectTown },
  parameters: { comboboxState: 'error', keyText: [messages.selectTown] },
};
