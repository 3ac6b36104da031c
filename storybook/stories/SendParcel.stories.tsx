/**
 * "Send a parcel" in every state its page can show (bookingViewStates), each from a real snapshot
 * of machines/deliveries/bookingMachine.ts reached with the events named in the story, and the
 * tracking page in each of its states. The Company stories: a signed-in company's booking (its
 * details filled, a saved address chosen, the drop-off saved after booking; a saved regular
 * customer as the drop-off, its recipient's e-mail filled in).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { initialTransition, transition } from 'xstate';
import { SubmitError } from '../../machines/kit/formMachine';
import { bookingMachine, type BookingEvent } from '../../machines/deliveries/bookingMachine';
import { bookingSnapshotToView, type BookingView } from '../../machines/deliveries/bookingView';
import { bookingMessages as b } from '../../src/shared/deliveries/bookingMessages';
import { deliveryMessages } from '../../src/shared/deliveries/messages';
import { messages } from '../../src/shared/messages';
import { SendParcelView } from '../../src/web/features/deliveries/SendParcelView';
import { withRouter } from '../support/StoryRouter';

/** Tuesday 24 November 2026, 11:00 in Lagos. */
const NOW = Date.parse('2026-11-24T10:00:00.000Z');
const QUOTE = {
  id: 'q-1',
  price_kobo: 580000,
  currency: 'NGN' as const,
  breakdown: [
    { label: 'Base fare', amount_kobo: 100000 },
    { label: '24.0 km', amount_kobo: 350000 },
    { label: 'Medium parcel', amount_kobo: 50000 },
    { label: 'Island crossing', amount_kobo: 50000 },
    { label: 'Cash on delivery', amount_kobo: 11600 },
    { label: 'Rounded up to the next ₦50', amount_kobo: 18400 },
  ],
  expires_at: new Date(NOW + 15 * 60_000).toISOString(),
  distance_km: 24,
};
const DELIVERY = { id: 'd-1', reference: 'OGB-7K2Q9', status: 'booked', tracking_url: 'https://ogbadispatch.ng/track/trk_8Qm2x7Lz0pVb4nYc', price_kobo: 580000 };

type StoryEvent = BookingEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown };

function viewAfter(events: readonly StoryEvent[]): BookingView {
  let [snapshot] = initialTransition(bookingMachine, { now: NOW, captchaPassed: false, idempotencyKey: 'story-key', saved: null });
  for (const event of events) [snapshot] = transition(bookingMachine, snapshot, event as BookingEvent);
  return bookingSnapshotToView(snapshot);
}

const change = (field: string, value: string) => ({ type: 'CHANGE', field, value }) as StoryEvent;
const trip: StoryEvent[] = [change('pickup.area', 'Ikeja'), change('dropoff.area', 'Lekki'), change('parcel.size', 'medium'), change('payment', 'cash_on_delivery')];
const quoted: StoryEvent[] = [...trip, { type: 'QUOTE' }, { type: 'xstate.done.actor.requestQuote', output: { quote: QUOTE } }];
const details: StoryEvent[] = [
  ...quoted,
  change('pickup.address', '14 Allen Avenue'),
  change('pickup.landmark', 'Opposite the Mobil filling station'),
  change('pickup.contact_name', 'Ada Okafor'),
  change('pickup.contact_phone', '0803 123 4567'),
  change('dropoff.address', '5 Admiralty Way'),
  change('dropoff.contact_name', 'Tunde Bello'),
  change('dropoff.contact_phone', '0812 345 6789'),
  change('dropoff.contact_email', 'tunde@example.ng'),
  change('description', 'A box of shoes'),
  change('sender.name', 'Ada Okafor'),
  change('sender.phone', '0803 123 4567'),
  change('sender.email', 'ada@example.ng'),
  { type: 'ENGAGE' },
  { type: 'CAPTCHA_SOLVED', token: 'pass-story' },
];
const booking: StoryEvent[] = [...details, { type: 'BOOK' }, { type: 'xstate.done.actor.verifyCaptcha', output: { success: true } }];

function Screen({ booking: view }: { booking: BookingView }) {
  return (
    <main>
      <SendParcelView view={view} send={fn()} />
    </main>
  );
}

const meta = {
  title: 'Deliveries/Send a parcel',
  component: Screen,
  decorators: [withRouter],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

function story(events: readonly StoryEvent[], keyText: readonly string[]): Story {
  const view = viewAfter(events);
  return { args: { booking: view }, parameters: { bookingState: view.state, keyText } };
}

export const Trip = story(trip, [b.tripHeading, 'Estimate: ₦6,750']);
export const TripErrors = story([{ type: 'QUOTE' }], ['Select an area', 'Choose a parcel size']);
export const Quoting = story([...trip, { type: 'QUOTE' }], [b.pricing]);
export const Details = story(quoted, [b.quoteHeading, 'Base fare ₦1,000', b.detailsHeading, b.labels['dropoff.contact_email'], b.recipientEmailHint, b.book]);
export const RecipientEmailRefused = story(
  [...booking, { type: 'xstate.error.actor.book', error: new SubmitError({ field: 'dropoff.contact_email', message: deliveryMessages.booking.enterRecipientEmail }) }],
  [deliveryMessages.booking.enterRecipientEmail],
);
export const DetailsErrors = story([...quoted, { type: 'BOOK' }], [messages.completeCaptcha]);
export const Booking = story(booking, [b.booking]);
export const Requoting = story([...details, { type: 'TICK', now: NOW + 15 * 60_000 }], [b.requoting]);
export const RequotedAfterExpiry = story([...details, { type: 'BOOK' }, { type: 'xstate.done.actor.verifyCaptcha', output: { success: true } }, { type: 'xstate.error.actor.book', error: new SubmitError({ field: 'quote_id', message: 'expired' }) }, { type: 'xstate.done.actor.requestQuote', output: { quote: { ...QUOTE, id: 'q-2' } } }], [b.requoted]);
export const Abroad = story([change('pickup.area', 'Ikeja'), change('dropoff.kind', 'abroad'), change('dropoff.country', 'GB'), change('dropoff.city', 'London'), change('parcel.weight_kg', '2'), change('parcel.length_cm', '30'), change('parcel.width_cm', '20'), change('parcel.height_cm', '15'), change('payment', 'transfer'), change('when', 'tomorrow')], [b.abroadNote]);
const ACCOUNT = {
  sender: { name: 'Ada Okafor', phone: '+2348031234567', email: 'ada@adastores.ng' },
  addresses: [
    { id: 'a-1', label: 'Shop', state: 'Lagos' as const, area: 'Ikeja', address: '14 Allen Avenue', landmark: 'Opposite the Mobil filling station', contact_name: 'Ada Okafor', contact_phone: '+2348031234567', contact_email: '', created_at: '2026-11-20T10:00:00.000Z' },
    { id: 'a-2', label: 'Warehouse', state: 'Lagos' as const, area: 'Apapa', address: '3 Wharf Road', landmark: '', contact_name: 'Musa Bello', contact_phone: '+2348050001111', contact_email: '', created_at: '2026-11-19T10:00:00.000Z' },
    { id: 'a-4', label: 'Chidi (weekly)', state: 'Lagos' as const, area: 'Lekki', address: '9 Fola Osibo Road', landmark: 'The blue gate', contact_name: 'Chidi Eze', contact_phone: '+2348091112222', contact_email: 'chidi@example.ng', created_at: '2026-11-18T10:00:00.000Z' },
  ],
};
const companyTrip: StoryEvent[] = [
  { type: 'ACCOUNT', account: ACCOUNT },
  { type: 'USE_ADDRESS', end: 'pickup', id: 'a-1' },
  change('dropoff.area', 'Lekki'),
  change('parcel.size', 'medium'),
  change('payment', 'cash_on_delivery'),
];
const companyDetails: StoryEvent[] = [
  ...companyTrip,
  { type: 'QUOTE' },
  { type: 'xstate.done.actor.requestQuote', output: { quote: QUOTE } },
  change('dropoff.address', '5 Admiralty Way'),
  change('dropoff.contact_name', 'Tunde Bello'),
  change('dropoff.contact_phone', '0812 345 6789'),
  change('dropoff.contact_email', 'tunde@example.ng'),
  change('description', 'A box of shoes'),
  change('dropoff.save', 'yes'),
  change('dropoff.save_label', 'Lekki customer'),
];
const companyBooked: StoryEvent[] = [...companyDetails, { type: 'BOOK' }, { type: 'xstate.done.actor.book', output: { delivery: DELIVERY } }];
const SAVED = { ...ACCOUNT.addresses[1]!, id: 'a-3', label: 'Lekki customer', area: 'Lekki', address: '5 Admiralty Way', contact_email: 'tunde@example.ng' };
const customerDetails: StoryEvent[] = [
  { type: 'ACCOUNT', account: ACCOUNT },
  { type: 'USE_ADDRESS', end: 'pickup', id: 'a-1' },
  { type: 'USE_ADDRESS', end: 'dropoff', id: 'a-4' },
  change('parcel.size', 'medium'),
  change('payment', 'cash_on_delivery'),
  { type: 'QUOTE' },
  { type: 'xstate.done.actor.requestQuote', output: { quote: QUOTE } },
];

export const CompanyTrip = story(companyTrip, [b.useSaved.pickup, b.useSaved.dropoff]);
export const CompanyDetails = story(companyDetails, [b.companyNote, b.saveThis.dropoff, b.labels['dropoff.save_label']]);
export const CompanySavedCustomer = story(customerDetails, [b.companyNote, b.labels['dropoff.contact_email'], b.recipientEmailHint]);
export const CompanySavingAddresses = story(companyBooked, [b.savingAddress]);
export const CompanyBooked = story([...companyBooked, { type: 'xstate.done.actor.saveAddresses', output: { addresses: [SAVED] } }], [b.addressSaved(1)]);
export const CompanyAddressNotSaved = story(
  [...companyBooked, { type: 'xstate.error.actor.saveAddresses', error: new SubmitError({ field: 'alert', message: 'You can keep up to 20 saved addresses. Delete one you no longer use first.' }) }],
  [b.addressNotSaved('You can keep up to 20 saved addresses. Delete one you no longer use first.')],
);
export const Booked = story([...booking, { type: 'xstate.done.actor.book', output: { delivery: DELIVERY } }], [b.bookedText('OGB-7K2Q9'), b.shareWhatsApp, b.emailOnItsWay('ada@example.ng')]);
