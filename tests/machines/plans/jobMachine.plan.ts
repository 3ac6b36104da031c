/** Test plan texts of machines/deliveries/jobMachine.ts: the rider's job screen /rider-dashboard/jobs. */
import { failure, type MachinePlan } from './types';

const story = (name: string) => `deliveries-rider-job--${name}`;

export const jobPlan: MachinePlan = {
  machine: 'jobMachine',
  title: "Rider's job screen",
  start:
    'Sign in as a rider who finished sign-up with an approved ID and open http://localhost:3000/rider-dashboard/jobs on a phone (or DevTools at 360 px). ' +
    'For an offer: book a parcel at /send-a-parcel with a pickup in one of your areas, then offer it from the dispatch board (/ops). The delivery code is in the pickup e-mail at http://localhost:3000/dev/mail.',
  states: {
    '(root)': { says: 'The "Deliveries" screen.', story: story('loading'), closest: true },
    loading: { says: '"Loading your deliveries…".', story: story('loading') },
    loadFailed: { says: '"We could not load your deliveries…" with "Try again".', story: story('load-failed') },
    idle: {
      says: '"Available for deliveries" (the availability machine\'s switch, as on the dashboard) with the areas you cover, whether you are available, and "Start taking deliveries" (or "Stop…"); once on, "Check for offers".',
      story: story('not-available'),
    },
    offer: { says: 'The offer: your pay, pickup and drop-off areas, km to the pickup and of the trip, payment, "Offer ends in m:ss" counting down, Accept and Decline.', story: story('offer') },
    accepting: { says: 'Accept says "Accepting…"; both buttons disabled.', story: story('accepting') },
    declining: { says: 'Decline says "Declining…"; both buttons disabled.', story: story('declining') },
    job: { says: 'The job: reference, status, and the one next step as a big button.', story: story('assigned'), closest: true },
    'job.resuming': { says: 'Steps left on the phone by a reload go out first ("Sending…").', story: story('sending'), closest: true },
    'job.step': {
      says: 'One big button for the next step (Head to pickup, Picked up, Arrived at drop-off, Delivered, Returned to sender), "Could not deliver" after pickup; the address with Open in maps, Call and WhatsApp the contact; at the drop-off the code, the photo and the cash collected.',
      story: story('assigned'),
    },
    'job.failing': { says: 'Why could you not deliver? (recipient absent, wrong address, refused, parcel damaged, other) and "What happened", "Report failed delivery", Back.', story: story('failing') },
    'job.keepingPhoto': { says: '"Saving the photo on this phone…": the photo, made small, is written to the phone first (also with no network).', story: story('keeping-photo') },
    'job.queueing': { says: '"Sending…": the step is written to the phone first.', story: story('queueing') },
    'job.sending': { says: '"Sending…" with the next step already shown.', story: story('sending') },
    'job.waiting': {
      says: '"Waiting for network. Your step is saved on this phone…" and how many steps (and the photo) wait; the next step can still be tapped, and at the drop-off the photo taken ("Photo taken. It is saved on this phone…").',
      story: story('waiting-for-network'),
    },
    finished: { says: '"Delivered. Well done!" (or returned, cancelled) and "Look for the next job".', story: story('delivered') },
  },
  events: {
    RETRY: 'Press "Try again"',
    REFRESH: 'Press "Check for offers" (or "Look for the next job", or "Check for their answer" after a failed delivery)',
    AREAS: (e) => `Type "${String(e.value)}" in "Areas you cover"`,
    SWITCH: (e) => (e.available ? 'Press "Start taking deliveries"' : 'Press "Stop taking deliveries"'),
    ACCEPT: 'Press "Accept"',
    DECLINE: 'Press "Decline"',
    MOVE: (e) => `Press the "${String(e.action)}" step's button`,
    FAIL: 'Press "Could not deliver"',
    BACK: 'Press "Back"',
    REASON: (e) => `Choose the reason "${String(e.reason)}"`,
    NOTE: (e) => `Type "${String(e.value)}" in "What happened"`,
    CODE: (e) => `Type the delivery code ${String(e.value)}`,
    CASH: (e) => `Type ${String(e.value)} in "Cash collected"`,
    PHOTO: 'Take a photo of the parcel handed over (with or without a network)',
    ONLINE: 'Turn the network back on (DevTools → Network → No throttling)',
    'xstate.after.tick.job.offer': 'Wait a second (the countdown moves; at 0:00 the offer is gone)',
    'xstate.after.retry.job.job.waiting': 'Wait 15 seconds (the phone tries the network again by itself)',
    'xstate.done.actor.load': 'Wait for the screen to load',
    'xstate.error.actor.load': (e) => failure(e, 'Open the screen'),
    'xstate.done.actor.accept': 'Wait: the job is yours',
    'xstate.error.actor.accept': (e) => failure(e, 'Accept', 'another rider accepted first'),
    'xstate.done.actor.decline': 'Wait: the offer goes to the next rider',
    'xstate.error.actor.decline': (e) => failure(e, 'Decline', 'the offer ran out'),
    'xstate.done.actor.keepProof': 'The photo is kept on the phone, then sent behind the steps before it',
    'xstate.error.actor.keepProof': 'The phone cannot keep the photo (storage full): the error shows under the photo and nothing is sent',
    'xstate.done.actor.enqueue': 'The step is kept on the phone',
    'xstate.error.actor.enqueue': 'The phone cannot keep the step (storage full): the error shows and nothing is sent',
    'xstate.done.actor.flush': (e) => {
      const refused = (e.output as { refused?: { message?: string } | null } | undefined)?.refused;
      return refused
        ? `The server refuses the step: “${refused.message}” (${refused.message?.includes('photo') ? 'a photo over 10 MB' : 'type a wrong code'})`
        : 'Wait for the step to be sent';
    },
    'xstate.error.actor.flush': (e) =>
      (e.error as { name?: string } | undefined)?.name === 'NetworkFailure'
        ? 'Set DevTools → Network to Offline before the tap: "Waiting for network"'
        : 'The phone cannot read its queue: the step waits and is tried again',
  },
};
