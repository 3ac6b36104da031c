/**
 * The events the booking machine (machines/deliveries/bookingMachine.ts) is explored with, shared by
 * its view test (tests/web/SendParcel.test.tsx) and its stories: filling the trip (Ikeja → Lekki,
 * a medium parcel, cash on delivery) field by field, the clock, asking for the price and every
 * answer (the held quote, a refusal under a field, a failure); then the details field by field,
 * the captcha's events, booking and every answer (booked, the captcha pass refused, the held
 * price expired, a refusal under a trip or a details field, a failure), the held price running
 * out while the sender types, and a new booking. A signed-in company's account arriving (its
 * details filled, no captcha), a saved address chosen for the pickup, the drop-off asked to be
 * saved (with the recipient's e-mail), and the save's answers after the booking. (A saved
 * drop-off filling the recipient's e-mail is its own test in tests/web/SendParcel.test.tsx: it
 * takes no transition the pickup's does not.)
 *
 * The model's states are coarse (where the machine is, how far each part is filled, which fields
 * hold a message, the captcha's state, whether a quote is held), so the graph stays small;
 * `coveringPaths` picks paths that together take every transition of the machine.
 */
import { createActor, fromPromise, type AnyStateMachine } from 'xstate';
import { SubmitError } from '../../machines/kit/formMachine';
import { bookingMachine, type BookingAccount, type BookingEvent, type BookingInput, type BookingSnapshot, type HeldQuote } from '../../machines/deliveries/bookingMachine';
import { emptyBookingValues, type BookingField } from '../../machines/deliveries/bookingRules';
import type { SavedAddress } from '../../src/shared/deliveries/savedAddresses';
import { deliveryMessages as m } from '../../src/shared/deliveries/messages';
import { messages } from '../../src/shared/messages';
import { coverAll, TransitionRecorder } from './coverage';

/** Tuesday 24 November 2026, 11:00 in Lagos: open, outside rush hours. */
export const T0 = Date.parse('2026-11-24T10:00:00.000Z');
export const KEY = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
export const NEXT_KEY = '7a2b3c4d-5e6f-4a0b-9c1d-2e3f4a5b6c7d';
export const CAPTCHA_TOKEN = 'pass-model-token';
export const HOLD_MS = 15 * 60_000;

export const INPUT: BookingInput = { now: T0, captchaPassed: false, idempotencyKey: KEY, saved: null };

export const TRIP_FILL: ReadonlyArray<readonly [BookingField, string]> = [
  ['pickup.area', 'Ikeja'],
  ['dropoff.area', 'Lekki'],
  ['parcel.size', 'medium'],
  ['payment', 'cash_on_delivery'],
];

export const DETAILS_FILL: ReadonlyArray<readonly [BookingField, string]> = [
  ['pickup.address', '14 Allen Avenue'],
  ['pickup.landmark', 'Opposite the Mobil filling station'],
  ['pickup.contact_name', 'Ada Okafor'],
  ['pickup.contact_phone', '0803 123 4567'],
  ['dropoff.address', '5 Admiralty Way'],
  ['dropoff.contact_name', 'Tunde Bello'],
  ['dropoff.contact_phone', '0812 345 6789'],
  ['dropoff.contact_email', 'tunde@example.ng'],
  ['description', 'A box of shoes'],
  ['sender.name', 'Ada Okafor'],
  ['sender.phone', '0803 123 4567'],
  ['sender.email', 'ada@example.ng'],
];

/** A signed-in company's saved pickup: the same place as DETAILS_FILL's, so choosing it fills those fields. */
export const SAVED_SHOP: SavedAddress = {
  id: '5d4c3b2a-1111-4222-8333-999988887777',
  label: 'Shop',
  state: 'Lagos',
  area: 'Ikeja',
  address: '14 Allen Avenue',
  landmark: 'Opposite the Mobil filling station',
  contact_name: 'Ada Okafor',
  contact_phone: '0803 123 4567',
  contact_email: '',
  created_at: '2026-11-20T10:00:00.000Z',
};
/** A regular customer the company sends to, saved with the recipient's e-mail. */
export const SAVED_CUSTOMER: SavedAddress = {
  ...SAVED_SHOP,
  id: '7f6e5d4c-3333-4444-8555-bbbbccccdddd',
  label: 'Chidi (weekly)',
  area: 'Lekki',
  address: '9 Fola Osibo Road',
  landmark: 'The blue gate',
  contact_name: 'Chidi Eze',
  contact_phone: '+2348091112222',
  contact_email: 'chidi@example.ng',
};
export const ACCOUNT: BookingAccount = { sender: { name: 'Ada Okafor', phone: '0803 123 4567', email: 'ada@example.ng' }, addresses: [SAVED_SHOP, SAVED_CUSTOMER] };
export const DROPOFF_LABEL = 'Lekki customer';
export const SAVED_DROPOFF: SavedAddress = {
  ...SAVED_SHOP,
  id: '6e5d4c3b-2222-4333-8444-aaaabbbbcccc',
  label: DROPOFF_LABEL,
  area: 'Lekki',
  address: '5 Admiralty Way',
  landmark: '',
  contact_name: 'Tunde Bello',
  contact_phone: '+2348123456789',
  contact_email: 'tunde@example.ng',
};

/** The booking as kept after each step, for the starts after a reload (a held price, one run out, booked). */
export function savedInputs(): { label: string; input: BookingInput }[] {
  const values = { ...emptyBookingValues(), ...Object.fromEntries([...TRIP_FILL, ...DETAILS_FILL]) };
  const saved = { values, quote: heldQuote(T0), idempotencyKey: KEY, booked: null };
  return [
    { label: 'a reload with a held price', input: { ...INPUT, saved } },
    { label: 'a reload after the held price ran out', input: { ...INPUT, now: T0 + HOLD_MS + 60_000, saved } },
    { label: 'a reload after booking', input: { ...INPUT, saved: { ...saved, booked: { ...DELIVERY, email: 'ada@example.ng' } } } },
  ];
}

/** The server's held quote, priced at `now`. */
export function heldQuote(now: number, id = 'q-1'): HeldQuote {
  return {
    id,
    price_kobo: 580000,
    currency: 'NGN',
    breakdown: [
      { label: 'Base fare', amount_kobo: 100000 },
      { label: '24.0 km', amount_kobo: 350000 },
      { label: 'Medium parcel', amount_kobo: 50000 },
      { label: 'Island crossing', amount_kobo: 50000 },
      { label: 'Cash on delivery', amount_kobo: 11600 },
      { label: 'Rounded up to the next ₦50', amount_kobo: 18400 },
    ],
    expires_at: new Date(now + HOLD_MS).toISOString(),
    distance_km: 24,
  };
}

export const DELIVERY = {
  id: '0b7e9c1a-1111-4222-8333-444455556666',
  reference: 'OGB-7K2Q9',
  status: 'booked',
  tracking_url: 'http://localhost:3000/track/trk_8Qm2x7Lz0pVb4nYc',
  price_kobo: 580000,
};

type Actor = 'requestQuote' | 'verifyCaptcha' | 'book' | 'saveAddresses';
export type BookingModelEvent =
  | (BookingEvent & { expire?: boolean })
  | { type: `xstate.done.actor.${Actor}`; output: unknown }
  | { type: `xstate.error.actor.${Actor}`; error: unknown };

const fail = (field: string, message: string) => new SubmitError({ field, message });

const filled = (snapshot: BookingSnapshot, fill: ReadonlyArray<readonly [BookingField, string]>) =>
  fill.filter(([f]) => snapshot.context.values[f] !== '').length;

/**
 * The event as it happens from `snapshot` itself: the graph keeps one snapshot per coarse state,
 * so a stored answer or clock tick may have been made for another snapshot with the same key.
 */
export function liveEvent(event: BookingModelEvent, snapshot: BookingSnapshot): BookingModelEvent {
  const { context } = snapshot;
  if (event.type === 'TICK') {
    const expiry = context.quote ? Date.parse(context.quote.expires_at) : context.now;
    return { type: 'TICK', now: (event as { expire?: boolean }).expire ? expiry : context.now + 60_000, expire: (event as { expire?: boolean }).expire };
  }
  if (event.type === 'xstate.done.actor.requestQuote') return { ...event, output: { quote: heldQuote(context.now, context.quote ? 'q-2' : 'q-1') } };
  return event;
}

/** What can happen in the state: what the sender does on the page, the clock, or the network's answers. */
export function bookingEvents(snapshot: BookingSnapshot): BookingModelEvent[] {
  const { context } = snapshot;
  if (snapshot.matches('trip')) {
    const count = filled(snapshot, TRIP_FILL);
    const next = TRIP_FILL.find(([f]) => context.values[f] === '');
    const events: BookingModelEvent[] = [{ type: 'QUOTE' }];
    if (next) events.push({ type: 'CHANGE', field: next[0], value: next[1] });
    if (count === 0) events.push({ type: 'TICK', now: context.now + 60_000 });
    // A company signs in (in another tab, or its session is read just after the page opened).
    if (count === 0 && context.account === null) events.push({ type: 'ACCOUNT', account: ACCOUNT });
    if (context.account !== null && context.values['pickup.address'] === '') events.push({ type: 'USE_ADDRESS', end: 'pickup', id: SAVED_SHOP.id });
    return events;
  }
  if (snapshot.matches('quoting') || snapshot.matches('requoting')) {
    return [
      { type: 'xstate.done.actor.requestQuote', output: { quote: heldQuote(context.now) } },
      { type: 'xstate.error.actor.requestQuote', error: fail('dropoff.area', m.unknownArea) },
      { type: 'xstate.error.actor.requestQuote', error: fail('alert', messages.submitFailed) },
    ];
  }
  if (snapshot.matches('details')) {
    const count = filled(snapshot, DETAILS_FILL);
    const next = DETAILS_FILL.find(([f]) => context.values[f] === '');
    const events: BookingModelEvent[] = [{ type: 'BOOK' }];
    if (next) events.push({ type: 'CHANGE', field: next[0], value: next[1] });
    if (count === 0 || count === DETAILS_FILL.length) {
      if (!context.engaged) events.push({ type: 'ENGAGE' });
      if (context.engaged && !context.captchaPassed && context.captchaToken === null) events.push({ type: 'CAPTCHA_SOLVED', token: CAPTCHA_TOKEN });
      if (context.engaged && !context.captchaPassed && context.captchaToken !== null) events.push({ type: 'CAPTCHA_EXPIRED' }, { type: 'CAPTCHA_ERROR' });
      events.push({ type: 'TICK', now: context.now + 60_000 }, { type: 'TICK', now: context.now + HOLD_MS, expire: true });
    }
    // Another form of the tab passes the captcha: this one needs it no more.
    if (count === DETAILS_FILL.length && !context.captchaPassed) events.push({ type: 'CAPTCHA_PASS', passed: true });
    if (count === 0) events.push({ type: 'EDIT_TRIP' });
    // A company asks to save the drop-off, and names it.
    if (context.account !== null && count === DETAILS_FILL.length) {
      if (context.values['dropoff.save'] === '') events.push({ type: 'CHANGE', field: 'dropoff.save', value: 'yes' });
      else if (context.values['dropoff.save_label'] === '') events.push({ type: 'CHANGE', field: 'dropoff.save_label', value: DROPOFF_LABEL });
    }
    return events;
  }
  if (snapshot.matches('verifyingCaptcha')) {
    return [
      { type: 'xstate.done.actor.verifyCaptcha', output: { success: true } },
      { type: 'xstate.done.actor.verifyCaptcha', output: { success: false } },
      { type: 'xstate.error.actor.verifyCaptcha', error: new Error('offline') },
    ];
  }
  if (snapshot.matches('booking')) {
    return [
      { type: 'xstate.done.actor.book', output: { delivery: DELIVERY } },
      { type: 'xstate.error.actor.book', error: fail('captcha', messages.completeCaptcha) },
      { type: 'xstate.error.actor.book', error: fail('quote_id', 'This price is no longer held. Get a new price.') },
      { type: 'xstate.error.actor.book', error: fail('pickup.area', m.unknownArea) },
      { type: 'xstate.error.actor.book', error: fail('sender.phone', messages.invalidPhone) },
      { type: 'xstate.error.actor.book', error: fail('dropoff.contact_email', m.booking.enterRecipientEmail) },
      { type: 'xstate.error.actor.book', error: fail('alert', messages.submitFailed) },
    ];
  }
  if (snapshot.matches('savingAddresses')) {
    return [
      { type: 'xstate.done.actor.saveAddresses', output: { addresses: [SAVED_DROPOFF] } },
      { type: 'xstate.error.actor.saveAddresses', error: fail('alert', m.savedAddresses.tooMany(20)) },
    ];
  }
  if (snapshot.matches('booked')) return [{ type: 'NEW_BOOKING', idempotencyKey: NEXT_KEY }];
  return [];
}

/** Coarse on purpose (see the file's comment). */
export function serializeBooking(snapshot: BookingSnapshot): string {
  const { context } = snapshot;
  return JSON.stringify([
    snapshot.value,
    filled(snapshot, TRIP_FILL),
    filled(snapshot, DETAILS_FILL),
    context.errors.map((e) => e.field).sort(),
    context.captchaPassed,
    context.captchaToken !== null,
    context.engaged,
    context.quote !== null,
    context.notice !== null,
    context.booked !== null,
    context.idempotencyKey === KEY,
    context.account !== null,
    context.values['dropoff.save'],
    context.values['dropoff.save_label'] !== '',
  ]);
}

interface Step {
  event: { type: string };
  state: unknown;
}

/** The transition keys (tests/machines/coverage.ts) a path takes, eventless ones included. */
function keysOf(machine: AnyStateMachine, steps: Step[]): Set<string> {
  const recorder = new TransitionRecorder();
  // Requests never settle by themselves: the path's own answers are sent as events.
  const never = fromPromise(() => new Promise<never>(() => {}));
  const actor = createActor((machine as typeof bookingMachine).provide({ actors: { requestQuote: never, verifyCaptcha: never, book: never, saveAddresses: never } as never }), {
    input: INPUT,
    inspect: recorder.inspect,
  });
  actor.start();
  for (const step of steps) {
    if (step.event.type === 'xstate.init') continue;
    actor.send(liveEvent(step.event as BookingModelEvent, actor.getSnapshot()) as never);
  }
  actor.stop();
  return new Set(recorder.taken.keys());
}

/** From the edge paths, the fewest, shortest first, that together take every transition a path can take. */
export function coveringPaths(machine: AnyStateMachine, paths: Step[][]): Step[][] {
  return coverAll(paths, (steps) => steps.length, (steps) => keysOf(machine, steps));
}
