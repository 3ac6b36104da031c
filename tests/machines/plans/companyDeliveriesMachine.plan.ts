/** Test plan texts of machines/deliveries/companyDeliveriesMachine.ts: the company's bookings on its dashboard. */
import { failure, type MachinePlan } from './types';

const story = (name: string) => `company-side-deliveries--${name}`;

export const companyDeliveriesPlan: MachinePlan = {
  machine: 'companyDeliveriesMachine',
  title: 'Company dashboard: the Deliveries list',
  start:
    'Log in as a company and open the "Deliveries" tab (/company-dashboard/deliveries). ' +
    'Use a company with no bookings, one with a few, and one with more than 25 (book them from "Send a parcel" while signed in as the company, or with its API key).',
  starts: { deliveries: 'The "Deliveries" tab, just opened.' },
  states: {
    '(root)': { says: 'The "Your deliveries" section of the tab.', story: story('list'), closest: true },
    loading: { says: '"Loading your deliveries…".', story: story('loading') },
    empty: { says: '"You have not booked a delivery yet…" with a "Send a parcel" button that opens /send-a-parcel.', story: story('empty') },
    failed: { says: '"We could not load your deliveries…" with "Try again".', story: story('failed') },
    list: {
      says: 'The bookings, newest first: each with its reference, status in words (e.g. "Picked up"), pickup area → drop-off area (or city and country abroad), price in naira and "Booked <day>"; "Load more" while there are more.',
      story: story('list'),
    },
    loadingMore: { says: 'The bookings shown stay; "Load more" is busy ("Loading your deliveries…").', story: story('loading-more') },
    moreFailed: { says: 'The bookings shown stay, with "We could not load more deliveries." and "Load more" again.', story: story('more-failed') },
  },
  events: {
    'xstate.done.actor.loadFirst': (e) => {
      const page = e.output as { items?: unknown[]; next?: string | null } | undefined;
      if (!page?.items?.length) return 'Wait for the list (a company with no bookings)';
      return page.next ? 'Wait for the list (a company with more than 25 bookings)' : 'Wait for the list (a company with a few bookings)';
    },
    'xstate.error.actor.loadFirst': (e) => failure(e, 'Wait for the list'),
    RETRY: 'Press "Try again"',
    MORE: 'Press "Load more"',
    'xstate.done.actor.loadMore': (e) =>
      (e.output as { next?: string | null } | undefined)?.next ? 'Wait for the next bookings (more remain)' : 'Wait for the last bookings (the button goes away)',
    'xstate.error.actor.loadMore': (e) => failure(e, 'Wait for more bookings'),
  },
};
