/**
 * Bookings (DESIGN.md §11): a held quote becomes a delivery, once. The price, its breakdown and
 * the rate card version are copied from the quote, never recomputed. One transaction writes the
 * delivery, its 'booked' event, the Idempotency-Key's row, the console inbox's item and the
 * sender's e-mail (through the outbox): a booking answered 201 has all of them, or none.
 */
import { createHash, createHmac, randomInt, randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { BOOKING_FIELDS, isAbroadDropoff, paymentMatchesQuote, storedPhone, storedRecipientEmail, type BookingValues } from '../../../shared/deliveries/booking';
import { findLagosArea } from '../../../shared/deliveries/areas';
import { isLagosState, parsePickupAt } from '../../../shared/deliveries/fields';
import { deliveryMessages, formatLine, formatNaira } from '../../../shared/deliveries/messages';
import { recipientMessages } from '../../../shared/deliveries/recipientMessages';
import type { BreakdownLine } from '../../../shared/deliveries/price';
import type { Payment } from '../../../shared/deliveries/rateCard';
import { deliverByOf, senderSeesRiderPhone } from '../../../shared/deliveries/jobs';
import { canMoveDelivery, type DeliveryStatus } from '../../../shared/deliveries/moves';
import type { Db } from '../../db/client';
import { deliveries, deliveryEvents, deliveryIdempotencyKeys, deliveryQuotes, inboxItems, riderCards, users } from '../../db/schema';
import { AppError } from '../../errors';
import { after, cursorText, decodeCursor, newestFirst, PAGE_SIZE, toPage } from '../../lib/keyset';
import { uniqueViolation } from '../../lib/uniqueViolation';
import { fileUrl } from '../../plugins/files';
import { enqueueEmail, renderEmail } from '../../plugins/mail';
import { oneLine } from '../../domain/notices';
import { announceDeliveryMove } from '../../domain/deliveryFeed';
import type { QuoteRequest } from './quoteService';
import { PICKUP_WINDOW_MS } from '../../../shared/deliveries/dispatch';

const m = deliveryMessages.booking;

/** How long an Idempotency-Key answers with its booking; after that the key may book again. */
export const IDEMPOTENCY_HOLD_MS = 24 * 60 * 60_000;

/** References people read out on the phone: no 0/O, 1/I/L, U/V look-alikes. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
const REFERENCE_LENGTH = 5;
const REFERENCE_TRIES = 5;

export function newReference(): string {
  let code = '';
  for (let i = 0; i < REFERENCE_LENGTH; i += 1) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `OGB-${code}`;
}

/**
 * Tracking tokens. A token is 32 bytes, base64url: the HMAC-SHA256 of the delivery's random id
 * under a key derived from JWT_SECRET, so the same link can be given again (a replayed
 * Idempotency-Key answers the same body; the company's GET shows it) without keeping the token.
 * Only its SHA-256 is stored: the database alone yields no link.
 */
export interface TrackingLinks {
  tokenOf(deliveryId: string): string;
  urlOf(deliveryId: string): string;
}

export function trackingLinks(secret: string, publicUrl: string): TrackingLinks {
  const key = createHmac('sha256', secret).update('delivery-tracking-token').digest();
  const base = publicUrl.replace(/\/+$/, '');
  const tokenOf = (deliveryId: string) => createHmac('sha256', key).update(deliveryId).digest('base64url');
  return { tokenOf, urlOf: (deliveryId) => `${base}/track/${tokenOf(deliveryId)}` };
}

export const hashTrackingToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** A stable text of a JSON body (keys sorted at every depth), for the Idempotency-Key's request hash. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const requestHashOf = (body: unknown): string => createHash('sha256').update(canonicalJson(body)).digest('base64url');

/** Who booked: a company (its session or one of its keys), or a visitor known by a hash of their address. */
export interface Booker {
  companyId: string | null;
  apiKeyId: string | null;
  clientIpHash: string | null;
}

export interface BookingInput {
  values: BookingValues;
  /** The body's pickup_at, as sent (absent or null: the quote's). */
  pickupAt: unknown;
  /** The body's pickup and dropoff objects, for their areas. */
  pickup: Record<string, unknown>;
  dropoff: Record<string, unknown>;
}

/** The 201 of POST /api/deliveries. */
export interface BookedDelivery {
  id: string;
  reference: string;
  status: 'booked';
  tracking_url: string;
  price_kobo: number;
}

type Place =
  | { state: string; area: string; address: string; landmark: string; contact_name: string; contact_phone: string }
  | { country: string; city: string; address: string; landmark: string; contact_name: string; contact_phone: string };

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The quote's area at one end against the booking's: the same area of the list, or a refusal under the field. */
function checkArea(field: string, given: unknown, quoted: string): void {
  const name = text(given);
  if (name === '') throw AppError.invalid(field, deliveryMessages.selectArea);
  const area = findLagosArea(name);
  if (!area) throw AppError.invalid(field, deliveryMessages.unknownArea);
  if (area.name !== findLagosArea(quoted)?.name) throw AppError.invalid(field, m.areaNotQuoted);
}

function checkState(field: string, given: unknown): void {
  if (given !== undefined && given !== null && !(typeof given === 'string' && (given.trim() === '' || isLagosState(given)))) {
    throw AppError.invalid(field, deliveryMessages.outsideLagos);
  }
}

/**
 * What the quote fixed (the places, the pickup time, whether the cash-on-delivery fee is in the
 * price) against what the booking says; a difference is refused under its field, asking for a
 * new price. Returns the delivery's places as stored.
 */
function placesAgainstQuote(input: BookingInput, quote: QuoteRequest): { pickup: Place; dropoff: Place; pickupAt: Date | null } {
  const v = input.values;
  checkState(BOOKING_FIELDS.pickupState, input.pickup.state);
  checkArea(BOOKING_FIELDS.pickupArea, input.pickup.area, quote.pickup.area);
  const abroad = isAbroadDropoff(input.dropoff);
  const quotedAbroad = 'country' in quote.dropoff;
  let dropoffPlace: Pick<Extract<Place, { country: string }>, 'country' | 'city'> | Pick<Extract<Place, { area: string }>, 'state' | 'area'>;
  if (quotedAbroad) {
    const quoted = quote.dropoff as { country: string; city: string };
    // A Lagos area given for a price abroad is refused where it was typed.
    if (!abroad) throw AppError.invalid(BOOKING_FIELDS.dropoffArea, m.areaNotQuoted);
    if (text(input.dropoff.country) !== quoted.country) throw AppError.invalid(BOOKING_FIELDS.dropoffCountry, m.areaNotQuoted);
    if (text(input.dropoff.city).toLowerCase().replace(/\s+/g, ' ') !== quoted.city.toLowerCase().replace(/\s+/g, ' ')) {
      throw AppError.invalid(BOOKING_FIELDS.dropoffCity, m.areaNotQuoted);
    }
    dropoffPlace = { country: quoted.country, city: quoted.city };
  } else {
    if (abroad) throw AppError.invalid(BOOKING_FIELDS.dropoffCountry, m.areaNotQuoted);
    const quoted = quote.dropoff as { area: string };
    checkState(BOOKING_FIELDS.dropoffState, input.dropoff.state);
    checkArea(BOOKING_FIELDS.dropoffArea, input.dropoff.area, quoted.area);
    dropoffPlace = { state: 'Lagos', area: quoted.area };
  }

  // The price may hold a rush-hour line: the pickup time is the quote's.
  const quotedAt = quote.pickup_at === null ? null : parsePickupAt(quote.pickup_at);
  if (input.pickupAt !== undefined && input.pickupAt !== null) {
    const at = parsePickupAt(input.pickupAt);
    if (at === null) throw AppError.invalid(BOOKING_FIELDS.pickupAt, deliveryMessages.pickupAtInvalid);
    if (at !== quotedAt) throw AppError.invalid(BOOKING_FIELDS.pickupAt, m.pickupAtNotQuoted);
  }
  const refusal = paymentMatchesQuote(quote.payment, v.payment.trim() as Payment);
  if (refusal) throw AppError.invalid(BOOKING_FIELDS.payment, refusal);

  const end = (prefix: 'pickup' | 'dropoff', abroadPhone: boolean) => ({
    address: v[`${prefix}.address`].trim(),
    landmark: v[`${prefix}.landmark`].trim(),
    contact_name: v[`${prefix}.contact_name`].trim(),
    contact_phone: storedPhone(v[`${prefix}.contact_phone`], abroadPhone),
  });
  return {
    pickup: { state: 'Lagos', area: findLagosArea(quote.pickup.area)?.name ?? quote.pickup.area, ...end('pickup', false) },
    dropoff: { ...dropoffPlace, ...end('dropoff', quotedAbroad) } as Place,
    pickupAt: quotedAt === null ? null : new Date(quotedAt),
  };
}

const placeName = (place: Place): string =>
  'country' in place ? `${place.city}, ${deliveryMessages.countryName(place.country as 'GB' | 'CA')}` : place.area;

const LAGOS_DAY = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Africa/Lagos' });
const LAGOS_CLOCK = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Africa/Lagos' });

/** "Pickup: a rider comes within the hour, by 15:30" or "Pickup: Sunday 29 November, between 12:00 and 13:00". */
function pickupText(pickupAt: Date | null, bookedAt: Date): string {
  const e = deliveryMessages.bookedEmail;
  if (!pickupAt) return e.pickupNow(LAGOS_CLOCK.format(new Date(bookedAt.getTime() + PICKUP_WINDOW_MS)));
  return e.pickupWindow(LAGOS_DAY.format(pickupAt), LAGOS_CLOCK.format(pickupAt), LAGOS_CLOCK.format(new Date(pickupAt.getTime() + PICKUP_WINDOW_MS)));
}

function bookedEmail(input: {
  to: string;
  reference: string;
  pickup: Place;
  dropoff: Place;
  priceKobo: number;
  breakdown: BreakdownLine[];
  payment: Payment;
  pickupAt: Date | null;
  bookedAt: Date;
  trackingUrl: string;
}) {
  const e = deliveryMessages.bookedEmail;
  return renderEmail({
    to: input.to,
    subject: e.subject(input.reference),
    heading: e.heading(input.reference),
    paragraphs: [
      e.route(placeName(input.pickup), placeName(input.dropoff)),
      e.price(formatNaira(input.priceKobo), deliveryMessages.paymentNames[input.payment]),
      pickupText(input.pickupAt, input.bookedAt),
      e.breakdown(input.breakdown.map(formatLine).join(', ')),
      ...(input.payment === 'transfer' ? [e.transfer] : []),
      e.share,
      e.reference(input.reference),
    ],
    action: { label: e.track, url: input.trackingUrl },
  });
}

/**
 * The recipient's e-mail at booking: what is coming, from whom (the sender's name only, never
 * their phone or e-mail), when it is collected, and the tracking link.
 */
function recipientBookedEmail(input: { to: string; senderName: string; reference: string; pickup: Place; description: string; pickupAt: Date | null; bookedAt: Date; trackingUrl: string }) {
  const e = recipientMessages.bookedEmail;
  return renderEmail({
    to: input.to,
    subject: e.subject(input.reference),
    heading: e.heading(input.senderName),
    paragraphs: [
      e.from(input.senderName, placeName(input.pickup)),
      e.what(oneLine(input.description, 200)),
      pickupText(input.pickupAt, input.bookedAt),
      e.code,
    ],
    action: { label: e.track, url: input.trackingUrl },
  });
}

export interface IdempotencyClaim {
  scope: string;
  key: string;
  requestHash: string;
}

/** The booking an Idempotency-Key already made, as first answered; a different body is a 422. */
async function replayOf(tx: Db, claim: IdempotencyClaim, links: TrackingLinks): Promise<BookedDelivery | null> {
  const [row] = await tx
    .select({ requestHash: deliveryIdempotencyKeys.requestHash, id: deliveries.id, reference: deliveries.reference, priceKobo: deliveries.priceKobo })
    .from(deliveryIdempotencyKeys)
    .innerJoin(deliveries, eq(deliveries.id, deliveryIdempotencyKeys.deliveryId))
    .where(
      and(
        eq(deliveryIdempotencyKeys.scope, claim.scope),
        eq(deliveryIdempotencyKeys.key, claim.key),
        sql`${deliveryIdempotencyKeys.createdAt} > now() - make_interval(secs => ${IDEMPOTENCY_HOLD_MS / 1000})`,
      ),
    );
  if (!row) return null;
  if (row.requestHash !== claim.requestHash) throw new AppError('UNPROCESSABLE', m.idempotencyKeyReused, 'idempotency_key');
  return { id: row.id, reference: row.reference, status: 'booked', tracking_url: links.urlOf(row.id), price_kobo: row.priceKobo };
}

/**
 * Books a held quote. With an Idempotency-Key the same caller's same key and body answer the
 * first booking again, also when the two arrive together (a lock on the key, taken first, puts
 * the second after the first's commit); a different body is a 422. Without one, a quote booked
 * already is a 409 under quote_id. Returns the answer and whether it is a replay.
 */
export async function bookDelivery(
  db: Db,
  input: BookingInput,
  booker: Booker,
  claim: IdempotencyClaim | null,
  links: TrackingLinks,
): Promise<{ delivery: BookedDelivery; replayed: boolean }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        if (claim) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`delivery-idempotency:${claim.scope}:${claim.key}`}))`);
          const replay = await replayOf(tx, claim, links);
          if (replay) return { delivery: replay, replayed: true };
          // A key past its 24 hours may book again.
          await tx
            .delete(deliveryIdempotencyKeys)
            .where(and(eq(deliveryIdempotencyKeys.scope, claim.scope), eq(deliveryIdempotencyKeys.key, claim.key)));
        }
        const delivery = await insertBooking(tx, input, booker, links);
        if (claim) await tx.insert(deliveryIdempotencyKeys).values({ ...claim, deliveryId: delivery.id });
        return { delivery, replayed: false };
      });
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === null) throw err;
      if (constraint.includes('deliveries_quote_key')) throw new AppError('CONFLICT', m.quoteAlreadyBooked, BOOKING_FIELDS.quoteId);
      // Two references alike (one in 24 million a pair): draw another.
      if (constraint.includes('deliveries_reference_key') && attempt < REFERENCE_TRIES) continue;
      throw err;
    }
  }
}

async function insertBooking(tx: Db, input: BookingInput, booker: Booker, links: TrackingLinks): Promise<BookedDelivery> {
  const v = input.values;
  const quoteId = v.quote_id.trim();
  const [quote] = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(quoteId)
    ? await tx
        .select()
        .from(deliveryQuotes)
        .where(and(eq(deliveryQuotes.id, quoteId), sql`${deliveryQuotes.expiresAt} > now()`))
    : [];
  if (!quote) throw AppError.invalid(BOOKING_FIELDS.quoteId, m.quoteExpired);
  const request = quote.request as QuoteRequest;
  const { pickup, dropoff, pickupAt } = placesAgainstQuote(input, request);
  const [taken] = await tx.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.quoteId, quote.id));
  if (taken) throw new AppError('CONFLICT', m.quoteAlreadyBooked, BOOKING_FIELDS.quoteId);

  const payment = v.payment.trim() as Payment;
  const sender = { name: v['sender.name'].trim(), phone: storedPhone(v['sender.phone'], false), email: v['sender.email'].trim().toLowerCase() };
  const recipientEmail = storedRecipientEmail(v['dropoff.contact_email']);
  const description = v.description.trim();
  const breakdown = quote.breakdown as BreakdownLine[];
  const reference = newReference();
  // The id first: the tracking token is derived from it.
  const id = randomUUID();
  const trackingUrl = links.urlOf(id);
  const [row] = await tx
    .insert(deliveries)
    .values({
      id,
      reference,
      quoteId: quote.id,
      priceKobo: quote.priceKobo,
      breakdown,
      rateCardVersion: quote.rateCardVersion,
      sender,
      pickup,
      dropoff,
      recipientEmail,
      parcel: request.parcel,
      description,
      payment,
      pickupAt,
      // The promised window (shared/deliveries/jobs.ts): on time means delivered by then.
      deliverBy: deliverByOf(new Date((pickupAt ?? new Date()).getTime() + PICKUP_WINDOW_MS), 'country' in dropoff),
      companyId: booker.companyId,
      apiKeyId: booker.apiKeyId,
      trackingTokenHash: hashTrackingToken(links.tokenOf(id)),
      clientIpHash: booker.clientIpHash,
    })
    .returning({ createdAt: deliveries.createdAt });
  const [booked] = await tx.insert(deliveryEvents).values({ deliveryId: id, status: 'booked' }).returning({ at: deliveryEvents.createdAt });
  // The board hears of it once this transaction commits.
  await announceDeliveryMove(tx, { id, reference, status: 'booked', at: booked!.at.toISOString() });

  const route = deliveryMessages.bookedEmail.route(placeName(pickup), placeName(dropoff));
  const pickupLine = pickupText(pickupAt, row!.createdAt);
  await tx.insert(inboxItems).values({
    kind: 'delivery',
    deliveryId: id,
    name: sender.name,
    email: sender.email,
    phone: sender.phone,
    message: deliveryMessages.bookedInbox(
      reference,
      route,
      formatNaira(quote.priceKobo),
      deliveryMessages.paymentNames[payment],
      pickupLine,
      oneLine(description, 200),
    ),
  });
  await enqueueEmail(
    tx,
    bookedEmail({
      to: sender.email,
      reference,
      pickup,
      dropoff,
      priceKobo: quote.priceKobo,
      breakdown,
      payment,
      pickupAt,
      bookedAt: row!.createdAt,
      trackingUrl,
    }),
    'urgent',
  );
  if (recipientEmail) {
    await enqueueEmail(
      tx,
      recipientBookedEmail({ to: recipientEmail, senderName: sender.name, reference, pickup, description, pickupAt, bookedAt: row!.createdAt, trackingUrl }),
    );
  }
  return { id, reference, status: 'booked', tracking_url: trackingUrl, price_kobo: quote.priceKobo };
}

// ---------------------------------------------------------------------------------------------
// Reading bookings

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DeliveryEvent {
  status: string;
  at: string;
}

/** GET /api/deliveries/{id}: the booking company's view. */
export interface CompanyDelivery {
  id: string;
  reference: string;
  status: string;
  tracking_url: string;
  price_kobo: number;
  breakdown: BreakdownLine[];
  pickup: Place;
  dropoff: Place & { contact_email?: string };
  parcel: unknown;
  description: string;
  payment: Payment;
  pickup_at: string | null;
  created_at: string;
  events: DeliveryEvent[];
}

async function eventsOf(db: Db, deliveryId: string): Promise<DeliveryEvent[]> {
  const rows = await db
    .select({ status: deliveryEvents.status, at: deliveryEvents.createdAt })
    .from(deliveryEvents)
    .where(eq(deliveryEvents.deliveryId, deliveryId))
    .orderBy(asc(deliveryEvents.createdAt), asc(deliveryEvents.id));
  return rows.map((r) => ({ status: r.status, at: r.at.toISOString() }));
}

/** A delivery the company booked (in its session or with one of its keys); null for any other id. */
export async function findCompanyDelivery(db: Db, companyId: string, id: string, links: TrackingLinks): Promise<CompanyDelivery | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.id, id), eq(deliveries.companyId, companyId)));
  if (!row) return null;
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    tracking_url: links.urlOf(row.id),
    price_kobo: row.priceKobo,
    breakdown: row.breakdown as BreakdownLine[],
    pickup: row.pickup as Place,
    // The booking company is the sender: it sees the recipient's e-mail it gave.
    dropoff: { ...(row.dropoff as Place), ...(row.recipientEmail ? { contact_email: row.recipientEmail } : {}) },
    parcel: row.parcel,
    description: row.description,
    payment: row.payment,
    pickup_at: row.pickupAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    events: await eventsOf(db, row.id),
  };
}

/** A row of the company's list of its bookings. */
export interface CompanyDeliveryItem {
  id: string;
  reference: string;
  status: string;
  price_kobo: number;
  payment: Payment;
  pickup: { area: string };
  dropoff: { area: string } | { country: string; city: string };
  pickup_at: string | null;
  created_at: string;
}

/** GET /api/companies/me/deliveries: newest first, a page at a time (keyset). */
export async function listCompanyDeliveries(db: Db, companyId: string, cursorValue: string | undefined): Promise<{ items: CompanyDeliveryItem[]; next: string | null }> {
  const cursor = decodeCursor(cursorValue);
  const rows = await db
    .select({
      id: deliveries.id,
      reference: deliveries.reference,
      status: deliveries.status,
      priceKobo: deliveries.priceKobo,
      payment: deliveries.payment,
      pickup: deliveries.pickup,
      dropoff: deliveries.dropoff,
      pickupAt: deliveries.pickupAt,
      createdAt: deliveries.createdAt,
      cursorAt: cursorText(deliveries.createdAt),
    })
    .from(deliveries)
    .where(and(eq(deliveries.companyId, companyId), after(deliveries.createdAt, deliveries.id, cursor)))
    .orderBy(...newestFirst(deliveries.createdAt, deliveries.id))
    .limit(PAGE_SIZE + 1);
  const page = toPage(rows);
  return {
    next: page.next,
    items: page.items.map((r) => {
      const dropoff = r.dropoff as Place;
      return {
        id: r.id,
        reference: r.reference,
        status: r.status,
        price_kobo: r.priceKobo,
        payment: r.payment,
        pickup: { area: (r.pickup as { area: string }).area },
        dropoff: 'country' in dropoff ? { country: dropoff.country, city: dropoff.city } : { area: dropoff.area },
        pickup_at: r.pickupAt?.toISOString() ?? null,
        created_at: r.createdAt.toISOString(),
      };
    }),
  };
}

/** GET /api/deliveries/tracking: what a shared link shows. No phone, e-mail, name or street address. */
export interface TrackedDelivery {
  reference: string;
  status: string;
  pickup: { state: string; area: string };
  dropoff: { state: string; area: string } | { country: string; city: string };
  pickup_at: string | null;
  price_kobo: number;
  payment: Payment;
  events: DeliveryEvent[];
  /** The end of the promised delivery window. */
  deliver_by: string | null;
  /** The rider once assigned: the public card's name, picture and ID check; the phone only while the parcel is on its way. */
  rider: TrackedRider | null;
  /** A photo of the parcel handed over is there (GET /api/deliveries/tracking/proof). */
  proof: boolean;
  /** The sender's rating once given (1-5), else null. */
  rating: number | null;
  can_cancel: boolean;
}

export interface TrackedRider {
  display_name: string;
  picture_url: string | null;
  id_verified: boolean;
  phone: string | null;
}

/** The delivery a tracking token names, by the SHA-256 of the token; null when none. */
export async function findDeliveryByTrackingToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(eq(deliveries.trackingTokenHash, hashTrackingToken(token)));
  return row?.id ?? null;
}

export async function findTrackedDelivery(db: Db, deliveryId: string): Promise<TrackedDelivery | null> {
  const [row] = await db.select().from(deliveries).where(eq(deliveries.id, deliveryId));
  if (!row) return null;
  const pickup = row.pickup as { state: string; area: string };
  const dropoff = row.dropoff as Place;
  return {
    reference: row.reference,
    status: row.status,
    pickup: { state: pickup.state, area: pickup.area },
    dropoff: 'country' in dropoff ? { country: dropoff.country, city: dropoff.city } : { state: dropoff.state, area: dropoff.area },
    pickup_at: row.pickupAt?.toISOString() ?? null,
    price_kobo: row.priceKobo,
    payment: row.payment,
    events: await eventsOf(db, row.id),
    deliver_by: row.deliverBy?.toISOString() ?? null,
    rider: await trackedRiderOf(db, row.riderId, row.status as DeliveryStatus),
    proof: row.proofFileId !== null,
    rating: row.senderRating,
    can_cancel: canMoveDelivery(row.status as DeliveryStatus, 'cancel', 'sender'),
  };
}

/** Shown once a rider has the job (not while offered, not after a cancel before pickup). */
async function trackedRiderOf(db: Db, riderId: string | null, status: DeliveryStatus): Promise<TrackedRider | null> {
  if (!riderId || status === 'booked' || status === 'offered') return null;
  const [rider] = await db
    .select({ displayName: riderCards.displayName, pictureFileId: riderCards.pictureFileId, idVerified: riderCards.idVerified, phone: users.phone })
    .from(users)
    .leftJoin(riderCards, eq(riderCards.userId, users.id))
    .where(eq(users.id, riderId));
  if (!rider) return null;
  return {
    display_name: rider.displayName ?? '',
    picture_url: rider.pictureFileId ? fileUrl(rider.pictureFileId) : null,
    id_verified: rider.idVerified ?? false,
    phone: senderSeesRiderPhone(status) ? rider.phone : null,
  };
}
