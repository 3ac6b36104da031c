/**
 * Every text of delivery pricing a sender can see: the breakdown's labels and the refusals under
 * a field. Money is formatted here from integer kobo, e.g. 250000 → "₦2,500".
 */

/** "₦2,500", "₦1,250,000", or "₦43.40" when there are kobo. */
export function formatNaira(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  const naira = Math.floor(abs / 100);
  const rest = abs % 100;
  const whole = String(naira).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}₦${whole}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/** A number of kg or km as people write it: "2", "2.5", "12.4". */
const amount = (n: number) => String(Math.round(n * 100) / 100);

const COUNTRY_NAMES = { GB: 'the United Kingdom', CA: 'Canada' } as const;

export const deliveryMessages = {
  // Refusals, each under its field.
  outsideLagos: 'We deliver within Lagos for now. For anything else, send us the quote form.',
  selectState: 'Select a state',
  selectArea: 'Select an area',
  unknownArea: 'We do not know this area in Lagos. Choose one from the list.',
  selectSize: 'Choose a parcel size',
  unknownSize: 'Choose small, medium or large',
  unknownPayment: 'Choose cash at pickup, cash on delivery or bank transfer',
  noCashOnDeliveryAbroad: 'Abroad we take cash at pickup or a bank transfer, not cash on delivery',
  unknownCountry: 'We send to the United Kingdom and Canada for now. For anything else, send us the quote form.',
  enterCity: 'Enter the city',
  cityTooLong: (max: number) => `Please keep this under ${max} characters`,
  enterWeight: 'Enter the weight in kg',
  enterLength: 'Enter the length in cm',
  enterWidth: 'Enter the width in cm',
  enterHeight: 'Enter the height in cm',
  notANumber: 'Enter a number, e.g. 2.5',
  mustBePositive: 'Enter a number above 0',
  weightOverLimit: (maxKg: number) =>
    `We take parcels up to ${maxKg} kg. For anything heavier, send us the quote form.`,
  sideOverLimit: (maxCm: number) =>
    `We take parcels up to ${maxCm} cm on each side. For anything bigger, send us the quote form.`,
  tooBulky: (maxKg: number) =>
    `At this size the parcel counts as more than ${maxKg} kg. For anything bigger, send us the quote form.`,
  pickupAtInvalid: 'Choose a pickup time',
  pickupAtPast: 'Choose a pickup time from now on',
  pickupAtTooLate: 'We book pickups for today or tomorrow',
  pickupAtClosed: (hours: string) => `We pick up ${hours} (Lagos time). Choose a time then.`,
  // The booking's refusals (booking.ts and POST /api/deliveries), each under its field.
  booking: {
    enterName: 'Enter your name',
    enterPhone: 'Enter a Nigerian phone number, e.g. 0803 123 4567 or +234 803 123 4567',
    enterEmail: 'Enter an e-mail address we can send the tracking link to, e.g. ada@example.com',
    enterAddress: 'Enter the street address, e.g. 12 Allen Avenue',
    enterContactName: 'Enter the name of the person the rider meets there',
    enterContactPhone: 'Enter their Nigerian phone number, e.g. 0803 123 4567',
    enterRecipientEmail: 'Enter the recipient’s e-mail address, e.g. tunde@example.com, or leave it empty',
    enterAbroadPhone: 'Enter their number with its country code, e.g. +44 7700 900123 (UK) or +1 416 555 0123 (Canada)',
    describeParcel: 'Say what you are sending, e.g. documents or a pair of shoes',
    selectPayment: 'Choose how you will pay',
    noControlCharacters: 'Please remove the special characters',
    quoteMissing: 'Get a price first: the booking uses a price held for 15 minutes',
    quoteExpired: 'This price is no longer held (prices are held 15 minutes). Get a new price to book.',
    quoteAlreadyBooked: 'This price has already been booked. Get a new price for another delivery.',
    areaNotQuoted: 'This is not the place your price was for. Get a new price for it.',
    pickupAtNotQuoted: 'Your price was for another pickup time. Get a new price for this time.',
    cashOnDeliveryNotQuoted: 'Your price does not include the cash-on-delivery fee. Get a new price with cash on delivery.',
    cashOnDeliveryQuoted: 'Your price includes the cash-on-delivery fee. Choose cash on delivery, or get a new price.',
    idempotencyKeyReused: 'This Idempotency-Key was already used for a different booking. Send a new key with each new booking.',
    idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 255 visible characters',
  },
  // A company's saved addresses (POST /api/companies/me/addresses, the booking screen, the Account tab).
  savedAddresses: {
    enterLabel: 'Give the address a short name, e.g. "Shop" or "Warehouse"',
    tooMany: (max: number) => `You can keep up to ${max} saved addresses. Delete one you no longer use first.`,
  },
  dutiesExcluded: 'Duties and taxes in the destination country are not included; the recipient pays them.',

  // What the sender reads once booked: the e-mail, and the names of the payments.
  paymentNames: {
    cash_on_pickup: 'cash at pickup',
    cash_on_delivery: 'cash on delivery (the recipient pays the rider)',
    transfer: 'bank transfer',
  } as const,
  bookedEmail: {
    subject: (reference: string) => `Booked: your delivery ${reference}`,
    heading: (reference: string) => `Your delivery ${reference} is booked`,
    route: (from: string, to: string) => `From ${from} to ${to}.`,
    price: (price: string, payment: string) => `Price: ${price}, paid by ${payment}.`,
    pickupNow: (until: string) => `Pickup: a rider comes within the hour, by ${until} (Lagos time).`,
    pickupWindow: (day: string, from: string, until: string) => `Pickup: ${day}, between ${from} and ${until} (Lagos time).`,
    breakdown: (lines: string) => `How the price is made up: ${lines}.`,
    transfer: 'Paying by bank transfer: we send you our account details and confirm your payment before the pickup.',
    share: 'Anyone with the tracking link sees where the parcel is, never your phone or e-mail: share it with the recipient.',
    reference: (reference: string) => `Quote ${reference} if you call us about this delivery.`,
    track: 'Track your parcel',
  },
  /** The console inbox's text of a booking (one line each). */
  bookedInbox: (reference: string, route: string, price: string, payment: string, pickup: string, description: string) =>
    `${reference}: ${route}\n${price}, ${payment}\n${pickup}\n${description}`,
  // The breakdown's labels: a label is shown with its amount, e.g. "Base fare ₦1,000".
  labels: {
    baseFare: 'Base fare',
    distance: (km: number) => `${km.toFixed(1)} km`,
    size: { small: 'Small parcel', medium: 'Medium parcel', large: 'Large parcel' } as const,
    islandCrossing: 'Island crossing',
    rushHour: 'Rush hour',
    minimumAdjustment: 'Minimum charge adjustment',
    cashOnDelivery: 'Cash on delivery',
    roundUp: (toKobo: number) => `Rounded up to the next ${formatNaira(toKobo)}`,
    weightBand: (kg: number, rateKobo: number) => `${amount(kg)} kg at ${formatNaira(rateKobo)} a kg`,
    firstMile: (area: string, hub: string, km: number) =>
      `Pickup in Lagos, ${area} to ${hub} (${km.toFixed(1)} km)`,
  },
  countryName: (country: keyof typeof COUNTRY_NAMES) => COUNTRY_NAMES[country],
} as const;

/** A breakdown line as the sender reads it: "Base fare ₦1,000". */
export function formatLine(line: { label: string; amount_kobo: number }): string {
  return `${line.label} ${formatNaira(line.amount_kobo)}`;
}
