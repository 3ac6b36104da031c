/** Test plan texts of machines/deliveries/bookingMachine.ts: "Send a parcel" at /send-a-parcel. */
import { bookingMessages as b } from '../../../src/shared/deliveries/bookingMessages';
import { failure, type MachinePlan, type PlanEvent } from './types';

const story = (name: string) => `deliveries-send-a-parcel--${name}`;
const label = (field: unknown) => b.labels[String(field) as keyof typeof b.labels] ?? String(field);

function changed(event: PlanEvent): string {
  const field = String(event.field);
  const value = String(event.value ?? '');
  if (field === 'parcel.size') return `Choose “${b.sizes[value as keyof typeof b.sizes]}” under ${label(field)}`;
  if (field === 'payment') return `Choose “${b.payments[value as keyof typeof b.payments]}” under ${label(field)}`;
  if (field.endsWith('.area')) return `In “${label(field)}” type part of “${value}” and tap it in the list`;
  return value.trim() === '' ? `Clear “${label(field)}”` : `Type “${value}” in “${label(field)}”`;
}

export const bookingPlan: MachinePlan = {
  machine: 'bookingMachine',
  title: 'Send a parcel (price and book)',
  start:
    'Open http://localhost:3000/send-a-parcel in a fresh tab (no captcha passed yet; or from the home page, "Send a parcel" in the hero or "Request for quotation"). ' +
    'The booked e-mail arrives at http://localhost:3000/dev/mail. Reload at any step: the page comes back where it was.',
  starts: {
    'a fresh tab': 'Open /send-a-parcel in a fresh tab.',
    'a reload with a held price': 'Price Ikeja → Lekki (medium, cash on delivery), fill every detail, then reload the page within 15 minutes.',
    'a reload after the held price ran out': 'Price Ikeja → Lekki (medium, cash on delivery), fill every detail, wait 16 minutes, then reload the page.',
    'a reload after booking': 'Book a delivery, then reload the page.',
  },
  states: {
    '(root)': { says: 'The "Send a parcel" page.', story: story('trip'), closest: true },
    starting: { says: 'Only for a moment on opening (or reloading) the page: where the booking was is read back.', story: story('trip'), closest: true },
    trip: {
      says: '"Where, what and when": the pickup and drop-off areas, the parcel size (or weight and sides abroad), the pickup time, the payment, an "Estimate: ₦…" once it can be priced, "Get price"; any message under its field.',
      story: story('trip'),
    },
    checkingTrip: { says: 'Only for a moment after "Get price": the trip is checked in the browser.', story: story('trip-errors'), closest: true },
    quoting: { says: '"Get price" reads "Getting your price…" and is disabled.', story: story('quoting') },
    details: {
      says: '"Your price": the breakdown line by line, the total, "We hold this price until HH:MM (Lagos time)", "Change trip"; then the pickup, drop-off and sender fields, the captcha and "Book delivery"; any message under its field.',
      story: story('details'),
    },
    checkingDetails: { says: 'Only for a moment after "Book delivery": the details are checked in the browser.', story: story('details-errors'), closest: true },
    verifyingCaptcha: { says: '"Book delivery" reads "Booking…" while the captcha is verified.', story: story('booking'), closest: true },
    booking: { says: '"Book delivery" reads "Booking…" and is disabled while the delivery is booked.', story: story('booking') },
    requoting: { says: '"Your price" reads "Pricing again…": the held price ran out and the same trip is priced again.', story: story('requoting') },
    savingAddresses: {
      says: '"Booked" with the reference and the link, and "Saving the address…" while the company\'s drop-off (or pickup) is added to its saved addresses.',
      story: story('company-saving-addresses'),
    },
    booked: {
      says: '"Booked": "Your delivery OGB-… is booked.", the reference, the price, the tracking link, "Share on WhatsApp", "An e-mail … is on its way to <e-mail>." and "Send another parcel".',
      story: story('booked'),
    },
  },
  events: {
    CHANGE: (e) => changed(e),
    QUOTE: 'Press "Get price"',
    EDIT_TRIP: 'Press "Change trip"',
    BOOK: 'Press "Book delivery"',
    ENGAGE: 'Click into "Pickup street address" (the captcha widget appears)',
    CAPTCHA_SOLVED: 'Tick the hCaptcha box and solve it',
    CAPTCHA_EXPIRED: 'Wait two minutes without booking: the solved captcha expires',
    CAPTCHA_ERROR: 'Make the captcha widget fail (block hcaptcha.com in DevTools → Network request blocking)',
    CAPTCHA_PASS: 'Pass the captcha in another form of this tab (e.g. the Quick Enquiry on the home page)',
    TICK: (e) => ((e as { expire?: boolean }).expire ? 'Wait 15 minutes without booking: the held price runs out' : 'Wait a minute'),
    NEW_BOOKING: 'Press "Send another parcel"',
    ACCOUNT: 'Sign in as a company (e.g. in another tab, then come back and reload): "Use a saved pickup address" appears when it has saved addresses; the sender fields are filled from its account and no captcha is asked',
    USE_ADDRESS: (e) =>
      e.end === 'dropoff'
        ? `Under "${b.useSaved.dropoff}" choose a saved address: its area, street address, landmark, contact and the recipient's e-mail fill in (an address saved without one empties "${b.labels['dropoff.contact_email']}")`
        : `Under "${b.useSaved.pickup}" choose a saved address: its area, street address, landmark and contact fill in (the recipient's e-mail is left as it is)`,
    'xstate.done.actor.saveAddresses': 'Wait: "The address is saved: choose it next time." (Account tab → saved addresses lists it)',
    'xstate.error.actor.saveAddresses': (e) => failure(e, 'Wait for the address to be saved', 'save 20 addresses first, so the list is full'),
    'xstate.done.actor.requestQuote': 'Wait: the price is given and held 15 minutes',
    'xstate.error.actor.requestQuote': (e) => failure(e, 'Wait for the price', 'choose an area the list lacks by editing the page, or a time that has passed'),
    'xstate.done.actor.verifyCaptcha': (e) =>
      (e.output as { success?: boolean } | undefined)?.success ? 'Wait: the captcha is accepted' : 'Wait: the captcha is refused (solve it slowly until it expires)',
    'xstate.error.actor.verifyCaptcha': (e) => failure(e, 'Wait for the captcha check'),
    'xstate.done.actor.book': 'Wait: the delivery is booked and the e-mail sent',
    'xstate.error.actor.book': (e) => failure(e, 'Wait for the booking', 'e.g. wait 15 minutes first for the held price to expire'),
  },
};
