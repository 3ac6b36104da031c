/** Test plan texts of machines/ops/inboxItemMachine.ts: one inbox item in the console. */
import { failure, OPS_START, type MachinePlan, type StatePlan } from './types';

const story = (name: string) => `console-inbox--${name}`;
const statuses = { new: 'New', open: 'Open', answered: 'Answered', closed: 'Closed' } as const;
const moves: Record<string, string> = { new: '"Mark open"', open: '"Mark answered" and "Close"', answered: '"Close" and "Reopen"', closed: '"Reopen"' };

function statusStates(status: keyof typeof statuses): Record<string, StatePlan> {
  const label = statuses[status];
  const own = `item-${status}`;
  const states: Record<string, StatePlan> = {
    [`loaded.${status}`]: { says: `Status "${label}".`, story: story(own) },
    [`loaded.${status}.idle`]: {
      says:
        `Status "${label}" with ${moves[status]}, "Assigned to", the "Internal note (staff only)" box with "Add note"` +
        (status === 'closed' ? ' and "This item is closed. Reopen it to reply."' : ' and the "Reply by e-mail" form with "Send reply"') +
        '; a refusal shows by its control.',
      story: story(own),
    },
    [`loaded.${status}.changingStatus`]: { says: `Status "${label}"; the move button reads "Saving…".`, story: story('item-changing-status') },
    [`loaded.${status}.assigning`]: { says: `Status "${label}"; "Assigned to" is busy ("Saving…").`, story: story('item-assigning') },
    [`loaded.${status}.addingNote`]: { says: `Status "${label}"; "Add note" reads "Adding…".`, story: story('item-adding-note') },
    [`loaded.${status}.refreshing`]: { says: `Status "${label}"; the "Refresh" button reads "Reloading…".`, story: story('item-refreshing') },
  };
  if (status !== 'closed') states[`loaded.${status}.sendingReply`] = { says: `Status "${label}"; "Send reply" reads "Sending…".`, story: story('item-sending-reply') };
  return states;
}

export const inboxItemPlan: MachinePlan = {
  machine: 'inboxItemMachine',
  title: 'Console: an inbox item',
  start: `${OPS_START} Send a Quick Enquiry from /contact-us first (a new item), then open "Inbox" (/ops/inbox) and click it. A second staff member (Staff page) lets you assign it to someone else.`,
  starts: { 'inbox item': 'A new enquiry, opened from the inbox list.' },
  states: {
    '(root)': { says: 'The inbox item page ("Back to the inbox").', story: story('item-new'), closest: true },
    loading: { says: 'The item is loading (placeholders).', story: story('item-loading') },
    failed: { says: '"This item could not be loaded." with a "Try again" button.', story: story('item-load-failed') },
    loaded: { says: 'The item: kind, "From", "Message", "Received", the status, "Notes and replies".', story: story('item-new') },
    'loaded.sorting': { says: 'Only for a moment: the page takes the status the server answered (nothing of its own is drawn).', story: story('item-new'), closest: true },
    ...statusStates('new'),
    ...statusStates('open'),
    ...statusStates('answered'),
    ...statusStates('closed'),
  },
  events: {
    'xstate.done.actor.loadItem': 'Wait for the item to load',
    'xstate.error.actor.loadItem': (e) => failure(e, 'Wait for the item'),
    RETRY: 'Press "Try again"',
    EDIT_NOTE: 'Type a note in "Internal note (staff only)", e.g. “Rang the customer, will call back at noon”',
    EDIT_REPLY: 'Type a reply in "Your reply", e.g. “Good afternoon Funke, Ogba to Lekki is ₦4,500 for a small parcel.”',
    MOVE: (e, from) => {
      const to = String(e.to);
      const reopen = to === 'open' && !from.some((k) => k.startsWith('loaded.new'));
      const label = to === 'open' ? (reopen ? 'Reopen' : 'Mark open') : to === 'answered' ? 'Mark answered' : 'Close';
      return `Press "${label}"`;
    },
    ASSIGN: (e) => (e.staffId ? 'Choose the other staff member in "Assigned to"' : 'Choose "Nobody" in "Assigned to"'),
    ADD_NOTE: 'Press "Add note" (if the box is empty, a message says why and nothing is sent)',
    SEND_REPLY: 'Press "Send reply" (if the reply is empty, a message says why and nothing is sent)',
    REFRESH: 'Press "Refresh" on the item',
    'xstate.done.actor.changeStatus': 'Wait: the new status is saved',
    'xstate.error.actor.changeStatus': (e) => failure(e, 'Wait for the move', 'move it in another tab first to see the refusal'),
    'xstate.done.actor.assignItem': 'Wait: the assignee is saved',
    'xstate.error.actor.assignItem': (e) => failure(e, 'Wait for the assignment'),
    'xstate.done.actor.addNote': 'Wait: "Note added", the note appears under "Notes and replies"',
    'xstate.error.actor.addNote': (e) => failure(e, 'Wait for the note'),
    'xstate.done.actor.sendReply': 'Wait: "Reply sent. It goes out by e-mail in a moment." (see /dev/mail); the item becomes Answered',
    'xstate.error.actor.sendReply': (e) => failure(e, 'Wait for the reply'),
  },
};
