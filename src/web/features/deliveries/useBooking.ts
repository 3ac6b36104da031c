/**
 * Runs the booking machine (machines/deliveries/bookingMachine.ts) for the "Send a parcel"
 * screen: supplies its effects (the quote and booking requests, the captcha check, the session's
 * captcha pass), keeps the booking in sessionStorage after every step so a reload resumes where
 * the sender was (with the same Idempotency-Key: a retry books once), and a clock that ticks
 * every 15 seconds (the estimate's rush hours, the times left today, the held price's expiry).
 * For a signed-in company it reads the account's details and saved addresses and hands them to
 * the machine (ACCOUNT), as the session's captcha pass is handed over.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fromPromise, type InspectionEvent } from 'xstate';
import { bookingMachine, savedOf, type BookingEvent, type SavedBooking } from '../../../../machines/deliveries/bookingMachine';
import { emptyBookingValues } from '../../../../machines/deliveries/bookingRules';
import { bookingSnapshotToView, type BookingView } from '../../../../machines/deliveries/bookingView';
import { BOOKING_KEY } from '../../../shared/constants';
import { captchaApi } from '../../kit/http/client';
import { captchaPass } from '../../kit/forms/captchaPass';
import { useAuth } from '../../kit/session/useAuth';
import { deliveriesApi } from './deliveriesApi';

export { BOOKING_KEY };

export interface BookingClock {
  now(): number;
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
}

const realClock: BookingClock = {
  now: () => Date.now(),
  every: (ms, tick) => {
    const timer = window.setInterval(tick, ms);
    return () => window.clearInterval(timer);
  },
};

/** A random UUID (v4) for a booking's Idempotency-Key; randomUUID is missing outside secure contexts. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function readSavedBooking(): SavedBooking | null {
  try {
    const raw = window.sessionStorage.getItem(BOOKING_KEY);
    const saved = raw ? (JSON.parse(raw) as SavedBooking) : null;
    return saved && typeof saved === 'object' && saved.values && typeof saved.idempotencyKey === 'string' ? saved : null;
  } catch {
    return null;
  }
}

/** Nothing typed, priced or booked: the empty form, which the page shows anyway. */
function untouched(saved: SavedBooking): boolean {
  const empty = emptyBookingValues();
  return saved.quote === null && saved.booked === null && Object.entries(saved.values).every(([field, value]) => value === empty[field as keyof typeof empty]);
}

/**
 * Only a booking with something to resume is kept: the server sends the empty form's HTML, and
 * a stored booking makes the page hide it and start afresh (src/shared/bootScript.ts
 * STORED_BOOKING_SCRIPT), which an empty booking kept after a mere visit would do for nothing.
 */
function writeSavedBooking(saved: SavedBooking): void {
  try {
    if (untouched(saved)) window.sessionStorage.removeItem(BOOKING_KEY);
    else window.sessionStorage.setItem(BOOKING_KEY, JSON.stringify(saved));
  } catch {
    // Storage refused (private mode): the booking lasts as long as the page.
  }
}

export interface UseBookingOptions {
  clock?: BookingClock;
  /** XState's inspection hook: view tests record which transitions the sender drove. */
  inspect?: (event: InspectionEvent) => void;
  /** Whether a company is signed in; by default the session's answer (view tests and stories say it). */
  company?: boolean;
}

export function useBooking(options: UseBookingOptions = {}): { view: BookingView; send: (event: BookingEvent) => void } {
  const clock = options.clock ?? realClock;
  // Made once: useActorRef runs the first machine and input it is given.
  const [machine] = useState(() =>
    bookingMachine.provide({
      actors: {
        requestQuote: fromPromise(({ input }) => deliveriesApi.quote(input.body)),
        verifyCaptcha: fromPromise(({ input }) => captchaApi.verify(input.token)),
        book: fromPromise(({ input }) => deliveriesApi.book(input.body, input.idempotencyKey)),
        // One after the other: each is counted against the company's list.
        saveAddresses: fromPromise(async ({ input }) => {
          const addresses = [];
          for (const body of input.bodies) addresses.push((await deliveriesApi.saveAddress(body)).address);
          return { addresses };
        }),
      },
      actions: {
        rememberCaptchaPassed: () => captchaPass.granted(),
        forgetCaptchaPassed: () => captchaPass.refused(),
      },
    }),
  );
  const [input] = useState(() => ({
    now: clock.now(),
    captchaPassed: captchaPass.passed(),
    idempotencyKey: newIdempotencyKey(),
    saved: readSavedBooking(),
  }));
  const actor = useActorRef(machine, { input, inspect: options.inspect });
  const auth = useAuth();
  const company = options.company ?? (auth.signedIn && auth.userType !== null && auth.userType !== 1);
  const snapshot = useSelector(actor, (s) => s);

  // Saved after every step, so a reload resumes there.
  useEffect(() => {
    const save = () => writeSavedBooking(savedOf(actor.getSnapshot().context));
    save();
    const subscription = actor.subscribe(save);
    return () => subscription.unsubscribe();
  }, [actor]);

  useEffect(() => {
    const tick = () => actor.send({ type: 'TICK', now: clock.now() });
    return clock.every(15_000, tick);
  }, [actor, clock]);

  // The session's captcha pass, followed, and asked at the moment the booking is sent.
  useEffect(() => {
    if (captchaPass.passed()) actor.send({ type: 'CAPTCHA_PASS', passed: true });
    return captchaPass.subscribe((passed) => actor.send({ type: 'CAPTCHA_PASS', passed }));
  }, [actor]);
  // A company signed in: its details and saved addresses; signed out again: a visitor once more.
  const hadAccount = useRef(false);
  useEffect(() => {
    if (!company) {
      if (hadAccount.current) actor.send({ type: 'ACCOUNT', account: null });
      hadAccount.current = false;
      return;
    }
    let current = true;
    deliveriesApi.account().then(
      (account) => {
        if (!current) return;
        hadAccount.current = true;
        actor.send({ type: 'ACCOUNT', account });
      },
      // Unread (the session ended, the network): the page books as a visitor does, with the captcha.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [actor, company]);

  const send = useCallback(
    (event: BookingEvent) => {
      if (event.type === 'BOOK') actor.send({ type: 'CAPTCHA_PASS', passed: captchaPass.passed() });
      actor.send(event);
    },
    [actor],
  );
  return { view: bookingSnapshotToView(snapshot), send };
}
