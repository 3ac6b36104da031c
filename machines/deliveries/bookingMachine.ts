/**
 * "Send a parcel": price, then book, without an account.
 *
 *   starting ─┬─▶ trip | details (a held quote) | requoting (the held quote expired) | booked   (after a reload)
 *   trip ──QUOTE──▶ checkingTrip ─┬─▶ trip (every rule that failed, under its field)
 *                                 └─▶ quoting ──▶ details | trip (a refusal under its field, or a notice)
 *   details ──BOOK──▶ checkingDetails ─┬─▶ details (rules failed, or the captcha missing)
 *                                      ├─▶ verifyingCaptcha ──▶ booking | details
 *                                      └─▶ booking ──▶ booked | details | trip | requoting (the quote expired)
 *   details ──TICK (the held price expired)──▶ requoting ──▶ details (the new price, and a note) | trip
 *   details ──EDIT_TRIP──▶ trip          booked ──NEW_BOOKING──▶ trip
 *   booking ──(a signed-in company asked to save an end)──▶ savingAddresses ──▶ booked (a note either way)
 *
 * A signed-in company (ACCOUNT, sent by the app once its details and saved addresses are read):
 * its sender details fill the empty sender fields, it needs no captcha (the server knows its
 * session), it may fill an end from a saved address (USE_ADDRESS, on the trip: the area is part
 * of the price; as the drop-off, the recipient's e-mail too) and ask to save an end (a drop-off
 * with its recipient's e-mail). The address is saved right after the booking, not in its
 * transaction: the booking is the public API's, and a full list of addresses must never cost the
 * sender the booking. A reload while saving shows the booking, the address unsaved.
 *
 * While the sender types the trip, the view shows an estimate from the shared price function;
 * the server's quote (held 15 minutes) is the price booked. The booking carries an
 * Idempotency-Key made once per booking (in the input, and in NEW_BOOKING) and kept with the
 * rest: the app saves `savedOf(context)` after each step and starts from it after a reload, so
 * a reload or a retry books once.
 *
 * Pure: the time comes in the input and in TICK; every effect (the requests, the session's
 * captcha pass) is a named actor or action supplied with .provide().
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { FieldError } from '../../src/shared/api';
import { messages } from '../../src/shared/messages';
import { bookingMessages as b } from '../../src/shared/deliveries/bookingMessages';
import type { SavedAddress } from '../../src/shared/deliveries/savedAddresses';
import { fieldErrorOf, messageOf } from '../kit/errors';
import { CAPTCHA_FIELD } from '../kit/formMachine';
import {
  bookingBody,
  detailErrors,
  emptyBookingValues,
  endsToSave,
  isTripField,
  quoteBody,
  savedAddressBody,
  tripErrors,
  valuesFromSaved,
  type BookingEnd,
  type BookingField,
  type BookingValues,
} from './bookingRules';

export { CAPTCHA_FIELD };

/** The server's held quote (POST /api/deliveries/quotes). */
export interface HeldQuote {
  id: string;
  price_kobo: number;
  currency: 'NGN';
  breakdown: { label: string; amount_kobo: number }[];
  expires_at: string;
  distance_km?: number;
}

/** The booking as the server answered it (POST /api/deliveries). */
export interface BookedDelivery {
  id: string;
  reference: string;
  status: string;
  tracking_url: string;
  price_kobo: number;
}

/** What survives a reload (sessionStorage in the app): no captcha token, no message. */
export interface SavedBooking {
  values: BookingValues;
  quote: HeldQuote | null;
  idempotencyKey: string;
  booked: (BookedDelivery & { email: string }) | null;
}

/** A signed-in company's details for the sender fields, and its saved addresses. */
export interface BookingAccount {
  sender: { name: string; phone: string; email: string };
  addresses: SavedAddress[];
}

export interface BookingInput {
  now: number;
  /** Spec §4: a captcha passed once in this browser session is not asked again. */
  captchaPassed: boolean;
  /** A new key for this booking (used unless a saved booking brings its own). */
  idempotencyKey: string;
  saved: SavedBooking | null;
}

export interface BookingContext extends SavedBooking {
  now: number;
  /** Every message under a field the screen shows now. */
  errors: FieldError[];
  /** A message that belongs to no field, or the note that the price was given again. */
  notice: string | null;
  captchaToken: string | null;
  captchaPassed: boolean;
  captchaResets: number;
  /** The sender has started on the details: only then is the captcha script loaded. */
  engaged: boolean;
  /** Bumped whenever messages are shown, so the view moves the focus to the first invalid field (not while typing). */
  focusInvalid: number;
  /** A signed-in company's details and saved addresses; null for a visitor. */
  account: BookingAccount | null;
}

export type BookingEvent =
  | { type: 'CHANGE'; field: BookingField; value: string }
  | { type: 'QUOTE' }
  | { type: 'EDIT_TRIP' }
  | { type: 'BOOK' }
  | { type: 'ENGAGE' }
  | { type: 'CAPTCHA_SOLVED'; token: string }
  | { type: 'CAPTCHA_EXPIRED' }
  | { type: 'CAPTCHA_ERROR' }
  | { type: 'CAPTCHA_PASS'; passed: boolean }
  | { type: 'TICK'; now: number }
  | { type: 'NEW_BOOKING'; idempotencyKey: string }
  | { type: 'ACCOUNT'; account: BookingAccount | null }
  | { type: 'USE_ADDRESS'; end: BookingEnd; id: string };

export interface QuoteRequest {
  body: Record<string, unknown>;
}
export interface BookRequest {
  body: Record<string, unknown>;
  idempotencyKey: string;
}

export const savedOf = (context: BookingContext): SavedBooking => ({
  values: context.values,
  quote: context.quote,
  idempotencyKey: context.idempotencyKey,
  booked: context.booked,
});

const expired = (quote: HeldQuote | null, now: number) => quote !== null && now >= Date.parse(quote.expires_at);
const without = (errors: readonly FieldError[], field: string) => errors.filter((e) => e.field !== field);

export const bookingMachine = setup({
  types: {
    input: {} as BookingInput,
    context: {} as BookingContext,
    events: {} as BookingEvent,
  },
  actors: {
    requestQuote: fromPromise<{ quote: HeldQuote }, QuoteRequest>(async () => {
      throw new Error('requestQuote not provided');
    }),
    verifyCaptcha: fromPromise<{ success: boolean }, { token: string }>(async () => {
      throw new Error('verifyCaptcha not provided');
    }),
    book: fromPromise<{ delivery: BookedDelivery }, BookRequest>(async () => {
      throw new Error('book not provided');
    }),
    saveAddresses: fromPromise<{ addresses: SavedAddress[] }, { bodies: Record<string, string>[] }>(async () => {
      throw new Error('saveAddresses not provided');
    }),
  },
  actions: {
    rememberCaptchaPassed: () => {},
    forgetCaptchaPassed: () => {},
    applyChange: assign(({ context, event }) => {
      const e = event as Extract<BookingEvent, { type: 'CHANGE' }>;
      const values = { ...context.values, [e.field]: e.value };
      // A new day empties the time: the old one may not be open then.
      if (e.field === 'when' && e.value !== context.values.when) values.pickup_at = '';
      let errors = without(context.errors, e.field);
      if (e.field === 'when') errors = without(errors, 'pickup_at');
      if (e.field === 'dropoff.kind') errors = errors.filter((x) => !x.field.startsWith('dropoff.') && !x.field.startsWith('parcel.') && x.field !== 'payment');
      return { values, errors };
    }),
    resetCaptcha: assign({ captchaToken: null, captchaResets: ({ context }) => context.captchaResets + 1 }),
    applyAccount: assign(({ context, event }) => {
      const { account } = event as Extract<BookingEvent, { type: 'ACCOUNT' }>;
      if (!account) return { account: null };
      // The account's details fill only what the sender has not typed; they stay editable.
      const values = { ...context.values };
      for (const key of ['name', 'phone', 'email'] as const) if (values[`sender.${key}`] === '') values[`sender.${key}`] = account.sender[key];
      return { account, values, errors: context.errors.filter((e) => e.field !== CAPTCHA_FIELD) };
    }),
    useAddress: assign(({ context, event }) => {
      const e = event as Extract<BookingEvent, { type: 'USE_ADDRESS' }>;
      const address = context.account?.addresses.find((a) => a.id === e.id);
      if (!address) return {};
      const filled = valuesFromSaved(e.end, address);
      return { values: { ...context.values, ...filled }, errors: context.errors.filter((x) => !(x.field in filled)) };
    }),
  },
  guards: {
    isBooked: ({ context }) => context.booked !== null,
    quoteExpired: ({ context }) => expired(context.quote, context.now),
    hasQuote: ({ context }) => context.quote !== null,
    tripInvalid: ({ context }) => tripErrors(context.values, context.now).length > 0,
    detailsInvalid: ({ context }) =>
      detailErrors(context.values, context.account !== null).length > 0 || (context.account === null && !context.captchaPassed && context.captchaToken === null),
    // A signed-in company needs no captcha: the server knows its session.
    captchaAlreadyPassed: ({ context }) => context.captchaPassed || context.account !== null,
    savesAddresses: ({ context }) => context.account !== null && endsToSave(context.values).length > 0,
    captchaAccepted: (_, params: { success: boolean }) => params.success,
    expiresBy: ({ context }, params: { now: number }) => expired(context.quote, params.now),
    isCaptchaRejection: (_, params: { error: unknown }) => fieldErrorOf(params.error).field === CAPTCHA_FIELD,
    isQuoteRefusal: (_, params: { error: unknown }) => fieldErrorOf(params.error).field === 'quote_id',
    isTripRefusal: (_, params: { error: unknown }) => isTripField(fieldErrorOf(params.error).field),
    // A failure the server did not explain is a notice, not under a field.
    isFieldError: (_, params: { error: unknown }) => fieldErrorOf(params.error).field !== 'alert',
  },
}).createMachine({
  id: 'booking',
  context: ({ input }) => ({
    // Over the empty values: a booking kept by an older page may lack a newer field.
    values: { ...emptyBookingValues(), ...input.saved?.values },
    quote: input.saved?.quote ?? null,
    idempotencyKey: input.saved?.idempotencyKey ?? input.idempotencyKey,
    booked: input.saved?.booked ?? null,
    now: input.now,
    errors: [],
    notice: null,
    captchaToken: null,
    captchaPassed: input.captchaPassed,
    captchaResets: 0,
    engaged: false,
    focusInvalid: 0,
    account: null,
  }),
  initial: 'starting',
  on: {
    CAPTCHA_PASS: {
      actions: assign({
        captchaPassed: ({ event }) => event.passed,
        errors: ({ context, event }) => (event.passed ? without(context.errors, CAPTCHA_FIELD) : context.errors),
      }),
    },
    ACCOUNT: { actions: 'applyAccount' },
  },
  states: {
    // Where a reload resumes: the booking done, the held quote (priced again if it expired), or the trip.
    starting: {
      always: [
        { guard: 'isBooked', target: 'booked' },
        { guard: 'quoteExpired', target: 'requoting' },
        { guard: 'hasQuote', target: 'details' },
        { target: 'trip' },
      ],
    },

    trip: {
      on: {
        CHANGE: { actions: 'applyChange' },
        USE_ADDRESS: { actions: 'useAddress' },
        TICK: { actions: assign({ now: ({ event }) => event.now }) },
        QUOTE: 'checkingTrip',
      },
    },
    checkingTrip: {
      entry: assign({ notice: null }),
      always: [
        { guard: 'tripInvalid', target: 'trip', actions: assign({ focusInvalid: ({ context }) => context.focusInvalid + 1, errors: ({ context }) => tripErrors(context.values, context.now) }) },
        { target: 'quoting', actions: assign({ errors: [] }) },
      ],
    },
    quoting: {
      invoke: {
        id: 'requestQuote',
        src: 'requestQuote',
        input: ({ context }) => ({ body: quoteBody(context.values, context.now) }),
        onDone: { target: 'details', actions: assign({ quote: ({ event }) => event.output.quote }) },
        onError: [
          {
            guard: { type: 'isFieldError', params: ({ event }) => ({ error: event.error }) },
            target: 'trip',
            actions: assign({ focusInvalid: ({ context }) => context.focusInvalid + 1, errors: ({ event }) => [fieldErrorOf(event.error)] }),
          },
          { target: 'trip', actions: assign({ notice: ({ event }) => messageOf(event.error, messages.submitFailed) }) },
        ],
      },
    },

    details: {
      on: {
        CHANGE: { actions: 'applyChange' },
        ENGAGE: { actions: assign({ engaged: true }) },
        CAPTCHA_SOLVED: {
          actions: assign({ captchaToken: ({ event }) => event.token, errors: ({ context }) => without(context.errors, CAPTCHA_FIELD) }),
        },
        CAPTCHA_EXPIRED: { actions: 'resetCaptcha' },
        CAPTCHA_ERROR: { actions: 'resetCaptcha' },
        TICK: [
          // The held price ran out while the sender typed: price the same trip again.
          { guard: { type: 'expiresBy', params: ({ event }) => ({ now: event.now }) }, target: 'requoting', actions: assign({ now: ({ event }) => event.now }) },
          { actions: assign({ now: ({ event }) => event.now }) },
        ],
        EDIT_TRIP: { target: 'trip', actions: assign({ quote: null, errors: [], notice: null }) },
        BOOK: 'checkingDetails',
      },
    },
    checkingDetails: {
      entry: assign({ engaged: true, notice: null }),
      always: [
        {
          guard: 'detailsInvalid',
          target: 'details',
          actions: assign({
            focusInvalid: ({ context }) => context.focusInvalid + 1,
            errors: ({ context }) => [
              ...detailErrors(context.values, context.account !== null),
              ...(context.account === null && !context.captchaPassed && context.captchaToken === null ? [{ field: CAPTCHA_FIELD, message: messages.completeCaptcha }] : []),
            ],
          }),
        },
        { guard: 'captchaAlreadyPassed', target: 'booking', actions: assign({ errors: [] }) },
        { target: 'verifyingCaptcha', actions: assign({ errors: [] }) },
      ],
    },
    verifyingCaptcha: {
      invoke: {
        id: 'verifyCaptcha',
        src: 'verifyCaptcha',
        input: ({ context }) => ({ token: context.captchaToken ?? '' }),
        onDone: [
          {
            guard: { type: 'captchaAccepted', params: ({ event }) => event.output },
            target: 'booking',
            actions: [assign({ captchaPassed: true, captchaToken: null }), 'rememberCaptchaPassed'],
          },
          { target: 'details', actions: [assign({ focusInvalid: ({ context }) => context.focusInvalid + 1, errors: [{ field: CAPTCHA_FIELD, message: messages.captchaFailed }] }), 'resetCaptcha'] },
        ],
        onError: { target: 'details', actions: ['resetCaptcha', assign({ notice: messages.submitFailed })] },
      },
    },
    booking: {
      invoke: {
        id: 'book',
        src: 'book',
        input: ({ context }) => ({ body: bookingBody(context.values, context.quote?.id ?? '', context.now), idempotencyKey: context.idempotencyKey }),
        onDone: [
          {
            // Booked first (a reload from here shows the booking), then the addresses saved.
            guard: 'savesAddresses',
            target: 'savingAddresses',
            actions: assign({ booked: ({ context, event }) => ({ ...event.output.delivery, email: context.values['sender.email'].trim() }) }),
          },
          {
            target: 'booked',
            actions: assign({ booked: ({ context, event }) => ({ ...event.output.delivery, email: context.values['sender.email'].trim() }) }),
          },
        ],
        onError: [
          {
            // The server no longer honours this browser's pass: ask for the captcha again.
            guard: { type: 'isCaptchaRejection', params: ({ event }) => ({ error: event.error }) },
            target: 'details',
            // The company's session ended too, if it had one: the server took it for a visitor.
            actions: [
              assign({ captchaPassed: false, account: null, focusInvalid: ({ context }) => context.focusInvalid + 1, errors: [{ field: CAPTCHA_FIELD, message: messages.completeCaptcha }] }),
              'resetCaptcha',
              'forgetCaptchaPassed',
            ],
          },
          // The held price expired (or is unknown): price the same trip again.
          { guard: { type: 'isQuoteRefusal', params: ({ event }) => ({ error: event.error }) }, target: 'requoting' },
          {
            guard: { type: 'isTripRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'trip',
            actions: assign({ quote: null, focusInvalid: ({ context }) => context.focusInvalid + 1, errors: ({ event }) => [fieldErrorOf(event.error)] }),
          },
          {
            guard: { type: 'isFieldError', params: ({ event }) => ({ error: event.error }) },
            target: 'details',
            actions: assign({ focusInvalid: ({ context }) => context.focusInvalid + 1, errors: ({ event }) => [fieldErrorOf(event.error)] }),
          },
          { target: 'details', actions: assign({ notice: ({ event }) => messageOf(event.error, messages.submitFailed) }) },
        ],
      },
    },
    requoting: {
      invoke: {
        id: 'requestQuote',
        src: 'requestQuote',
        input: ({ context }) => ({ body: quoteBody(context.values, context.now) }),
        onDone: { target: 'details', actions: assign({ quote: ({ event }) => event.output.quote, notice: b.requoted }) },
        onError: [
          {
            // A chosen time that has passed, a rate card that no longer takes the parcel: back to the trip.
            guard: { type: 'isFieldError', params: ({ event }) => ({ error: event.error }) },
            target: 'trip',
            actions: assign({ quote: null, focusInvalid: ({ context }) => context.focusInvalid + 1, errors: ({ event }) => [fieldErrorOf(event.error)] }),
          },
          // The details' messages are not the trip's: they go with the screen that showed them.
          { target: 'trip', actions: assign({ quote: null, errors: [], notice: ({ event }) => messageOf(event.error, messages.submitFailed) }) },
        ],
      },
    },

    savingAddresses: {
      invoke: {
        id: 'saveAddresses',
        src: 'saveAddresses',
        input: ({ context }) => ({ bodies: endsToSave(context.values).map((end) => savedAddressBody(context.values, end)) }),
        onDone: {
          target: 'booked',
          actions: assign(({ context, event }) => ({
            account: context.account ? { ...context.account, addresses: [...event.output.addresses, ...context.account.addresses] } : null,
            notice: b.addressSaved(event.output.addresses.length),
          })),
        },
        // The booking stands; the note says the address was not saved, and why when the server said.
        onError: { target: 'booked', actions: assign({ notice: ({ event }) => b.addressNotSaved(messageOf(event.error, '')) }) },
      },
    },

    booked: {
      on: {
        // The sender's own details stay for the next parcel.
        NEW_BOOKING: {
          target: 'trip',
          actions: assign(({ context, event }) => ({
            values: {
              ...emptyBookingValues(),
              'sender.name': context.values['sender.name'],
              'sender.phone': context.values['sender.phone'],
              'sender.email': context.values['sender.email'],
            },
            quote: null,
            booked: null,
            idempotencyKey: event.idempotencyKey,
            errors: [],
            notice: null,
          })),
        },
      },
    },
  },
});

export type BookingMachine = typeof bookingMachine;
export type BookingSnapshot = SnapshotFrom<typeof bookingMachine>;
