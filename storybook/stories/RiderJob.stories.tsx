/**
 * The rider's job screen in each state of machines/deliveries/jobMachine.ts (jobViewStates), at
 * each status a rider works through: the views are the machine's own view model of real snapshots.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { AvailabilityView } from '../../machines/deliveries/availabilityMachine';
import type { JobView } from '../../machines/deliveries/jobMachine';
import { riderStepsAt } from '../../machines/deliveries/jobMachine';
import { dispatchTexts } from '../../src/shared/deliveries/dispatch';
import { jobMessages } from '../../src/shared/deliveries/jobMessages';
import { riderJobMessages as m } from '../../src/shared/deliveries/riderJobMessages';
import type { DeliveryStatus } from '../../src/shared/deliveries/moves';
import { JobScreenView } from '../../src/web/features/deliveries/JobScreenView';
import { cashJobAtDropoff, cashJobToPickup, job, offer, queued } from '../../tests/machines/jobModel';

const base: JobView = {
  state: 'loading',
  availability: null,
  offer: null,
  secondsLeft: 0,
  job: null,
  status: null,
  steps: [],
  cashStep: null,
  pendingCount: 0,
  photo: 'none',
  code: '',
  cash: '',
  reason: null,
  note: '',
  error: null,
  notice: null,
  canCheckStaff: false,
};

const atStatus = (status: DeliveryStatus, over: Partial<JobView> = {}): JobView => ({
  ...base,
  state: 'step',
  job: job(status),
  status,
  steps: riderStepsAt(status),
  ...over,
});

const meta = {
  title: 'Deliveries/Rider job',
  component: JobScreenView,
  parameters: { layout: 'fullscreen', viewport: { defaultViewport: 'mobile1' } },
  args: { send: fn(), view: base },
} satisfies Meta<typeof JobScreenView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { parameters: { keyText: [m.loading] } };
export const LoadFailed: Story = { args: { view: { ...base, state: 'loadFailed' } }, parameters: { keyText: [m.loadFailed, m.retry] } };
/** The switch as the machine's child shows it (its own states: Deliveries/Availability). */
const switchView = (over: Partial<AvailabilityView> = {}): AvailabilityView => ({ state: 'ready', available: false, blocked: null, areasText: '', areasError: null, alert: null, notice: null, ...over });
export const NotAvailable: Story = {
  args: { view: { ...base, state: 'idle', availability: switchView() } },
  parameters: { keyText: [m.availability, m.notAvailable, m.switchOn] },
};
export const Available: Story = {
  args: { view: { ...base, state: 'idle', availability: switchView({ available: true, areasText: 'Yaba', notice: dispatchTexts.availability.switchedOn }) } },
  parameters: { keyText: [dispatchTexts.availability.switchedOn, m.noOffers, m.checkAgain, m.switchOff] },
};
export const Offer: Story = {
  args: { view: { ...base, state: 'offer', offer: offer(), secondsLeft: 154 } },
  parameters: { keyText: [m.offerHeading, '₦3,600', m.expiresIn(154), m.accept, m.decline] },
};
export const Accepting: Story = { args: { view: { ...base, state: 'accepting', offer: offer(), secondsLeft: 150 } }, parameters: { keyText: [m.accepting] } };
export const Declining: Story = { args: { view: { ...base, state: 'declining', offer: offer(), secondsLeft: 150 } }, parameters: { keyText: [m.declining] } };
export const Assigned: Story = { args: { view: atStatus('assigned') }, parameters: { keyText: [m.steps.start, m.openMaps, m.call('Ada Obi'), m.whatsapp] } };
export const HeadingToPickup: Story = { args: { view: atStatus('heading_to_pickup') }, parameters: { keyText: [m.steps.pick_up] } };
export const CashAtPickup: Story = {
  args: { view: { ...atStatus('heading_to_pickup'), job: cashJobToPickup(), cashStep: 'pick_up', cash: '', error: { field: 'cash_collected_kobo', message: m.cashInvalid } } },
  parameters: { keyText: [m.cashToCollect('₦4,500', 'pickup'), m.cashCollected, m.cashInvalid, m.steps.pick_up] },
};
export const PickedUp: Story = { args: { view: atStatus('picked_up') }, parameters: { keyText: [m.steps.arrive, m.steps.fail, m.call('Tunde Bello')] } };
export const Arrived: Story = {
  args: { view: { ...atStatus('arrived'), job: cashJobAtDropoff(), cashStep: 'deliver', cash: '4500' } },
  parameters: { keyText: [m.proofHeading, m.code, m.photo, m.cashCollected, m.steps.deliver] },
};
export const WrongCode: Story = {
  args: { view: { ...atStatus('arrived'), job: job('arrived', { code_tries_left: 4, proof_uploaded: true }), code: '1111', error: { field: 'code', message: jobMessages.codeWrong(4) } } },
  parameters: { keyText: [jobMessages.codeWrong(4)] },
};
export const KeepingPhoto: Story = { args: { view: { ...atStatus('arrived'), state: 'keepingPhoto' } }, parameters: { keyText: [m.keepingPhoto] } };
export const SendingPhoto: Story = { args: { view: { ...atStatus('arrived'), state: 'sending', photo: 'kept' } }, parameters: { keyText: [m.uploading, m.sending] } };
export const PhotoSent: Story = { args: { view: { ...atStatus('arrived'), job: job('arrived', { proof_uploaded: true }), photo: 'sent', code: '4821' } }, parameters: { keyText: [m.photoSent, m.steps.deliver] } };
/** Offline at the door: the photo kept on the phone, "Delivered" can be tapped. */
export const PhotoWaitingForNetwork: Story = {
  args: { view: { ...atStatus('arrived'), state: 'waiting', photo: 'kept', code: '4821' } },
  parameters: { keyText: [m.waitingForNetwork, m.queued(0, true), m.photoKept, m.steps.deliver] },
};
/** "Delivered" tapped offline behind the photo: both wait on the phone (also after a reload). */
export const DeliveredWaitingForNetwork: Story = {
  args: { view: { ...atStatus('delivered'), state: 'waiting', job: job('arrived'), photo: 'kept', pendingCount: 1 } },
  parameters: { keyText: [m.waitingForNetwork, m.queued(1, true)] },
};
export const Failing: Story = { args: { view: { ...atStatus('arrived'), state: 'failing', reason: 'other', error: { field: 'note', message: 'Say what went wrong' } } }, parameters: { keyText: [m.failHeading, m.reasons.recipient_absent, m.confirmFail] } };
export const Failed: Story = { args: { view: atStatus('failed', { canCheckStaff: true }) }, parameters: { keyText: [m.waitingForStaff, m.checkStaff] } };
export const Returning: Story = { args: { view: atStatus('returning') }, parameters: { keyText: [m.steps.returned] } };
export const Queueing: Story = { args: { view: { ...atStatus('heading_to_pickup'), state: 'queueing' } }, parameters: { keyText: [m.sending] } };
export const Sending: Story = { args: { view: { ...atStatus('picked_up'), state: 'sending', pendingCount: 1 } }, parameters: { keyText: [m.sending] } };
export const WaitingForNetwork: Story = {
  args: { view: { ...atStatus('picked_up'), state: 'waiting', job: job('heading_to_pickup'), pendingCount: [queued('pick_up')].length } },
  parameters: { keyText: [m.waitingForNetwork, m.queued(1), m.steps.arrive] },
};
export const Delivered: Story = { args: { view: { ...base, state: 'finished', job: job('delivered'), status: 'delivered' } }, parameters: { keyText: [m.delivered, m.nextJob] } };
