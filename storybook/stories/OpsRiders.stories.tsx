/**
 * The console's riders in every state their views can show, each from real machine
 * snapshots reached with the events named in the story: the rider page
 * (`parameters.riderState`: the page's state and, once loaded, the ID check's, the account's and
 * the inline documents')
 * and the riders list (`parameters.listState`). tests/storybook/opsRidersStories.test.tsx checks
 * that every state has a story and that each story's view is in the state it claims.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { IdReviewView } from '../../machines/ops/idReviewMachine';
import type { PagedListView } from '../../machines/kit/pagedListMachine';
import { messages } from '../../src/shared/messages';
import type { OpsRiderListItem } from '../../src/shared/opsRiders';
import { formatWhen } from '../../src/web/features/ops/OpsList';
import { RiderDetailView } from '../../src/web/features/ops/RiderDetailView';
import { RidersView } from '../../src/web/features/ops/RidersView';
import '../../src/web/features/ops/ops.css';
import {
  onList,
  onRider,
  REJECT_REASON,
  riderViewAfter,
  ridersListAfter,
  storyRider,
  storyRiderRows,
  SUSPEND_REASON,
  type RiderStoryEvent,
} from '../support/opsRiderSnapshots';
import { withRouter } from '../support/StoryRouter';

function Screens({ rider, list }: { rider?: IdReviewView; list?: PagedListView<OpsRiderListItem> }) {
  return (
    <main className="ops-main">
      {rider ? <RiderDetailView view={rider} send={fn()} onOpenDocument={fn()} /> : null}
      {list ? <RidersView list={list} sendList={fn()} /> : null}
    </main>
  );
}

const meta = {
  title: 'Console/Riders',
  component: Screens,
  decorators: [withRouter],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Screens>;

export default meta;
type Story = StoryObj<typeof meta>;

function riderStory(events: readonly RiderStoryEvent[], keyText: readonly string[]): Story {
  const view = riderViewAfter(events);
  return { args: { rider: view }, parameters: { riderState: { state: view.state, review: view.review, account: view.account, documents: view.documents }, keyText } };
}

const pending = onRider.loaded(storyRider('pending'));
const approvedRider = storyRider('approved');

// ---- The rider page: loading and failure

export const RiderLoading = riderStory([], [messages.opsRiderHeading, messages.opsAllRiders]);
export const RiderLoadFailed = riderStory([onRider.loadFailed], [messages.opsRiderLoadFailed, messages.tryAgain]);

// ---- The ID check

export const IdNone = riderStory([onRider.loaded(storyRider('none'))], [messages.opsRiderNoDocuments, messages.opsIdReviewStatus.none, 'Lead rider', 'Max.ng']);
export const IdPending = riderStory([pending], [
  messages.opsIdReviewStatus.pending,
  messages.opsIdApprove,
  messages.opsIdReject,
  messages.opsRiderOpenDocument(messages.opsRiderDocumentKind.valid_id),
  messages.opsRiderOpenDocument(messages.opsRiderDocumentKind.rider_id_card),
  'nin-slip.pdf',
  'Adeola Bakare',
  messages.opsIdDocumentLoading,
]);
/** The documents inline beside the name and picture the rider gave: the PDF in a frame, the photo as an image. */
export const IdDocumentsShown = riderStory([pending, onRider.documentsShown], [
  'Adeola Bakare',
  // The frame's title is an attribute (not text); the view test finds the frame by it.
  messages.opsRiderOpenDocument(messages.opsRiderDocumentKind.valid_id),
  messages.opsIdApprove,
]);
export const IdDocumentsFailed = riderStory([pending, onRider.documentsFailed], [messages.opsIdDocumentFailed, messages.opsIdDocumentShowAgain]);
export const IdApproving = riderStory([pending, { type: 'APPROVE' }], [messages.submitting]);
export const IdApproveRefused = riderStory(
  [pending, { type: 'APPROVE' }, onRider.refused('approve', 'alert', messages.opsIdDocumentsChanged)],
  [messages.opsIdDocumentsChanged, messages.opsIdApprove],
);
export const IdRejecting = riderStory([pending, { type: 'START_REJECT' }], [messages.opsIdRejectReasonLabel, messages.opsIdSendRejection]);
export const IdRejectingNoReason = riderStory([pending, { type: 'START_REJECT' }, { type: 'SUBMIT_REJECT' }], [messages.opsIdReasonRequired]);
export const IdSendingRejection = riderStory(
  [pending, { type: 'START_REJECT' }, { type: 'REASON_CHANGED', value: REJECT_REASON }, { type: 'SUBMIT_REJECT' }],
  [messages.submitting, REJECT_REASON],
);
export const IdApproved = riderStory(
  [pending, { type: 'APPROVE' }, onRider.done('approve', messages.opsIdApproved('adeola_rides'), approvedRider)],
  [messages.opsIdDecidedBy(true, approvedRider.review.reviewedBy!, formatWhen(approvedRider.review.reviewedAt!))],
);
export const IdRejected = riderStory([onRider.loaded(storyRider('rejected'))], [messages.opsIdReasonGiven, REJECT_REASON]);

// ---- The account: suspension with the step-up, and its lift

export const AccountActive = riderStory([onRider.loaded(storyRider('approved'))], [messages.opsRiderActive, messages.opsSuspendRider]);
export const SuspendDialog = riderStory([pending, { type: 'START_SUSPEND' }], [messages.opsSuspendTitle('adeola_rides'), messages.opsConfirmLabel, messages.opsSuspendReasonLabel]);
export const SuspendNoReason = riderStory([pending, { type: 'START_SUSPEND' }, { type: 'CONFIRM_SUSPEND', confirmation: 'secret' }], [messages.opsSuspendReasonRequired]);
export const SuspendWrongPassword = riderStory(
  [
    pending,
    { type: 'START_SUSPEND' },
    { type: 'SUSPEND_REASON_CHANGED', value: SUSPEND_REASON },
    { type: 'CONFIRM_SUSPEND', confirmation: 'wrong' },
    onRider.refused('suspend', 'confirmation', messages.opsConfirmFailed),
  ],
  [messages.opsConfirmFailed],
);
export const Suspending = riderStory(
  [pending, { type: 'START_SUSPEND' }, { type: 'SUSPEND_REASON_CHANGED', value: SUSPEND_REASON }, { type: 'CONFIRM_SUSPEND', confirmation: 'secret' }],
  [messages.submitting],
);
export const Suspended = riderStory([onRider.loaded(storyRider('approved', true))], [messages.opsRiderSuspendedBadge, SUSPEND_REASON, messages.opsLiftSuspension]);
export const Lifting = riderStory([onRider.loaded(storyRider('approved', true)), { type: 'LIFT' }], [messages.submitting]);
export const LiftRefused = riderStory(
  [onRider.loaded(storyRider('approved', true)), { type: 'LIFT' }, onRider.refused('lift', 'alert', messages.opsRiderNotSuspended)],
  [messages.opsRiderNotSuspended],
);

// ---- The riders list

function listStory(view: PagedListView<OpsRiderListItem>, keyText: readonly string[]): Story {
  return { args: { list: view }, parameters: { listState: view.state, keyText } };
}

export const ListLoading = listStory(ridersListAfter([]), [messages.opsRidersHeading]);
export const ListFailed = listStory(ridersListAfter([onList.failed]), [messages.opsLoadFailed, messages.tryAgain]);
export const ListEmpty = listStory(ridersListAfter([onList.page([])], { q: 'nobody', review: 'rejected' }), [messages.opsRidersEmpty]);
export const ListRows = listStory(ridersListAfter([onList.page(storyRiderRows, 'next-cursor')]), [
  'adeola_rides',
  messages.opsIdReviewStatus.pending,
  messages.opsIdReviewStatus.approved,
  messages.opsIdReviewStatus.rejected,
  messages.opsRiderSuspendedBadge,
  messages.opsRiderSignUpUnfinished,
  'Ikeja, Lagos',
  messages.opsLoadMore,
]);
export const ListLoadingMore = listStory(ridersListAfter([onList.page(storyRiderRows, 'next-cursor'), onList.more]), ['adeola_rides', messages.opsLoading]);
export const ListLoadMoreFailed = listStory(ridersListAfter([onList.page(storyRiderRows, 'next-cursor'), onList.more, onList.moreFailed]), [messages.submitFailed]);
export const ListRefreshing = listStory(ridersListAfter([onList.page(storyRiderRows), onList.refresh]), [messages.opsRefreshing]);
