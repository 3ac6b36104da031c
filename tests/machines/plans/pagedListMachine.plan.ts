/** Test plan texts of machines/kit/pagedListMachine.ts: every list of the console (inbox, waitlist, riders, newsletter, staff, audit), planned on the inbox. */
import { failure, OPS_START, type MachinePlan } from './types';

const story = (name: string) => `console-inbox--${name}`;

export const pagedListPlan: MachinePlan = {
  machine: 'pagedListMachine',
  title: 'Console: a list (filters, load more, refresh)',
  start: `${OPS_START} Open "Inbox" (/ops/inbox), with more than one page of items (send several Quick Enquiries from /contact-us). The same steps hold for every console list.`,
  starts: { 'a console list': 'The inbox list, filtered to status "New" (it asks again every 20 s).' },
  states: {
    '(root)': { says: 'A console list with its filters above it.', story: story('list-rows'), closest: true },
    loading: { says: 'Skeleton rows while the first page loads ("Loading…").', story: story('list-loading') },
    failed: { says: '"This list could not be loaded." with the reason and "Try again"; no rows.', story: story('list-failed') },
    ready: { says: 'The rows (or "No items match…" when none) with "Refresh", and "Load more" while there are more.', story: story('list-rows') },
    'ready.idle': {
      says: 'The rows with "Refresh" and, while there are more, "Load more"; a failed refresh or next page shows its message above the rows, which stay.',
      story: story('list-rows'),
    },
    'ready.loadingMore': { says: 'The rows, and "Load more" busy ("Loading…").', story: story('list-loading-more') },
    'ready.refreshing': { says: 'The rows stay, "Refreshing…" shows.', story: story('list-refreshing') },
  },
  events: {
    SET_FILTER: (e) => `Type “${String(e.value)}” in the search box (or change any filter)`,
    'xstate.done.actor.firstPage': 'Wait for the first page',
    'xstate.error.actor.firstPage': (e) => failure(e, 'Wait for the first page'),
    RETRY: 'Press "Try again"',
    LOAD_MORE: 'Press "Load more"',
    REFRESH: 'Press "Refresh"',
    'xstate.after.pollInterval.pagedList.ready.idle': 'Wait 20 seconds with the tab in front (the list asks again by itself)',
    'xstate.done.actor.nextPage': 'Wait for the next page (its rows are added below)',
    'xstate.error.actor.nextPage': (e) => failure(e, 'Wait for the next page'),
    'xstate.done.actor.refreshPage': 'Wait for the fresh first page',
    'xstate.error.actor.refreshPage': (e) => failure(e, 'Wait for the refresh'),
  },
};
