/**
 * "Waiting for you" at the top of the rider dashboard, in each state of its list machine
 * (machines/kit/pagedListMachine.ts) reached with real events: hire requests, a review and an ID
 * to upload again; the one an e-mail linked to; the linked one dealt with already; a failed
 * check. Nothing waiting shows nothing (no story: an empty screen).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { initialTransition, transition, type EventObject } from 'xstate';
import { SubmitError } from '../../machines/kit/formMachine';
import { pagedListMachine, pagedListView } from '../../machines/kit/pagedListMachine';
import { messages } from '../../src/shared/messages';
import type { WaitingItem } from '../../src/shared/waiting';
import { WaitingForYouView } from '../../src/web/features/profile/WaitingForYou';
import '../../src/web/features/profile/profile.css';

const NOW = Date.parse('2026-11-28T09:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const REQUEST_ID = 'b2f7c1d0-1111-4a2b-9c3d-000000000001';
const ITEMS: WaitingItem[] = [
  { kind: 'request', id: REQUEST_ID, company: 'Lekki Bakes', role: 'Dispatch rider', expires_at: new Date(NOW + 2 * DAY).toISOString() },
  { kind: 'request', id: 'b2f7c1d0-1111-4a2b-9c3d-000000000002', company: 'Surulere Gas', role: 'Van driver', expires_at: new Date(NOW + 6 * DAY).toISOString() },
  { kind: 'review', id: 'b2f7c1d0-1111-4a2b-9c3d-000000000003', company: 'Yaba Foods', deadline: new Date(NOW + 10 * DAY).toISOString() },
  { kind: 'id', reason: 'The photo of the NIN slip is blurred; the number cannot be read.' },
];

function listAfter(events: readonly EventObject[]) {
  let [snapshot] = initialTransition(pagedListMachine, { filters: {} });
  for (const event of events) [snapshot] = transition(pagedListMachine, snapshot, event as never);
  return pagedListView<WaitingItem>(snapshot);
}

const found = (items: WaitingItem[]) => ({ type: 'xstate.done.actor.firstPage', output: { items, next: null } });

function Screen({ events, focusKey }: { events: readonly EventObject[]; focusKey: string | null }) {
  return (
    <main className="container" style={{ paddingTop: 16 }}>
      <WaitingForYouView list={listAfter(events)} send={fn()} onUploadId={fn()} focusKey={focusKey} />
    </main>
  );
}

const meta = {
  title: 'Dashboard/Waiting for you',
  component: Screen,
  parameters: { layout: 'fullscreen', viewport: { defaultViewport: 'mobile1' } },
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EverythingWaiting: Story = {
  args: { events: [found(ITEMS)], focusKey: null },
  parameters: {
    keyText: [messages.waitingHeading, messages.waitingRequest('Lekki Bakes', 'Dispatch rider'), messages.waitingReview('Yaba Foods'), messages.waitingId, messages.waitingIdAction],
  },
};
export const LinkedFromAnEmail: Story = {
  args: { events: [found(ITEMS)], focusKey: `request-${REQUEST_ID}` },
  parameters: { keyText: [messages.waitingRequestAction, messages.waitingReviewAction] },
};
export const LinkedItemDealtWith: Story = {
  args: { events: [found([])], focusKey: `request-${REQUEST_ID}` },
  parameters: { keyText: [messages.waitingDone] },
};
export const CheckFailed: Story = {
  args: { events: [{ type: 'xstate.error.actor.firstPage', error: new SubmitError({ field: 'alert', message: messages.submitFailed }) } as EventObject], focusKey: null },
  parameters: { keyText: [messages.waitingLoadFailed, messages.tryAgain] },
};
