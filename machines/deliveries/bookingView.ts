/**
 * Maps the booking machine's snapshot to what the "Send a parcel" screen shows: the step, the
 * values and the messages under each field, the estimate while typing, the held quote's lines,
 * the captcha, and the booked delivery's reference, tracking link and WhatsApp share link.
 * The view renders this and sends events; it keeps no workflow state.
 */
import { lagosAreaNames } from '../../src/shared/deliveries/areas';
import { bookingMessages as b } from '../../src/shared/deliveries/bookingMessages';
import { formatLine, formatNaira } from '../../src/shared/deliveries/messages';
import { CAPTCHA_FIELD, type BookingSnapshot } from './bookingMachine';
import { SAVED_ADDRESSES_MAX } from '../../src/shared/deliveries/savedAddresses';
import { estimateKobo, isSavedPlace, pickupSlots, type BookingEnd, type BookingValues, type When } from './bookingRules';

/** Every state the screen can show; stories and the view test cover each one. */
export const bookingViewStates = ['trip', 'quoting', 'details', 'verifyingCaptcha', 'booking', 'requoting', 'savingAddresses', 'booked'] as const;
export type BookingViewState = (typeof bookingViewStates)[number];

export interface BookingView {
  state: BookingViewState;
  values: BookingValues;
  abroad: boolean;
  busy: boolean;
  fieldError: (field: string) => string | null;
  /** Bumped when messages are shown: the view moves the focus to the first invalid field. */
  focusInvalid: number;
  notice: string | null;
  /** The Lagos areas, for both ends. */
  areas: readonly string[];
  /** The times that may be chosen for the chosen day. */
  slots: string[];
  /** "Estimate: ₦2,500" while the trip can be priced, else null. */
  estimate: string | null;
  quote: { lines: string[]; total: string; heldUntil: string } | null;
  captchaError: string | null;
  showCaptcha: boolean;
  captchaSlot: boolean;
  captchaResets: number;
  booked: { reference: string; trackingUrl: string; whatsAppUrl: string; emailLine: string; price: string } | null;
  /** A signed-in company books (its details filled, no captcha). */
  company: boolean;
  /** A signed-in company's saved addresses to fill an end from, on the trip (none: no choice shown). */
  savedChoices: { value: string; label: string }[];
  /** Whether "save this address" is offered for the end: a company, a Lagos place not saved yet, room in the list. */
  canSave: Record<BookingEnd, boolean>;
}

/** "14:32", Lagos time (UTC+1 all year). */
export function lagosClockText(iso: string): string {
  const at = new Date(Date.parse(iso) + 3_600_000);
  return `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
}

export const whatsAppUrl = (reference: string, trackingUrl: string): string =>
  `https://wa.me/?text=${encodeURIComponent(b.whatsAppText(reference, trackingUrl))}`;

export function bookingViewState(snapshot: Pick<BookingSnapshot, 'matches'>): BookingViewState {
  return bookingViewStates.find((s) => snapshot.matches(s as never)) ?? 'trip';
}

export function bookingSnapshotToView(snapshot: Pick<BookingSnapshot, 'context' | 'matches'>): BookingView {
  const { context } = snapshot;
  const state = bookingViewState(snapshot);
  const messageOf = (field: string) => context.errors.find((e) => e.field === field)?.message ?? null;
  const estimate = state === 'trip' || state === 'quoting' ? estimateKobo(context.values, context.now) : null;
  const { quote, booked, account } = context;
  const roomToSave = account !== null && account.addresses.length < SAVED_ADDRESSES_MAX;
  const canSave = (end: BookingEnd) => roomToSave && !(end === 'dropoff' && context.values['dropoff.kind'] === 'abroad') && !isSavedPlace(context.values, end, account!.addresses);
  return {
    state,
    values: context.values,
    abroad: context.values['dropoff.kind'] === 'abroad',
    busy: state === 'quoting' || state === 'verifyingCaptcha' || state === 'booking' || state === 'requoting' || state === 'savingAddresses',
    fieldError: messageOf,
    focusInvalid: context.focusInvalid,
    notice: context.notice,
    areas: lagosAreaNames,
    slots: pickupSlots(context.now, context.values.when as When),
    estimate: estimate === null ? null : b.estimate(formatNaira(estimate)),
    quote: quote
      ? { lines: quote.breakdown.map(formatLine), total: formatNaira(quote.price_kobo), heldUntil: b.heldUntil(lagosClockText(quote.expires_at)) }
      : null,
    captchaError: messageOf(CAPTCHA_FIELD),
    showCaptcha: account === null && !context.captchaPassed && context.engaged,
    captchaSlot: account === null && !context.captchaPassed,
    captchaResets: context.captchaResets,
    booked: booked
      ? {
          reference: booked.reference,
          trackingUrl: booked.tracking_url,
          whatsAppUrl: whatsAppUrl(booked.reference, booked.tracking_url),
          emailLine: b.emailOnItsWay(booked.email),
          price: formatNaira(booked.price_kobo),
        }
      : null,
    company: account !== null,
    savedChoices: (account?.addresses ?? []).map((a) => ({ value: a.id, label: b.savedChoice(a.label, a.address, a.area) })),
    canSave: { pickup: canSave('pickup'), dropoff: canSave('dropoff') },
  };
}
