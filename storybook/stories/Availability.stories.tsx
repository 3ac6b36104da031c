/**
 * "Available for deliveries" in each state of machines/deliveries/availabilityMachine.ts, as the
 * rider dashboard's card and the job screen show it: the views are the machine's own view model.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { AvailabilityView } from '../../machines/deliveries/availabilityMachine';
import { availabilityMessages as a } from '../../src/shared/deliveries/availabilityMessages';
import { dispatchTexts } from '../../src/shared/deliveries/dispatch';
import { messages } from '../../src/shared/messages';
import { AvailabilitySwitch } from '../../src/web/features/deliveries/AvailabilitySwitch';

const ready: AvailabilityView = { state: 'ready', available: false, blocked: null, areasText: '', areasError: null, alert: null, notice: null };

const meta = {
  title: 'Deliveries/Availability',
  component: AvailabilitySwitch,
  parameters: { layout: 'padded', viewport: { defaultViewport: 'mobile1' } },
  args: { send: fn(), view: ready, children: <a className="btn" href="/rider-dashboard/jobs">{messages.riderDeliveries}</a> },
} satisfies Meta<typeof AvailabilitySwitch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { view: { ...ready, state: 'loading' } }, parameters: { keyText: [a.availability, a.availabilityLoading, messages.riderDeliveries] } };
export const LoadFailed: Story = { args: { view: { ...ready, state: 'loadFailed' } }, parameters: { keyText: [a.availabilityLoadFailed, a.retry] } };
export const NotAvailable: Story = { parameters: { keyText: [a.availability, a.notAvailable, a.areas, a.switchOn, messages.riderDeliveries] } };
export const AreasRefused: Story = {
  args: { view: { ...ready, areasError: dispatchTexts.availability.chooseArea } },
  parameters: { keyText: [dispatchTexts.availability.chooseArea] },
};
export const Blocked: Story = {
  args: { view: { ...ready, blocked: dispatchTexts.availability.blocked.id, areasError: dispatchTexts.availability.blocked.id } },
  parameters: { keyText: [dispatchTexts.availability.blocked.id] },
};
export const Switching: Story = { args: { view: { ...ready, state: 'switching', areasText: 'Yaba, Surulere' } }, parameters: { keyText: [a.saving] } };
export const Available: Story = {
  args: { view: { ...ready, available: true, areasText: 'Yaba, Surulere', notice: dispatchTexts.availability.switchedOn } },
  parameters: { keyText: [dispatchTexts.availability.switchedOn, a.switchOff] },
};
