/**
 * Job Success, the rating and a rider's published reviews in every state their views
 * can show. The reviews list's view models come from real snapshots of
 * machines/riders/riderReviewsMachine.ts reached with the events named in each story
 * (`parameters.reviewsState` is one of riderReviewsViewStates); tests/storybook/reputationStories.test.tsx
 * checks that every state has a story and that each is in the state it claims.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { getInitialSnapshot, getNextSnapshot } from 'xstate';
import { riderReviewsMachine, riderReviewsSnapshotToView, type RiderReviewsSnapshot, type RiderReviewsView } from '../../machines/riders/riderReviewsMachine';
import { messages } from '../../src/shared/messages';
import type { PublicReview, PublicReviewsPage } from '../../src/shared/publicReviews';
import { JobSuccessBadge, RatingSummary, type Reputation } from '../../src/web/kit/components/JobSuccess';
import { RiderReviewsListView } from '../../src/web/features/riders/RiderReviewsList';

const USERNAME = 'adeola_rides';

const storyReview = (n: number, company: string, rating: number, comment: string, extra: Partial<PublicReview> = {}): PublicReview => ({
  id: `6a1f0c3e-0000-4000-8000-${String(n).padStart(12, '0')}`,
  rating,
  comment,
  would_hire_again: rating >= 4,
  company_name: company,
  ended_at: `2026-10-${String(n).padStart(2, '0')}T12:00:00.000Z`,
  published_at: `2026-10-${String(n + 14).padStart(2, '0')}T12:00:00.000Z`,
  reply: null,
  replied_at: null,
  ...extra,
});

const firstPage: PublicReviewsPage = {
  items: [
    storyReview(9, 'Lekki Bakes', 5, 'On time every morning, careful with the cakes and polite to our customers.', {
      reply: 'Thank you! It was a pleasure riding for Lekki Bakes.',
      replied_at: '2026-10-24T08:00:00.000Z',
    }),
    storyReview(6, 'Yaba Foods Ltd', 3, 'Good rider, but late twice in the rain.'),
  ],
  next: 'story-cursor',
};
const nextPage: PublicReviewsPage = { items: [storyReview(2, 'Ikeja Pharmacy', 4, 'Knew every shortcut in Ikeja.')], next: null };

type ReviewsStoryEvent = Parameters<typeof getNextSnapshot<typeof riderReviewsMachine>>[2];
const on = {
  loaded: (page: PublicReviewsPage) => ({ type: 'xstate.done.actor.loadFirst', output: page }) as unknown as ReviewsStoryEvent,
  loadFailed: { type: 'xstate.error.actor.loadFirst', error: new Error('Network down') } as unknown as ReviewsStoryEvent,
  more: { type: 'MORE' } as ReviewsStoryEvent,
  moreLoaded: (page: PublicReviewsPage) => ({ type: 'xstate.done.actor.loadMore', output: page }) as unknown as ReviewsStoryEvent,
  moreFailed: { type: 'xstate.error.actor.loadMore', error: new Error('Network down') } as unknown as ReviewsStoryEvent,
};

function reviewsAfter(events: readonly ReviewsStoryEvent[]): RiderReviewsView {
  let snapshot = getInitialSnapshot(riderReviewsMachine, { username: USERNAME }) as RiderReviewsSnapshot;
  for (const event of events) snapshot = getNextSnapshot(riderReviewsMachine, snapshot, event) as RiderReviewsSnapshot;
  return riderReviewsSnapshotToView(snapshot);
}

function Screens({ reviews, reputation }: { reviews?: RiderReviewsView; reputation?: Reputation }) {
  return (
    <main className="container" style={{ maxWidth: 720, padding: 16 }}>
      {reputation ? (
        <p style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          <JobSuccessBadge reputation={reputation} showBasis />
          <RatingSummary reputation={reputation} />
        </p>
      ) : null}
      {reviews ? <RiderReviewsListView username={USERNAME} view={reviews} send={fn()} /> : null}
    </main>
  );
}

const meta = {
  title: 'Company side/Reputation',
  component: Screens,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Screens>;

export default meta;
type Story = StoryObj<typeof meta>;

function reviewsStory(events: readonly ReviewsStoryEvent[], keyText: readonly string[]): Story {
  const view = reviewsAfter(events);
  return { args: { reviews: view }, parameters: { reviewsState: view.state, keyText } };
}

// ---- The reviews list (RiderReviewsList)

export const ReviewsLoading = reviewsStory([], [messages.reviewsHeading, messages.reviewsLoading]);
export const ReviewsEmpty = reviewsStory([on.loaded({ items: [], next: null })], [messages.noReviewsYet]);
export const ReviewsFailed = reviewsStory([on.loadFailed], [messages.reviewsLoadFailed, messages.reviewsTryAgain]);
export const ReviewsList = reviewsStory([on.loaded(firstPage)], [
  'Lekki Bakes',
  'Yaba Foods Ltd',
  messages.reviewWouldHireAgain,
  messages.reviewReplyFrom(USERNAME),
  'Thank you! It was a pleasure riding for Lekki Bakes.',
  messages.reviewsShowMore,
]);
export const ReviewsLoadingMore = reviewsStory([on.loaded(firstPage), on.more], ['Lekki Bakes', messages.reviewsLoading]);
export const ReviewsMoreFailed = reviewsStory([on.loaded(firstPage), on.more, on.moreFailed], [messages.reviewsMoreFailed, messages.reviewsShowMore]);
/** Every page shown: no "Show more". */
export const ReviewsAllShown = reviewsStory([on.loaded(firstPage), on.more, on.moreLoaded(nextPage)], ['Ikeja Pharmacy', 'Knew every shortcut in Ikeja.']);

// ---- Job Success and the rating (JobSuccessBadge, RatingSummary)

export const ScoreEarned: Story = {
  args: { reputation: { job_success: 92, jobs_counted: 12, review_count: 12, rating_average_x100: 483 } },
  parameters: { keyText: [messages.jobSuccessScore(92), messages.jobSuccessBasis(12), messages.ratingSummary('4.8', 12)] },
};
export const NewRiderWithReviews: Story = {
  args: { reputation: { job_success: null, jobs_counted: 2, review_count: 2, rating_average_x100: 450, reviewed: 2 } },
  parameters: { keyText: [messages.newRider, messages.jobSuccessNewRiderBasis(2), messages.ratingSummary('4.5', 2)] },
};
export const NewRiderNoReviews: Story = {
  args: { reputation: { job_success: null, jobs_counted: 0, review_count: 0, rating_average_x100: null, reviewed: 0 } },
  parameters: { keyText: [messages.newRider, messages.noReviewsYet] },
};
