/**
 * Every text of the "Send a parcel" screen, and the words of the tracking page a sender or a recipient reads.
 * A value reads only its parameters, as in the main catalogue (src/shared/messages.ts).
 */
import { messages } from '../messages';

export const bookingMessages = {
  title: messages.sendParcel,
  intro: 'Same-day pickup and delivery across Lagos, and from Lagos to the United Kingdom and Canada. See the price before you book; no account needed.',
  otherStates: 'We deliver within Lagos. For another state, send us the quote form.',
  otherStatesLink: 'Get a quote by message',

  // Step headings
  tripHeading: 'Where, what and when',
  detailsHeading: 'Pickup and drop-off details',
  bookedHeading: 'Booked',

  // The trip
  labels: {
    'pickup.area': 'Pickup area (Lagos)',
    'dropoff.kind': 'Deliver to',
    'dropoff.area': 'Drop-off area (Lagos)',
    'dropoff.country': 'Country',
    'dropoff.city': 'City',
    'parcel.size': 'Parcel size',
    'parcel.weight_kg': 'Weight (kg)',
    'parcel.length_cm': 'Length (cm)',
    'parcel.width_cm': 'Width (cm)',
    'parcel.height_cm': 'Height (cm)',
    when: 'Pickup time',
    pickup_at: 'Time (Lagos)',
    payment: 'Payment',
    'pickup.address': 'Pickup street address',
    'pickup.landmark': 'Pickup landmark',
    'pickup.contact_name': 'Contact at pickup',
    'pickup.contact_phone': 'Phone at pickup',
    'dropoff.address': 'Drop-off street address',
    'dropoff.landmark': 'Drop-off landmark',
    'dropoff.contact_name': 'Recipient’s name',
    'dropoff.contact_phone': 'Recipient’s phone',
    'dropoff.contact_email': 'Recipient’s e-mail',
    description: 'What are you sending?',
    'sender.name': 'Your name',
    'sender.phone': 'Your phone',
    'sender.email': 'Your e-mail',
    'pickup.save_label': 'Name for this pickup address',
    'dropoff.save_label': 'Name for this drop-off address',
  },
  optional: '(optional)',
  recipientEmailHint: '(optional) We e-mail them the tracking link, and the delivery code at pickup.',
  landmarkHint: 'A place a rider can ask for, e.g. "opposite Mobil filling station".',
  selectArea: 'Choose an area',
  kinds: { lagos: 'Somewhere in Lagos', abroad: 'The United Kingdom or Canada' },
  countries: { GB: 'United Kingdom', CA: 'Canada' },
  sizes: {
    small: 'Small: an envelope or a shoebox',
    medium: 'Medium: a carton up to 10 kg',
    large: 'Large: up to 25 kg, fits on a bike',
  },
  whens: { now: 'As soon as possible', today: 'Later today', tomorrow: 'Tomorrow' },
  chooseTime: 'Choose a time',
  noTimesLeft: 'No pickup times are left today. Choose tomorrow.',
  payments: {
    cash_on_pickup: 'Cash at pickup',
    cash_on_delivery: 'Cash on delivery',
    transfer: 'Bank transfer (confirmed by our staff)',
  },
  abroadNote: 'Abroad we price by weight: the larger of the actual weight and length × width × height ÷ 5000.',

  // Prices
  estimate: (price: string) => `Estimate: ${price}`,
  estimateNote: 'The price is fixed when you press Get price.',
  getPrice: 'Get price',
  pricing: 'Getting your price…',
  quoteHeading: 'Your price',
  total: 'Total',
  heldUntil: (time: string) => `We hold this price until ${time} (Lagos time).`,
  requoted: 'Your price was held 15 minutes; here is today’s price again.',
  requoting: 'Pricing again…',
  changeTrip: 'Change trip',

  // Details and booking
  pickupSection: 'Pickup',
  dropoffSection: 'Drop-off',
  senderSection: 'You, the sender',
  book: 'Book delivery',
  booking: 'Booking…',

  // A signed-in company: its details filled, its saved addresses
  companyNote: 'Booking as your company: your details are filled in from your account (change them if you need to).',
  useSaved: { pickup: 'Use a saved pickup address', dropoff: 'Use a saved drop-off address' },
  chooseSaved: 'Choose a saved address',
  savedChoice: (label: string, address: string, area: string) => `${label}: ${address}, ${area}`,
  saveThis: { pickup: 'Save this pickup address for next time', dropoff: 'Save this drop-off address for next time' },
  saveLabelHint: 'e.g. "Shop" or "Warehouse"',
  savingAddress: 'Saving the address…',
  addressSaved: (count: number) => (count === 1 ? 'The address is saved: choose it next time.' : 'The addresses are saved: choose them next time.'),
  addressNotSaved: (reason: string) => `Your delivery is booked, but the address was not saved.${reason ? ` ${reason}` : ' Try again with your next booking.'}`,

  // Booked
  bookedText: (reference: string) => `Your delivery ${reference} is booked.`,
  reference: 'Reference',
  trackingLink: 'Tracking link',
  openTracking: 'Open the tracking page',
  shareWhatsApp: 'Share on WhatsApp',
  whatsAppText: (reference: string, url: string) => `Track delivery ${reference}: ${url}`,
  emailOnItsWay: (email: string) => `An e-mail with the price, the pickup window and this link is on its way to ${email}.`,
  bookAnother: 'Send another parcel',

  // Tracking
  trackingTitle: messages.trackDelivery,
  status: 'Status',
  from: 'From',
  to: 'To',
  pickupTime: 'Pickup',
  pickupAsap: 'As soon as possible',
  price: 'Price',
  timeline: 'Timeline',
  statuses: {
    booked: 'Booked',
    offered: 'Looking for a rider',
    assigned: 'Rider assigned',
    heading_to_pickup: 'Rider on the way to pickup',
    picked_up: 'Picked up',
    arrived: 'Arrived at drop-off',
    delivered: 'Delivered',
    failed: 'Delivery failed',
    returning: 'Returning to sender',
    returned: 'Returned to sender',
    cancelled: 'Cancelled',
  } as Record<string, string>,
  unknownStatus: 'In progress',
} as const;
