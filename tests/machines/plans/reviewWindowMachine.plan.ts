/** Test plan texts of machines/reviews/reviewWindowMachine.ts: the review window of one ended engagement, as one side works it. */
import { failure, type MachinePlan, type PlanEvent, type StatePlan } from './types';

const story = (name: string) => `company-side-reviews--${name}`;

/** A 409 from the server: the window moved on (closed, or published by the other side). */
const answer = (e: PlanEvent, what: string) =>
  /Stale/.test(String((e.error as { name?: string } | undefined)?.name))
    ? `${what}, when the window has moved on meanwhile (the other side published, or the 14 days passed: change it in another browser first): the server says “${String((e.error as { message?: string }).message)}” and the window reloads`
    : failure(e, what);

function afterPublish(top: 'published' | 'closed'): Record<string, StatePlan> {
  const where = top === 'published' ? '"Published reviews"' : '"The 14 days to leave a review have passed." and what was published';
  return {
    [`${top}.sorting`]: { says: 'Only for a moment: the window finds whether the rider may still reply (nothing of its own is drawn).', story: story(top === 'published' ? 'published' : 'closed'), closest: true },
    [`${top}.reading`]: { says: `${where}: both reviews (or "No review was left"), nothing to do.`, story: story(top === 'published' ? 'published' : 'closed') },
    [`${top}.replied`]: { says: `${where} with "The rider’s reply" under the company’s review.`, story: story('replied') },
    [`${top}.replyable`]: {
      says: `${where}; as the rider, under the company’s review: "Your public reply", "You can reply once. The reply is public and cannot be changed." and "Post reply"; any message under it.`,
      story: story(top === 'published' ? 'replyable' : 'closed-rider-may-reply'),
    },
    [`${top}.replying`]: { says: '"Posting..." on the busy button.', story: story('replying') },
  };
}

export const reviewWindowPlan: MachinePlan = {
  machine: 'reviewWindowMachine',
  title: 'Review window of an ended engagement',
  start:
    'End an engagement first (see the hire request plan: the rider accepts, then one side presses "End engagement"). The review window shows on the ended card: ' +
    'for the company under "Hires" (/company-dashboard/hires), for the rider on /rider-dashboard. Each side has 14 days; the reviews publish when both wrote or the 14 days pass.',
  starts: {
    'company side': 'As the company, on the ended engagement’s card.',
    'rider side': 'As the rider, on the ended engagement’s card.',
  },
  states: {
    '(root)': { says: 'The review section of an ended engagement.', story: story('company-open'), closest: true },
    loading: { says: '"Loading the reviews…".', story: story('window-loading') },
    failed: { says: '"We could not load the reviews." with a "Try again" button.', story: story('window-load-failed') },
    sorting: { says: 'Only for a moment: the window takes the state the server gave (nothing of its own is drawn).', story: story('company-open'), closest: true },
    open: { says: '"Review this rider" (company) or "Review this company" (rider) with "You have N days to leave a review" and the blind-review note.', story: story('company-open') },
    'open.editing': {
      says: 'The review form: "Your rating" (1–5 stars), "Your comment", for the company "Would you hire this rider again?", and "Submit review"; a failed try shows each message ("Please choose a rating"…).',
      story: story('company-open'),
    },
    'open.saving': { says: '"Saving..." on the busy button.', story: story('submitting') },
    written: { says: '"Your review" as written, not yet published, with the days left.', story: story('written') },
    'written.viewing': { says: '"Your review" as written with "Edit my review".', story: story('written') },
    'written.editing': { says: 'The review form filled with the review, "Save changes" and "Cancel".', story: story('editing-written') },
    'written.saving': { says: '"Saving..." on the busy button.', story: story('saving-edit') },
    published: { says: '"Published reviews": "Your review" and the other side’s review.', story: story('published') },
    ...afterPublish('published'),
    closed: { says: '"The 14 days to leave a review have passed."', story: story('closed') },
    ...afterPublish('closed'),
  },
  events: {
    'xstate.done.actor.loadWindow': (e) => {
      const data = e.output as { state?: string; theirs?: { hidden?: boolean; reply?: string | null } | null; canReply?: boolean } | undefined;
      const state = data?.state ?? 'open';
      const which: Record<string, string> = {
        open: 'no review written yet',
        written: 'this side’s review written, the other’s not yet',
        published: 'both reviews published',
        closed: 'the 14 days passed',
      };
      const theirs = data?.theirs ? (data.theirs.hidden ? '; the other side’s review hidden by staff' : data.theirs.reply ? '; the rider has replied' : '; with the other side’s review') : '';
      return `Wait for the reviews (${which[state] ?? state}${state === 'published' || state === 'closed' ? theirs : ''})`;
    },
    'xstate.error.actor.loadWindow': (e) => failure(e, 'Wait for the reviews'),
    RETRY: 'Press "Try again"',
    EDIT: (e) => {
      const field = String(e.field);
      const value = String(e.value ?? '');
      if (field === 'rating') return `Choose ${value} stars under "Your rating"`;
      if (field === 'would_hire_again') return `Choose "${value === 'yes' ? 'Yes' : 'No'}" under "Would you hire this rider again?"`;
      return value === '' ? 'Clear "Your comment"' : `Type “${value}” in "Your comment"`;
    },
    SUBMIT: (_e, from) => (from.some((k) => k.startsWith('written')) ? 'Press "Save changes"' : 'Press "Submit review"'),
    'xstate.done.actor.saveReview': (e) =>
      (e.output as { window?: { state?: string } } | undefined)?.window?.state === 'published'
        ? 'Wait: saved, and as the other side had written too, "Both reviews are published"'
        : 'Wait: "Review saved" (the other side has not written yet)',
    'xstate.error.actor.saveReview': (e) => answer(e, 'Wait for the save'),
    EDIT_AGAIN: 'Press "Edit my review"',
    CANCEL_EDIT: 'Press "Cancel"',
    EDIT_REPLY: (e) => `As the rider, type “${String(e.value)}” in "Your public reply"`,
    SEND_REPLY: 'Press "Post reply" (if the reply is empty, a message says why and nothing is sent)',
    'xstate.done.actor.postReply': 'Wait: "Reply posted"',
    'xstate.error.actor.postReply': (e) => answer(e, 'Wait for the reply'),
  },
};
