/**
 * Hire requests and engagements in every state their views can show, each from real
 * snapshots of machines/hiring/engagementMachine.ts reached with the events named in the story (the
 * card: `parameters.cardState`, one of engagementViewStates), the company's and the rider's
 * lists (`parameters.listState`), and the request form. tests/storybook/hiringStories.test.tsx
 * checks that every state has a story and that each story's view is in the state it claims.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { initialTransition, transition, type EventObject } from 'xstate';
import { engagementMachine, engagementSnapshotToView, type EngagementSnapshot, type EngagementView } from '../../machines/hiring/engagementMachine';
import { SubmitError } from '../../machines/kit/formMachine';
import { pagedListMachine, pagedListView, type PagedListEvent, type PagedListView } from '../../machines/kit/pagedListMachine';
import { DAY_MS, type EngagementSide, type EngagementStatus, type HireItem } from '../../src/shared/hiring';
import { messages } from '../../src/shared/messages';
import { EngagementCardView } from '../../src/web/features/hiring/EngagementCard';
import { HiresListView } from '../../src/web/features/hiring/HiresList';
import '../../src/web/features/hiring/hiring.css';

const CREATED = '2026-11-20T09:15:00.000Z';
/** The countdown's clock: a day after the request was sent. */
const NOW = new Date(Date.parse(CREATED) + DAY_MS);

function storyItem(side: EngagementSide, status: EngagementStatus, id = 'b2f7c1d0-1111-4a2b-9c3d-000000000001', rider = { username: 'ada_rides', display_name: 'Ada O.', full_name: 'Ada Okafor' }): HireItem {
  const open = status === 'active' || status === 'ended';
  return {
    id,
    status,
    side,
    role: 'Dispatch rider',
    state: 'Lagos',
    town: 'Ikeja',
    start_date: '2026-11-02',
    pay_note: '₦120,000 a month plus fuel',
    message: 'Mornings, Ikeja to Lekki. We provide the bike.',
    created_at: CREATED,
    expires_at: new Date(Date.parse(CREATED) + 7 * DAY_MS).toISOString(),
    responded_at: open || status === 'declined' ? '2026-11-21T08:00:00.000Z' : null,
    ended_at: status === 'ended' ? '2026-11-25T17:00:00.000Z' : null,
    ended_by: status === 'ended' ? 'company' : null,
    end_outcome: status === 'ended' ? 'completed' : null,
    review_deadline: status === 'ended' ? '2026-12-09T17:00:00.000Z' : null,
    company: { name: 'Lekki Bakes', logo: null },
    // The full name reaches the company only once the rider accepted.
    rider: { ...rider, full_name: open ? rider.full_name : null, picture: null },
    contact: open
      ? side === 'company'
        ? { name: rider.full_name, phone: '+2348031234567', email: 'ada@example.com', whatsapp: 'https://wa.me/2348031234567' }
        : { name: 'Bisi Ade', phone: '+2347040000001', email: 'orders@lekkibakes.ng', whatsapp: 'https://wa.me/2347040000001' }
      : null,
  };
}

type CardEvent = EventObject & Record<string, unknown>;

function cardAfter(side: EngagementSide, status: EngagementStatus | HireItem, events: readonly CardEvent[]): EngagementView {
  const actor = { side, item: typeof status === 'string' ? storyItem(side, status) : status };
  let [snapshot] = initialTransition(engagementMachine, actor);
  for (const event of events) [snapshot] = transition(engagementMachine, snapshot, event as never);
  return engagementSnapshotToView(snapshot as EngagementSnapshot);
}

const answer = (side: EngagementSide, status: EngagementStatus, message: string): CardEvent => ({
  type: 'xstate.done.actor.moveEngagement',
  output: { message, item: storyItem(side, status) },
});
const refused = (field: string, message: string): CardEvent => ({ type: 'xstate.error.actor.moveEngagement', error: new SubmitError({ field, message }) });
const reloaded = (side: EngagementSide, status: EngagementStatus): CardEvent => ({ type: 'xstate.done.actor.loadEngagement', output: storyItem(side, status) });

function Screens({ card, list, side }: { card?: EngagementView; list?: PagedListView<HireItem>; side?: EngagementSide }) {
  return (
    <main style={{ maxWidth: 720, margin: '0 auto', padding: 16 }}>
      {card ? (
        <EngagementCardView view={card} send={fn()} now={NOW} reviewSlot={() => <p>{messages.hireEmailLeaveReview}</p>} />
      ) : null}
      {list && side ? (
        <HiresListView
          side={side}
          list={list}
          send={fn()}
          renderItem={(item, level) => <EngagementCardView view={cardAfter(side, item, [])} send={fn()} now={NOW} headingLevel={level} />}
        />
      ) : null}
    </main>
  );
}

const meta = {
  title: 'Company side/Hiring',
  component: Screens,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Screens>;

export default meta;
type Story = StoryObj<typeof meta>;

function cardStory(side: EngagementSide, status: EngagementStatus, events: readonly CardEvent[], keyText: readonly string[]): Story {
  const card = cardAfter(side, status, events);
  return { args: { card }, parameters: { cardState: card.state, keyText } };
}

// ---- One request or engagement (the card)

export const RequestedAsRider = cardStory('rider', 'requested', [], [
  messages.hireCompanyRequests('Lekki Bakes'),
  messages.hireStatusLabels.requested,
  messages.hireExpiresIn(messages.hireDays(6)),
  messages.hireAccept,
  messages.hireDecline,
]);
export const RequestedAsCompany = cardStory('company', 'requested', [], ['Ada O.', messages.hireWithdraw, messages.hireExpiresIn(messages.hireDays(6))]);
export const Accepting = cardStory('rider', 'requested', [{ type: 'ACCEPT' }], [messages.hireAccepting]);
export const Declining = cardStory('rider', 'requested', [{ type: 'DECLINE' }], [messages.hireDeclining]);
export const Withdrawing = cardStory('company', 'requested', [{ type: 'WITHDRAW' }], [messages.hireWithdrawing]);
export const Active = cardStory('company', 'active', [], [
  messages.hireStatusLabels.active,
  messages.hireContactHeading,
  messages.hireCall('+2348031234567'),
  messages.hireWhatsApp,
  messages.hireEmail('ada@example.com'),
  messages.hireEnd,
]);
export const ActiveAsRider = cardStory('rider', 'active', [], [messages.hireCall('+2347040000001'), 'Bisi Ade', messages.hireWhatsApp, messages.hireEnd]);
export const ConfirmingEnd = cardStory('rider', 'active', [{ type: 'END' }, { type: 'CHOOSE_OUTCOME', outcome: 'completed' }], [
  messages.hireEndHeading,
  messages.hireEndQuestion,
  messages.hireOutcomeLabels.completed,
  messages.hireOutcomeLabels.early,
  messages.hireEndConfirm,
  messages.hireEndCancel,
]);
// The company ending early is told first what it costs the rider.
export const ConfirmingEarlyEnd = cardStory('company', 'active', [{ type: 'END' }, { type: 'CHOOSE_OUTCOME', outcome: 'early' }, { type: 'CONFIRM_END' }], [
  messages.hireEarlyEndWarning('Ada Okafor'),
  messages.hireEndConfirm,
  messages.hireEndCancel,
]);
export const Ending = cardStory('company', 'active', [{ type: 'END' }, { type: 'CHOOSE_OUTCOME', outcome: 'early' }, { type: 'CONFIRM_END' }, { type: 'CONFIRM_END' }], [
  messages.hireEnding,
]);
export const Ended = cardStory('company', 'active', [{ type: 'END' }, { type: 'CHOOSE_OUTCOME', outcome: 'completed' }, { type: 'CONFIRM_END' }, answer('company', 'ended', messages.hireEnded)], [
  messages.hireStatusLabels.ended,
  messages.hireEndedCompleted,
  messages.hireEmailLeaveReview,
]);
export const Declined = cardStory('rider', 'requested', [{ type: 'DECLINE' }, answer('rider', 'declined', messages.hireDeclined)], [messages.hireStatusLabels.declined]);
export const Expired = cardStory('rider', 'requested', [{ type: 'EXPIRE' }], [messages.hireStatusLabels.expired]);
export const Withdrawn = cardStory('company', 'requested', [{ type: 'WITHDRAW' }, answer('company', 'withdrawn', messages.hireWithdrawn)], [messages.hireStatusLabels.withdrawn]);
export const Reloading = cardStory('company', 'requested', [{ type: 'WITHDRAW' }, refused('status', messages.hireConflict.active)], [messages.hireReloading, messages.hireConflict.active]);
export const Conflict = cardStory('company', 'requested', [{ type: 'WITHDRAW' }, refused('status', messages.hireConflict.active), reloaded('company', 'active')], [
  messages.hireConflict.active,
  messages.hireStatusLabels.active,
  messages.hireEnd,
]);
export const Failed = cardStory('rider', 'requested', [{ type: 'ACCEPT' }, refused('alert', messages.submitFailed)], [messages.submitFailed, messages.hireAccept]);

// ---- The lists: the company's Hires page and the rider's section

function listAfter(events: readonly PagedListEvent[] | readonly CardEvent[], filters: Record<string, string> = { status: '' }): PagedListView<HireItem> {
  let [snapshot] = initialTransition(pagedListMachine, { filters });
  for (const event of events) [snapshot] = transition(pagedListMachine, snapshot, event as never);
  return pagedListView<HireItem>(snapshot);
}
const page = (items: HireItem[], next: string | null = null): CardEvent => ({ type: 'xstate.done.actor.firstPage', output: { items, next } });

const companyRows = [
  storyItem('company', 'requested', 'b2f7c1d0-1111-4a2b-9c3d-000000000011', { username: 'chike_moves', display_name: 'Chike E.', full_name: 'Chike Eze' }),
  storyItem('company', 'active', 'b2f7c1d0-1111-4a2b-9c3d-000000000012'),
  storyItem('company', 'ended', 'b2f7c1d0-1111-4a2b-9c3d-000000000013', { username: 'funmi_r', display_name: 'Funmi A.', full_name: 'Funmi Adeyemi' }),
];
const riderRows = [storyItem('rider', 'requested', 'b2f7c1d0-1111-4a2b-9c3d-000000000021'), storyItem('rider', 'active', 'b2f7c1d0-1111-4a2b-9c3d-000000000022')];

function listStory(side: EngagementSide, list: PagedListView<HireItem>, keyText: readonly string[]): Story {
  return { args: { list, side }, parameters: { listState: list.state, keyText } };
}

export const CompanyListLoading = listStory('company', listAfter([]), [messages.hireHiresHeading, messages.hireLoading]);
export const CompanyListFailed = listStory('company', listAfter([{ type: 'xstate.error.actor.firstPage', error: new Error('offline') }]), [messages.hireLoadFailed, messages.tryAgain]);
export const CompanyListEmpty = listStory('company', listAfter([page([])]), [messages.hireEmpty]);
export const CompanyListFilteredEmpty = listStory('company', listAfter([page([])], { status: 'ended' }), [messages.hireEmptyFiltered]);
export const CompanyList = listStory('company', listAfter([page(companyRows, 'next-cursor')]), ['Chike E.', 'Ada Okafor', 'Funmi Adeyemi', messages.hireWithdraw, messages.hireEnd, messages.hireLoadMore]);
export const CompanyListLoadingMore = listStory('company', listAfter([page(companyRows, 'next-cursor'), { type: 'LOAD_MORE' }]), [messages.hireLoading]);
export const RiderList = listStory('rider', listAfter([page(riderRows)]), [messages.hireRiderHeading, messages.hireAccept, messages.hireDecline, messages.hireCall('+2347040000001')]);
export const RiderListEmpty = listStory('rider', listAfter([page([])]), [messages.hireRiderHeading, messages.hireEmpty]);
