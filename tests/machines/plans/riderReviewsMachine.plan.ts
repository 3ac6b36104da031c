/** Test plan texts of machines/riders/riderReviewsMachine.ts: a rider's published reviews on the company's rider page. */
import { failure, type MachinePlan } from './types';

const story = (name: string) => `company-side-reputation--${name}`;

export const riderReviewsPlan: MachinePlan = {
  machine: 'riderReviewsMachine',
  title: 'Rider page: the reviews list',
  start:
    'Log in as a company, open "Find riders" (/company-dashboard) and a rider’s profile (/company-dashboard/riders/<username>). ' +
    'Use riders with no reviews, with one or two, and with more than one page (published reviews come from ended engagements, see the review window plan).',
  starts: { 'rider profile': 'The rider’s page, scrolled to "Reviews".' },
  states: {
    '(root)': { says: 'The "Reviews" section of the rider’s page.', story: story('reviews-list'), closest: true },
    loading: { says: '"Loading reviews…".', story: story('reviews-loading') },
    empty: { says: '"No reviews yet".', story: story('reviews-empty') },
    failed: { says: '"We could not load the reviews." with "Try again".', story: story('reviews-failed') },
    list: { says: '"Newest reviews": each with its stars ("Rated N out of 5"), comment, company and any reply; "Show more reviews" while there are more.', story: story('reviews-list') },
    loadingMore: { says: 'The reviews shown stay; "Show more reviews" is busy.', story: story('reviews-loading-more') },
    moreFailed: { says: 'The reviews shown stay, with "We could not load more reviews." and "Show more reviews" again.', story: story('reviews-more-failed') },
  },
  events: {
    'xstate.done.actor.loadFirst': (e) => {
      const page = e.output as { items?: unknown[]; next?: string | null } | undefined;
      if (!page?.items?.length) return 'Wait for the reviews (a rider with none)';
      return page.next ? 'Wait for the reviews (a rider with more than one page)' : 'Wait for the reviews (a rider with one page)';
    },
    'xstate.error.actor.loadFirst': (e) => failure(e, 'Wait for the reviews'),
    RETRY: 'Press "Try again"',
    MORE: 'Press "Show more reviews"',
    'xstate.done.actor.loadMore': (e) =>
      (e.output as { next?: string | null } | undefined)?.next ? 'Wait for the next reviews (more remain)' : 'Wait for the last reviews (the button goes away)',
    'xstate.error.actor.loadMore': (e) => failure(e, 'Wait for more reviews'),
  },
};
