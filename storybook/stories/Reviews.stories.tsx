/**
 * Reviews in every state their views can show: the review window of an ended
 * engagement (`parameters.windowState`, one of machines/reviews/reviewWindowMachine.ts's
 * reviewWindowViewStates), each from a real machine snapshot reached with the events named in
 * the story, for a rider and for a company; and the console's reviews page (`parameters.listState`
 * and `parameters.actionState`). tests/storybook/reviewsStories.test.tsx checks that every state
 * has a story and that each story's view is in the state it claims.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { initialTransition, transition } from 'xstate';
import { fn } from 'storybook/test';
import { SubmitError } from '../../machines/kit/formMachine';
import type { PagedListView } from '../../machines/kit/pagedListMachine';
import type { RowActionView } from '../../machines/kit/rowActionMachine';
import {
  ReviewWindowStale,
  reviewWindowMachine,
  reviewWindowSnapshotToView,
  type ReviewWindowEvent,
  type ReviewWindowView,
} from '../../machines/reviews/reviewWindowMachine';
import { messages } from '../../src/shared/messages';
import type { OpsReview, ReviewShown, ReviewSide, ReviewWindowData, ReviewWindowResponse } from '../../src/shared/reviews';
import '../../src/web/features/ops/ops.css';
import { ReviewWindowView as WindowScreen } from '../../src/web/features/reviews/ReviewWindowView';
import { OpsReviewsView } from '../../src/web/features/ops/ReviewsView';
import { actionSnapshot, listSnapshot } from '../support/opsOutreachSnapshots';

// ---- Fixtures

const ENGAGEMENT = '3f0c2a1b-7d4e-4c5f-8a9b-0c1d2e3f4a5b';
const DAY = 24 * 60 * 60 * 1000;
const AT = '2026-11-20T10:00:00.000Z';
const STORY_COMPANY_COMMENT = 'Ada was on time every morning and careful with the cakes.';
const STORY_RIDER_COMMENT = 'Clear pickup points and paid every Friday.';
const STORY_REPLY = 'Thank you, it was a pleasure riding for Lekki Bakes.';

function review(author: ReviewSide, overrides: Partial<ReviewShown> = {}): ReviewShown {
  return {
    id: author === 'company' ? '3f0c2a1b-7d4e-4c5f-8a9b-00000000c0c0' : '3f0c2a1b-7d4e-4c5f-8a9b-00000000a1a1',
    authorRole: author,
    hidden: false,
    rating: author === 'company' ? 5 : 4,
    comment: author === 'company' ? STORY_COMPANY_COMMENT : STORY_RIDER_COMMENT,
    wouldHireAgain: author === 'company' ? true : null,
    reply: null,
    repliedAt: null,
    updatedAt: AT,
    ...overrides,
  };
}

type Kind = 'open' | 'written' | 'published' | 'replied' | 'hidden' | 'closed';

function storyWindow(side: ReviewSide, kind: Kind): ReviewWindowData {
  const other: ReviewSide = side === 'company' ? 'rider' : 'company';
  const mine = kind === 'open' || kind === 'closed' ? null : review(side);
  const theirs =
    kind === 'published' || kind === 'closed'
      ? review(other)
      : kind === 'replied'
        ? review(other, other === 'company' ? { reply: STORY_REPLY, repliedAt: AT } : {})
        : kind === 'hidden'
          ? review(other, { hidden: true, rating: null, comment: null, wouldHireAgain: null })
          : null;
  return {
    engagementId: ENGAGEMENT,
    side,
    state: kind === 'open' ? 'open' : kind === 'written' ? 'written' : kind === 'closed' ? 'closed' : 'published',
    // Nine days and a bit left, so the text reads the same whenever the story is drawn.
    deadline: new Date(Date.now() + (kind === 'closed' ? -DAY : 9 * DAY + 60_000)).toISOString(),
    counterpart: side === 'company' ? 'Ada O.' : 'Lekki Bakes',
    mine,
    theirs,
    canReply: side === 'rider' && theirs !== null && !theirs.hidden && theirs.reply === null,
  };
}

type StoryEvent = ReviewWindowEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown };

function windowAfter(side: ReviewSide, events: readonly StoryEvent[]): ReviewWindowView {
  let [snapshot] = initialTransition(reviewWindowMachine, { engagementId: ENGAGEMENT, side });
  for (const event of events) [snapshot] = transition(reviewWindowMachine, snapshot, event as ReviewWindowEvent);
  return reviewWindowSnapshotToView(snapshot);
}

const loaded = (window: ReviewWindowData): StoryEvent => ({ type: 'xstate.done.actor.loadWindow', output: window });
const saved = (response: ReviewWindowResponse): StoryEvent => ({ type: 'xstate.done.actor.saveReview', output: response });
const failed = (actor: string, field: string, message: string): StoryEvent => ({ type: `xstate.error.actor.${actor}`, error: new SubmitError({ field, message }) });
const filled: StoryEvent[] = [
  { type: 'EDIT', field: 'rating', value: '4' },
  { type: 'EDIT', field: 'comment', value: STORY_RIDER_COMMENT },
];

// ---- The screens

function Screens({ review: window, list, action }: { review?: ReviewWindowView; list?: PagedListView<OpsReview>; action?: RowActionView }) {
  return (
    <main className={list ? 'ops-main' : undefined} style={list ? undefined : { maxWidth: 720, padding: 16 }}>
      {window ? (
        <>
          <h1>Hires</h1>
          <WindowScreen view={window} send={fn()} headingLevel={2} />
        </>
      ) : null}
      {list && action ? <OpsReviewsView list={list} sendList={fn()} action={action} sendAction={fn()} /> : null}
    </main>
  );
}

const meta = {
  title: 'Company side/Reviews',
  component: Screens,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Screens>;

export default meta;
type Story = StoryObj<typeof meta>;

function windowStory(side: ReviewSide, events: readonly StoryEvent[], keyText: readonly string[]): Story {
  const view = windowAfter(side, events);
  return { args: { review: view }, parameters: { windowState: view.state, keyText } };
}

// ---- The review window

export const WindowLoading = windowStory('rider', [], [messages.reviewLoading]);
export const WindowLoadFailed = windowStory('rider', [failed('loadWindow', 'alert', messages.submitFailed)], [messages.reviewLoadFailed, messages.tryAgain]);
export const RiderOpen = windowStory('rider', [loaded(storyWindow('rider', 'open'))], [
  messages.reviewHeadingRider,
  'Lekki Bakes',
  messages.reviewDaysLeft(10),
  messages.reviewBlindExplainer,
  messages.reviewRatingLegend,
  messages.reviewSubmit,
]);
export const CompanyOpen = windowStory('company', [loaded(storyWindow('company', 'open'))], [messages.reviewHeadingCompany, 'Ada O.', messages.reviewHireAgainLabel, messages.reviewYes, messages.reviewNo]);
export const Submitting = windowStory('rider', [loaded(storyWindow('rider', 'open')), ...filled, { type: 'SUBMIT' }], [messages.reviewSaving]);
export const Invalid = windowStory('company', [loaded(storyWindow('company', 'open')), { type: 'EDIT', field: 'comment', value: 'Good' }, { type: 'SUBMIT' }], [messages.reviewRatingRequired]);
export const SaveFailed = windowStory('rider', [loaded(storyWindow('rider', 'open')), ...filled, { type: 'SUBMIT' }, failed('saveReview', 'alert', messages.submitFailed)], [messages.submitFailed]);
export const Written = windowStory('rider', [loaded(storyWindow('rider', 'written'))], [messages.reviewWrittenNote(10), STORY_RIDER_COMMENT, messages.reviewEdit]);
export const EditingWritten = windowStory('company', [loaded(storyWindow('company', 'written')), { type: 'EDIT_AGAIN' }], [messages.reviewSave, messages.reviewCancelEdit]);
export const SavingEdit = windowStory('company', [loaded(storyWindow('company', 'written')), { type: 'EDIT_AGAIN' }, { type: 'SUBMIT' }], [messages.reviewSaving]);
export const Published = windowStory('company', [loaded(storyWindow('company', 'published'))], [
  messages.reviewPublishedHeading,
  messages.reviewYours,
  messages.reviewFromRider,
  STORY_COMPANY_COMMENT,
  STORY_RIDER_COMMENT,
  messages.reviewWouldHireAgain,
]);
export const PublishedAfterSaving = windowStory(
  'rider',
  [loaded(storyWindow('rider', 'open')), ...filled, { type: 'SUBMIT' }, saved({ message: messages.reviewPublished, window: storyWindow('rider', 'hidden') })],
  [messages.reviewHidden, messages.reviewYours],
);
export const Replyable = windowStory('rider', [loaded(storyWindow('rider', 'published'))], [messages.reviewFromCompany, messages.reviewReplyLabel, messages.reviewReplyHelp, messages.reviewReplySubmit]);
export const Replying = windowStory('rider', [loaded(storyWindow('rider', 'published')), { type: 'EDIT_REPLY', value: STORY_REPLY }, { type: 'SEND_REPLY' }], [messages.reviewReplying]);
export const ReplyInvalid = windowStory('rider', [loaded(storyWindow('rider', 'published')), { type: 'SEND_REPLY' }], [messages.fieldRequired]);
export const Replied = windowStory('rider', [loaded(storyWindow('rider', 'replied'))], [messages.reviewReplyHeading, STORY_REPLY]);
export const Closed = windowStory('company', [loaded(storyWindow('company', 'closed'))], [messages.reviewClosed, messages.reviewNoneLeft, STORY_RIDER_COMMENT]);
export const ClosedRiderMayReply = windowStory('rider', [loaded(storyWindow('rider', 'closed'))], [messages.reviewClosed, messages.reviewReplyLabel]);
export const ReloadedAfterDeadline = windowStory(
  'rider',
  [
    loaded(storyWindow('rider', 'open')),
    ...filled,
    { type: 'SUBMIT' },
    { type: 'xstate.error.actor.saveReview', error: new ReviewWindowStale({ field: 'alert', message: messages.reviewWindowClosed }) },
    loaded({ ...storyWindow('rider', 'closed'), theirs: null, canReply: false }),
  ],
  [messages.reviewWindowClosed, messages.reviewClosed],
);

// ---- The console's reviews page

const storyOpsReviews: OpsReview[] = [
  {
    id: '3f0c2a1b-7d4e-4c5f-8a9b-000000000001',
    engagementId: ENGAGEMENT,
    authorRole: 'company',
    authorName: 'Lekki Bakes',
    subjectName: 'Ada O.',
    rating: 5,
    comment: STORY_COMPANY_COMMENT,
    wouldHireAgain: true,
    reply: STORY_REPLY,
    published: true,
    hidden: false,
    hiddenReason: null,
    hiddenAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
  },
  {
    id: '3f0c2a1b-7d4e-4c5f-8a9b-000000000002',
    engagementId: ENGAGEMENT,
    authorRole: 'rider',
    authorName: 'Ada O.',
    subjectName: 'Lekki Bakes',
    rating: 1,
    comment: 'Never again with these people.',
    wouldHireAgain: null,
    reply: null,
    published: true,
    hidden: true,
    hiddenReason: 'Insults the company',
    hiddenAt: '2026-11-21T09:00:00.000Z',
    createdAt: '2026-11-19T16:00:00.000Z',
  },
  {
    id: '3f0c2a1b-7d4e-4c5f-8a9b-000000000003',
    engagementId: '3f0c2a1b-7d4e-4c5f-8a9b-0c1d2e3f0000',
    authorRole: 'company',
    authorName: 'Yaba Prints',
    subjectName: 'Chike E.',
    rating: 3,
    comment: 'Fine, late twice.',
    wouldHireAgain: false,
    reply: null,
    published: false,
    hidden: false,
    hiddenReason: null,
    hiddenAt: null,
    createdAt: '2026-11-18T08:00:00.000Z',
  },
];

const idle = actionSnapshot('idle', null);
const rows = listSnapshot('idle', storyOpsReviews);
const hideRequest = { rowId: storyOpsReviews[0]!.id, action: 'hide', confirm: 'plain' as const, subject: 'Lekki Bakes' };

function opsStory(list: PagedListView<OpsReview>, action: RowActionView, keyText: readonly string[]): Story {
  return { args: { list, action }, parameters: { listState: list.state, actionState: action.state, keyText } };
}

export const OpsRows = opsStory(rows, idle, [
  messages.opsReviewsHeading,
  'Lekki Bakes',
  messages.opsReviewStatusVisible,
  messages.opsReviewStatusHidden('Insults the company'),
  messages.opsReviewStatusPending,
  messages.opsReviewHide,
  messages.opsReviewShow,
]);
export const OpsLoading = opsStory(listSnapshot('loading', []), idle, [messages.opsReviewsHeading]);
export const OpsLoadFailed = opsStory(listSnapshot('failed', []), idle, [messages.opsLoadFailed, messages.tryAgain]);
export const OpsEmpty = opsStory(listSnapshot('idle', [], { filters: { visibility: 'hidden' } }), idle, [messages.opsReviewsEmpty]);
export const OpsLoadingMore = opsStory(listSnapshot('loadingMore', storyOpsReviews), idle, [messages.opsLoading]);
export const OpsRefreshing = opsStory(listSnapshot('refreshing', storyOpsReviews), idle, [messages.opsRefreshing]);
export const OpsHideAsked = opsStory(rows, actionSnapshot('confirming', hideRequest), [messages.opsReviewHideTitle, messages.opsReviewHideReason, messages.opsReviewHideIntro('Lekki Bakes')]);
export const OpsHiding = opsStory(rows, actionSnapshot('working', hideRequest), [messages.opsReviewHiding]);
export const OpsShowing = opsStory(
  rows,
  actionSnapshot('working', { rowId: storyOpsReviews[1]!.id, action: 'show', confirm: 'none', subject: 'Ada O.' }),
  [messages.opsReviewShowing],
);
