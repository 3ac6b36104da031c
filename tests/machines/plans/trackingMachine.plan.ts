/** Test plan texts of machines/deliveries/trackingMachine.ts: the public tracking page /track/{token}. */
import { failure, type MachinePlan } from './types';

const story = (name: string) => `deliveries-tracking--${name}`;

export const trackingPlan: MachinePlan = {
  machine: 'trackingMachine',
  title: 'Tracking page (the link a sender shares)',
  start: 'Book a delivery at /send-a-parcel and open the tracking link it shows (it is also in the e-mail at http://localhost:3000/dev/mail).',
  states: {
    '(root)': { says: 'The "Track a delivery" page.', story: story('shown'), closest: true },
    loading: { says: '"Finding your delivery…" while it loads.', story: story('loading') },
    shown: {
      says: 'The reference, the status in words, from → to, the pickup time, the price and payment, and the timeline; no phone number, e-mail or street address.',
      story: story('shown'),
    },
    notFound: { says: '"We cannot find a delivery for this link…": change a letter of the link to see it.', story: story('not-found') },
    failed: { says: '"We could not load this delivery…" with "Try again".', story: story('failed') },
  },
  events: {
    RETRY: 'Press "Try again"',
    'xstate.done.actor.loadTracking': 'Wait for the delivery to load',
    'xstate.error.actor.loadTracking': (e) =>
      (e.error as { name?: string } | undefined)?.name === 'TrackingNotFound' ? 'Open a link no delivery has (change a letter of the token)' : failure(e, 'Wait for the delivery'),
  },
};
