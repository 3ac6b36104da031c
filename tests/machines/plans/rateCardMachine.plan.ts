/** Test plan texts of machines/ops/rateCardMachine.ts: the console's rate card (admins edit, dispatchers read). */
import { rateCardMessages as rm } from '../../../src/shared/deliveries/rateCardMessages';
import { failure, OPS_START, type MachinePlan } from './types';

const story = (name: string) => `console-rate-card--${name}`;

export const rateCardPlan: MachinePlan = {
  machine: 'rateCardMachine',
  title: 'Console: the delivery rate card',
  start: `${OPS_START} Open "${rm.navLabel}" (/ops/rate-card) as an admin (a dispatcher sees the same page, read only).`,
  starts: {
    admin: 'Signed in as an admin: every figure can be typed into, with "Save as a new version".',
    dispatcher: 'Signed in as a dispatcher: the figures are read only and there is no Save button.',
  },
  states: {
    '(root)': { says: 'The "Rate card" page of the console.', story: story('editing'), closest: true },
    loading: { says: 'A loading skeleton ("Loading the rate card…").', story: story('loading') },
    failed: { says: `"${rm.loadFailed}" with "Try again".`, story: story('load-failed') },
    ready: {
      says:
        '"Version N, saved by … on …", every figure in naira grouped (Lagos same-day, Distance bands, Parcel sizes, Rush hours, Opening hours, …), ' +
        `each distance band and rush-hour window with "${rm.remove}" and its group's "${rm.addBand}" / "${rm.addWindow}", a window's days as tick boxes, ` +
        `"${rm.previewHeading}" with each sample's price now and with these figures (a dash while a figure is refused), and "${rm.history}"; a refused figure shows its message under it; after a save, "Saved: version N…".`,
      story: story('editing'),
    },
    confirming: { says: `The dialog "${rm.confirmTitle}" with "Your password or a fresh 6-digit code" and "${rm.confirmLabel}"; a wrong one shows "That password or code is not right" under the field.`, story: story('confirming') },
    saving: { says: `The dialog's button reads "Submitting…" and the form's reads "${rm.saving}".`, story: story('saving') },
    conflict: { says: `"${rm.conflict}" with "${rm.reload}"; no Save button.`, story: story('conflict') },
  },
  events: {
    RETRY: 'Press "Try again"',
    EDIT: (e) => `Type ${String(e.value)} in "${rm.fields.baseFare}"`,
    DISCARD: `Press "${rm.discard}"`,
    ADD: (e) => `Press "${e.list === 'bands' ? rm.addBand : rm.addWindow}"${e.list === 'bands' ? ' (the band that was last now needs an "up to")' : ' (a Monday-to-Friday window, its times to type)'}`,
    REMOVE: (e) => `Press "${rm.remove}" beside ${e.list === 'bands' ? `band ${Number(e.index) + 1}` : `window ${Number(e.index) + 1}`}`,
    TOGGLE_DAY: (e) => `Tick or untick "${rm.dayShort[Number(e.day)]}" in "${rm.fields.windowDays(Number(e.index) + 1)}"`,
    SAVE: `Press "${rm.save}"`,
    CONFIRM: `Type your password in "Your password or a fresh 6-digit code" and press "${rm.confirmLabel}"`,
    CANCEL: 'Press "Cancel" in the dialog',
    RELOAD: `Press "${rm.reload}"`,
    'xstate.done.actor.load': 'Wait: the rate card loads',
    'xstate.error.actor.load': (e) => failure(e, 'Wait for the rate card'),
    'xstate.done.actor.save': 'Wait: the new version is saved (the page says so and lists it first)',
    'xstate.error.actor.save': (e) =>
      failure(e, 'Wait for the save', 'type a wrong password for the refusal under the field; save from a second tab first for the conflict'),
  },
};
