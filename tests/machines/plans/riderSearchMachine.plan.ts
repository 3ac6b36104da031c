/** Test plan texts of machines/search/riderSearchMachine.ts: a company finding riders and keeping a shortlist. */
import { failure, type MachinePlan } from './types';

const story = (name: string) => `company-finding-riders--${name}`;

export const riderSearchPlan: MachinePlan = {
  machine: 'riderSearchMachine',
  title: 'Find riders (search and shortlist)',
  start:
    'Log in as a company (see the company sign-up plan) and open http://localhost:3000/company-dashboard ("Find riders"). Have several riders with finished profiles, some in Lagos / Ikeja.',
  starts: { 'find riders': '"Find riders" with no filters in the address bar.' },
  states: {
    '(root)': { says: 'The "Find riders" page: the filters panel and the list side by side.', story: story('results'), closest: true },
    list: { says: 'The list of riders found.', story: story('results') },
    'list.searching': { says: '"Searching riders…" with skeleton cards.', story: story('searching') },
    'list.results': {
      says: '"Riders found": cards with name, area, Job Success, rating and "Shortlist"; "Show more riders" while there are more, or "That is every rider matching these filters."; a failed next page says "We could not load more riders."',
      story: story('results'),
    },
    'list.loadingMore': { says: 'The cards stay; "Loading more riders…".', story: story('loading-more') },
    'list.empty': { says: 'With a filter set: "No riders match these filters. Try fewer filters or another area." and "Clear filters"; with none: "No riders have finished sign-up yet. Please check back soon."', story: story('empty') },
    'list.failed': { says: '"We could not search riders just now." with "Try again".', story: story('failed') },
    shortlist: { says: 'The "Shortlist" buttons of the cards.', story: story('results') },
    'shortlist.idle': {
      says: 'Each card’s button reads "Shortlist" or "Shortlisted", ready to press (after a refused change: "We could not change your shortlist. Please try again." and the button flipped back).',
      story: story('results'),
    },
    'shortlist.saving': { says: 'The card’s button has already flipped ("Shortlisted" / "Shortlist") and is busy while it is saved.', story: story('saving-shortlist') },
  },
  events: {
    EDIT: (e) => (String(e.field) === 'state' ? `Choose “${String(e.value)}” in "State" in the filters panel` : `Set "${String(e.field)}" to “${String(e.value)}” in the filters panel`),
    TOGGLE_FILTERS: 'Press "Filters" (or "Hide filters") above the search form (on a phone width)',
    APPLY: 'Press "Search"',
    CLEAR: 'Press "Clear filters"',
    REMOVE_FILTER: 'On a phone, above the list, press the × of the state’s chip (e.g. "Lagos ×"): that filter and its area go',
    SEARCH: (e) => {
      const filters = e.filters as { state?: string; town?: string } | undefined;
      return filters?.state
        ? `Open a shared search link: /company-dashboard?state=${filters.state}&town=${filters.town ?? ''}&… (or press Back/Forward to such a search)`
        : 'Open /company-dashboard with no filters in the address bar (or press Back to it)';
    },
    'xstate.done.actor.searchRiders': (e) =>
      ((e.output as { items?: unknown[] } | undefined)?.items?.length ?? 0) > 0 ? 'Wait for the riders found' : 'Wait for the search (filters no rider matches, e.g. another state)',
    'xstate.error.actor.searchRiders': (e) => failure(e, 'Wait for the search'),
    LOAD_MORE: 'Press "Show more riders"',
    'xstate.done.actor.loadMore': 'Wait for more riders (added below)',
    'xstate.error.actor.loadMore': (e) => failure(e, 'Wait for more riders'),
    RETRY: 'Press "Try again"',
    TOGGLE_SHORTLIST: (e) => `Press "Shortlist" on the card of ${String(e.username)} (the first card)`,
    'xstate.done.actor.setShortlisted': 'Wait: "Added to your shortlist" (or "Removed from your shortlist")',
    'xstate.error.actor.setShortlisted': (e) => failure(e, 'Wait for the shortlist', 'the button flips back'),
  },
};
