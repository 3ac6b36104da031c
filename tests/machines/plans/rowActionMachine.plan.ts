/** Test plan texts of machines/kit/rowActionMachine.ts: an action on one row of a console list (invite, revoke, unsubscribe, remove staff). */
import { failure, OPS_START, type MachinePlan } from './types';

export const rowActionPlan: MachinePlan = {
  machine: 'rowActionMachine',
  title: 'Console: a row action (invite, revoke, unsubscribe, remove)',
  start:
    `${OPS_START} Have a company on the waitlist (/company-waitlist) and a newsletter subscriber (footer form). ` +
    'Open "Waitlist" (/ops/waitlist) for "Invite" (no confirmation) and "Newsletter" (/ops/newsletter) for "Unsubscribe" (asks for your password or a fresh code).',
  starts: { 'a console row': 'A row of the waitlist or of the newsletter list, no action under way.' },
  states: {
    '(root)': { says: 'A row of a console list with its action buttons.', story: 'console-waitlist--entries', closest: true },
    idle: { says: 'The rows with their action buttons ("Invite", "Unsubscribe"…); no dialog.', story: 'console-waitlist--entries' },
    confirming: {
      says: 'The dialog naming the row (e.g. "Unsubscribe ada@example.com?") with "Your password or a fresh 6-digit code" where the action asks for it, the action button and "Cancel"; a refused password shows "That password or code is not right" under the field.',
      story: 'console-newsletter--unsubscribe-asked',
    },
    working: { says: 'The action button is busy (e.g. "Inviting…").', story: 'console-waitlist--inviting' },
  },
  events: {
    START: (e) => {
      const request = e.request as { action?: string; confirm?: string; subject?: string } | undefined;
      return request?.confirm === 'none'
        ? `Press "Invite" on the row of ${request.subject ?? 'a company'} (Waitlist)`
        : `Press "Unsubscribe" on the row of ${request?.subject ?? 'a subscriber'} (Newsletter)`;
    },
    CONFIRM: 'Type your password in "Your password or a fresh 6-digit code" and press the action button',
    CANCEL: 'Press "Cancel"',
    'xstate.done.actor.perform': 'Wait: the action is done (a toast says so) and the list shows the row as it now is',
    'xstate.error.actor.perform': (e) => failure(e, 'Wait for the action', 'type a wrong password to see the refusal under the field'),
  },
};
