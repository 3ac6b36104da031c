/** Test plan texts of machines/ops/idReviewMachine.ts: a rider in the console, the ID check and the suspension side by side. */
import { failure, OPS_START, typed, type MachinePlan } from './types';

const story = (name: string) => `console-riders--${name}`;

export const idReviewPlan: MachinePlan = {
  machine: 'idReviewMachine',
  title: 'Console: a rider (ID check and suspension)',
  start: `${OPS_START} Then open "Riders" (/ops/riders) and click a rider. Have riders in each state: one who uploaded an ID (dashboard → ID), one with none, one already approved or rejected.`,
  starts: { 'rider detail': 'Open a rider from the list; which rider decides the first screen (see each path’s first step).' },
  states: {
    '(root)': { says: 'The rider page of the console.', story: story('id-pending'), closest: true },
    loading: { says: 'The rider page is loading (placeholders).', story: story('rider-loading') },
    failed: { says: '"This rider could not be loaded." with a "Try again" button.', story: story('rider-load-failed') },
    ready: { says: 'The rider’s profile, the "ID check" section and the "Account" section side by side.', story: story('id-pending') },
    'ready.review': { says: 'The "ID check" section.', story: story('id-pending') },
    'ready.review.entering': { says: 'Only for a moment: the section takes the status the server gave (nothing of its own is drawn).', story: story('id-pending'), closest: true },
    'ready.review.none': { says: '"No ID uploaded": "No ID document uploaded yet."; no buttons.', story: story('id-none') },
    'ready.review.pending': { says: '"Awaiting check": the documents with "Open …" links, "Approve ID" and "Reject…"; a refusal shown above them.', story: story('id-pending') },
    'ready.review.approving': { says: '"Approve ID" is busy.', story: story('id-approving') },
    'ready.review.rejecting': {
      says: 'The "Reject the ID" form: "Reason (the rider reads it on the dashboard and by e-mail)", "Send rejection" and Cancel; an empty reason says "Tell the rider why, so they know what to upload".',
      story: story('id-rejecting'),
    },
    'ready.review.sendingRejection': { says: '"Send rejection" is busy.', story: story('id-sending-rejection') },
    'ready.review.approved': { says: '"Approved" with "Approved by <staff> on <date>".', story: story('id-approved') },
    'ready.review.rejected': { says: '"Rejected" with who rejected it, when, and "Reason given to the rider:".', story: story('id-rejected') },
    'ready.account': { says: 'The "Account" section.', story: story('account-active') },
    'ready.account.entering': { says: 'Only for a moment: the section takes the suspension the server gave (nothing of its own is drawn).', story: story('account-active'), closest: true },
    'ready.account.active': { says: '"Active: the rider can sign in and their public page is visible." and "Suspend rider…".', story: story('account-active') },
    'ready.account.confirmingSuspend': {
      says: 'The dialog "Suspend <username>": "Why (for the audit log and the desk)", "Your password or a fresh 6-digit code", "Suspend" and Cancel; any message under its field.',
      story: story('suspend-dialog'),
    },
    'ready.account.suspending': { says: '"Suspend" is busy.', story: story('suspending') },
    'ready.account.suspended': { says: 'The "Suspended" badge, "since <date>: <reason>", and "Lift suspension".', story: story('suspended') },
    'ready.account.lifting': { says: '"Lift suspension" is busy.', story: story('lifting') },
    'ready.documents': { says: 'In the "ID check" section: the name and picture the rider gave, beside the documents.', story: story('id-documents-shown') },
    'ready.documents.entering': { says: 'Only for a moment: a rider with documents starts loading them (nothing of its own is drawn).', story: story('id-pending'), closest: true },
    'ready.documents.none': { says: 'No document to show: "No ID document uploaded yet."', story: story('id-none') },
    'ready.documents.loading': { says: '"Loading the document…" under the documents.', story: story('id-pending') },
    'ready.documents.shown': { says: 'Each document inline: a PDF in a frame, a photo as an image, beside the rider’s name and picture.', story: story('id-documents-shown') },
    'ready.documents.failed': { says: '"The document could not be shown here. Try again, or open it." with "Show the document again".', story: story('id-documents-failed') },
  },
  events: {
    'xstate.done.actor.loadRider': (e) => {
      const rider = e.output as { review?: { status?: string }; suspension?: unknown } | undefined;
      const status = rider?.review?.status ?? 'pending';
      const which = { none: 'with no ID uploaded', pending: 'whose ID awaits a check', approved: 'whose ID is approved', rejected: 'whose ID was rejected' }[status] ?? status;
      return `Wait for the rider to load (open a rider ${which}${rider?.suspension ? ', suspended' : ''})`;
    },
    'xstate.error.actor.loadRider': (e) => failure(e, 'Wait for the rider to load'),
    RETRY: 'Press "Try again"',
    APPROVE: 'Press "Approve ID"',
    START_REJECT: 'Press "Reject…"',
    'xstate.done.actor.approve': 'Wait: the approval is saved (a toast "<username>\'s ID is approved")',
    'xstate.error.actor.approve': (e) => failure(e, 'Wait for the approval', 'have the rider upload a new document meanwhile to see this refusal'),
    REASON_CHANGED: (e) => typed(e, 'reason'),
    SUBMIT_REJECT: 'Press "Send rejection"',
    CANCEL_REJECT: 'Press Cancel in the reject form',
    'xstate.done.actor.reject': 'Wait: the rejection is saved and e-mailed to the rider',
    'xstate.error.actor.reject': (e) => failure(e, 'Wait for the rejection'),
    START_SUSPEND: 'Press "Suspend rider…"',
    SUSPEND_REASON_CHANGED: (e) => typed(e, 'Why'),
    CONFIRM_SUSPEND: (e) =>
      String(e.confirmation ?? '') === ''
        ? 'Leave "Your password or a fresh 6-digit code" empty and press "Suspend"'
        : 'Type your password in "Your password or a fresh 6-digit code" and press "Suspend"',
    CANCEL_SUSPEND: 'Press Cancel in the dialog',
    'xstate.done.actor.suspend': 'Wait: the rider is suspended ("<username> is suspended and signed out everywhere")',
    'xstate.error.actor.suspend': (e) => failure(e, 'Wait for the suspension', 'type a wrong password to see this refusal'),
    LIFT: 'Press "Lift suspension"',
    'xstate.done.actor.lift': 'Wait: the suspension is lifted ("<username> can sign in again")',
    'xstate.error.actor.lift': (e) => failure(e, 'Wait for the lift', 'lift it in another tab first to see this refusal'),
    'xstate.done.actor.loadDocuments': 'Wait: the document appears inline (a PDF in a frame, a photo as an image)',
    'xstate.error.actor.loadDocuments': (e) => failure(e, 'Wait for the document', 'go offline (DevTools → Network → Offline) before opening the rider to see this'),
    RETRY_DOCUMENTS: 'Press "Show the document again"',
  },
};
