/** Test plan texts of machines/ops/dispatchBoardMachine.ts: the console's dispatch board. */
import { boardMessages as m } from '../../../src/shared/deliveries/boardMessages';
import { dispatchMessages } from '../../../src/shared/deliveries/dispatchMessages';
import { failure, OPS_START, typed, type MachinePlan } from './types';

const story = (name: string) => `console-dispatch-board--${name}`;

export const dispatchBoardPlan: MachinePlan = {
  machine: 'dispatchBoardMachine',
  title: 'Console: the dispatch board',
  start:
    `${OPS_START} Then open "${m.navLabel}" (/ops/deliveries). Have a booking made on /send-a-parcel (booked), a failed one (a rider reports it failed), a returning one (a failed one returned to sender), ` +
    'and at least one available rider: a rider who finished sign-up, whose ID was approved, with "Available for deliveries" on for the pickup area.',
  starts: {
    board: 'The board just opened at /ops/deliveries; open a delivery by its reference (the address becomes /ops/deliveries/<id>).',
    'delivery address': 'Paste a delivery’s address /ops/deliveries/<id> into a new tab: the board opens with the delivery beside it.',
  },
  states: {
    '(root)': { says: `"${m.heading}": the live line, the deliveries (failed, late for pickup, unassigned first), the open delivery beside them, "${m.ridersHeading}" below.`, story: story('live'), closest: true },
    live: { says: 'The line under the heading says how the board keeps current.', story: story('live'), closest: true },
    'live.watching': { says: 'The board listens to the live feed.', story: story('live'), closest: true },
    'live.watching.connecting': { says: `"${m.live.connecting}"`, story: story('board-loading') },
    'live.watching.streaming': { says: `"${m.live.streaming}"`, story: story('live') },
    'live.watching.settling': { says: `Still "${m.live.streaming}"; a second later the list (and the open delivery, and the riders) show the move without a reload.`, story: story('live'), closest: true },
    'live.polling': { says: `"${m.live.polling}"; every 20 seconds the list, the open delivery and the riders are read again.`, story: story('polling') },
    riders: { says: `The "${m.ridersHeading}" section.`, story: story('live'), closest: true },
    'riders.loading': { says: `"${m.ridersLoading}" (the table kept when it was shown before).`, story: story('board-loading') },
    'riders.ready': { says: 'Each available rider (and each with a job today): areas, today’s jobs with their status, the cash to collect in naira.', story: story('live') },
    'riders.failed': { says: `"${m.ridersFailed}" with "${m.tryAgain}".`, story: story('board-load-failed') },
    detail: { says: 'The panel beside the list (below it on a phone).', story: story('delivery-booked'), closest: true },
    'detail.choosing': { says: 'Only for a moment: the address says whether a delivery is open (nothing of its own is drawn).', story: story('live'), closest: true },
    'detail.closed': { says: 'No delivery open: the list takes the width.', story: story('live') },
    'detail.loading': { says: `"${m.detailLabel}" with placeholders and "${m.close}".`, story: story('delivery-loading') },
    'detail.failed': { says: `"${m.detailFailed}" with "${m.tryAgain}".`, story: story('delivery-load-failed') },
    'detail.open': { says: 'The delivery: reference and status, contacts and addresses, parcel, rider, price and pay, offers and the timeline.', story: story('delivery-booked') },
    'detail.open.idle': {
      says: `The moves its status allows: booked "${m.moves.assign}", "${m.moves.offerNearby}", "${m.moves.offerTo}", "${m.moves.cancel}"; assigned "${m.moves.reassign}"; failed "${m.moves.retry}", "${m.moves.return}"; returning "${m.moves.returned}"; a refusal on the alert line above them.`,
      story: story('delivery-booked'),
    },
    'detail.open.choosingRider': { says: `"${m.riderLabel}": available riders near the pickup, nearest first ("${m.riderHelp}"), the send button and "${m.back}"; "${m.chooseRider}" or the server's refusal under the field.`, story: story('choosing-rider') },
    'detail.open.cancelling': { says: `"${m.reasonLabel}", "${m.submit.cancel}" and "${m.back}"; "${dispatchMessages.cancelReasonRequired}" or the server's refusal under the field.`, story: story('cancelling') },
    'detail.open.confirmingReturned': { says: `"${m.moves.returned}": "${m.returnedConfirm}", "${m.submit.returned}" and "${m.back}".`, story: story('confirming-returned') },
    'detail.open.moving': { says: `The button says "${m.working}"; the fields are disabled.`, story: story('moving') },
    'detail.open.refreshing': { says: 'The delivery is read again (the last answer stays meanwhile).', story: story('refreshing') },
  },
  events: {
    OPEN: 'Click a delivery’s reference in the list',
    CLOSE: `Click "${m.close}"`,
    RETRY_DETAIL: `Click "${m.tryAgain}" in the delivery panel`,
    RETRY_RIDERS: `Click "${m.tryAgain}" under "${m.ridersHeading}"`,
    PICK_RIDER: (e) => `Click "${e.move === 'reassign' ? m.moves.reassign : e.move === 'offer' ? m.moves.offerTo : m.moves.assign}"`,
    RIDER_CHOSEN: `Choose a rider in "${m.riderLabel}"`,
    OFFER_NEARBY: `Click "${m.moves.offerNearby}"`,
    START_CANCEL: `Click "${m.moves.cancel}"`,
    REASON_CHANGED: (e) => typed(e, m.reasonLabel),
    RESOLVE: (e) => `Click "${e.move === 'return' ? m.moves.return : m.moves.retry}"`,
    START_RETURNED: `Click "${m.moves.returned}"`,
    SUBMIT: `Click the send button of the form ("${m.submit.assign}", "${m.submit.reassign}", "${m.submit.offer}", "${m.submit.cancel}" or "${m.submit.returned}")`,
    BACK: `Click "${m.back}"`,
    FEED_OPEN: 'Wait for the live feed to connect (the server has GET /api/ops/deliveries/events)',
    FEED_EVENT: 'In another window, book a parcel or move a delivery (e.g. a rider accepts an offer)',
    FEED_DOWN: 'Stop the server’s stream (or the route is not there: 404; or DevTools → Network offline for a moment)',
    DETAIL_STALE: 'Wait: the feed settled or the poll ran out with the delivery open',
    RIDERS_STALE: 'Wait: the feed settled, the poll ran out or a move was made',
    'xstate.after.debounce.dispatchBoard.live.watching.settling': 'Wait a second after the last move: the board shows it without a reload',
    'xstate.after.pollInterval.dispatchBoard.live.polling': 'Wait 20 seconds: the board is read again and the feed is tried again',
    'xstate.done.actor.loadRiders': 'Wait for the riders',
    'xstate.error.actor.loadRiders': (e) => failure(e, 'Wait for the riders'),
    'xstate.done.actor.loadDetail': (e) => `Wait for the delivery (${(e.output as { status?: string } | undefined)?.status ?? 'booked'})`,
    'xstate.error.actor.loadDetail': (e) => failure(e, 'Wait for the delivery'),
    'xstate.done.actor.reloadDetail': 'Wait for the delivery as it now is',
    'xstate.error.actor.reloadDetail': (e) => failure(e, 'Wait for the delivery as it now is'),
    'xstate.done.actor.move': 'Wait: a toast says the move was made; the list and the riders are read again',
    'xstate.error.actor.move': (e) => failure(e, 'Wait for the move', 'choose a rider who switched availability off, or move it in another window first'),
  },
};
