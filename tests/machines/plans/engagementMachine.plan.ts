/** Test plan texts of machines/hiring/engagementMachine.ts: one hire request or engagement card, as the rider or the company sees it. */
import { failure, type MachinePlan } from './types';

const story = (name: string) => `company-side-hiring--${name}`;

export const engagementPlan: MachinePlan = {
  machine: 'engagementMachine',
  title: 'Hire request and engagement card',
  start:
    'You need a company account (see the company sign-up plan) and a rider account with a finished profile. As the company, open the rider from "Find riders" ' +
    '(/company-dashboard), press "Request this rider" and send the request. The company sees the card under "Hires" (/company-dashboard/hires); the rider sees it on the ' +
    'rider dashboard (/rider-dashboard). Use two browsers (or a private window) to be both sides.',
  starts: {
    'company side': 'As the company, on /company-dashboard/hires, with a request just sent ("Waiting for an answer").',
    'rider side': 'As the rider, on /rider-dashboard, with a new request from a company ("Waiting for an answer").',
  },
  states: {
    '(root)': { says: 'One card: the other side’s name, the dates, the place and its status label.', story: story('requested-as-company'), closest: true },
    sorting: { says: 'Only for a moment: the card takes the status the server answered (nothing of its own is drawn).', story: story('requested-as-company'), closest: true },
    requested: { says: 'Status "Waiting for an answer", with "Expires in …".', story: story('requested-as-rider') },
    'requested.idle': {
      says: 'Waiting for an answer: the rider sees "Accept" and "Decline", the company sees "Withdraw request"; any refusal shown on the card.',
      story: story('requested-as-rider'),
    },
    'requested.accepting': { says: '"Accepting..." on the busy button.', story: story('accepting') },
    'requested.declining': { says: '"Declining..." on the busy button.', story: story('declining') },
    'requested.withdrawing': { says: '"Withdrawing..." on the busy button.', story: story('withdrawing') },
    active: { says: 'Status "Active", with the contact (call, WhatsApp, e-mail) of the other side.', story: story('active') },
    'active.idle': { says: 'Active, with the "End engagement" button.', story: story('active') },
    'active.confirmingEnd': {
      says: 'The dialog "End this engagement?" asking "How did it end?" ("The work was completed" / "It ended early"), "Yes, end it" and "Keep it active".',
      story: story('confirming-end'),
    },
    'active.confirmingEarlyEnd': {
      says: 'As the company, after "It ended early" and "Yes, end it": the warning that ending early counts against the rider\'s Job Success, with "Yes, end it" and "Keep it active".',
      story: story('confirming-early-end'),
    },
    'active.ending': { says: '"Ending..." on the busy button.', story: story('ending') },
    declined: { says: 'Status "Declined"; no buttons.', story: story('declined') },
    expired: { says: 'Status "Expired"; no buttons.', story: story('expired') },
    withdrawn: { says: 'Status "Withdrawn"; no buttons.', story: story('withdrawn') },
    ended: { says: 'Status "Ended" with "Completed" or "Ended early"; no buttons (reviews open below).', story: story('ended') },
    reloading: { says: '"Checking the latest..." after the other side moved first; the server’s message stays on the card.', story: story('reloading') },
  },
  events: {
    ACCEPT: 'As the rider, press "Accept"',
    DECLINE: 'As the rider, press "Decline"',
    WITHDRAW: 'As the company, press "Withdraw request"',
    EXPIRE: 'Leave the card on screen until its 7 days run out (or set the request’s expires_at in the past in the database and wait a minute)',
    'xstate.done.actor.moveEngagement': 'Wait for the server to take the move (a toast confirms it)',
    'xstate.error.actor.moveEngagement': (e) => failure(e, 'Wait for the move', 'make the other side move first in the other browser'),
    END: 'Press "End engagement"',
    CHOOSE_OUTCOME: (e) => (e.outcome === 'completed' ? 'Choose "The work was completed"' : 'Choose "It ended early"'),
    CONFIRM_END: 'Press "Yes, end it"',
    CANCEL: 'Press "Keep it active"',
    'xstate.done.actor.loadEngagement': 'Wait: the card shows the latest status',
    'xstate.error.actor.loadEngagement': (e) => failure(e, 'Wait for the latest status'),
  },
};
