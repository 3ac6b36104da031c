/**
 * Delivery quotes (DESIGN.md §11): price a request with the latest rate card, hold the
 * price 15 minutes, find a held quote for the booking. The price comes from the shared pure
 * functions (src/shared/deliveries/price.ts), the very ones the browser's estimate runs.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FieldError } from '../../../shared/api';
import { QUOTE_FIELDS } from '../../../shared/deliveries/fields';
import { deliveryMessages as m } from '../../../shared/deliveries/messages';
import { priceInternational, priceLagos, type BreakdownLine, type PriceQuote } from '../../../shared/deliveries/price';
import { PAYMENTS, type RateCard } from '../../../shared/deliveries/rateCard';
import { findLagosArea } from '../../../shared/deliveries/areas';
import type { Db } from '../../db/client';
import { deliveryQuotes } from '../../db/schema';

/** How long a quote's price is held. */
export const QUOTE_HOLD_MS = 15 * 60_000;

/** A quote as the API shows it. */
export interface Quote extends PriceQuote {
  id: string;
  expires_at: string;
}

/** The request as priced and stored (the parts the sender gave, normalised to plain values). */
export interface QuoteRequest {
  pickup: { state: string | null; area: string };
  dropoff: { state: string | null; area: string } | { country: string; city: string };
  parcel: { size: string } | { weight_kg: number | string; length_cm: number | string; width_cm: number | string; height_cm: number | string };
  pickup_at: string | null;
  payment: string | null;
}

export type PricedRequest = { ok: true; request: QuoteRequest; quote: PriceQuote } | { ok: false; error: FieldError };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const refuse = (field: string, message: string): PricedRequest => ({ ok: false, error: { field, message } });

/** A string as given, or undefined (the price function refuses other types under the field). */
const optionalText = (value: unknown): string | undefined => (value === undefined || value === null ? undefined : (value as string));

/** The wizard's spelling of an area the price function accepted ("ikeja" → "Ikeja"). */
const areaName = (raw: string): string => findLagosArea(raw)?.name ?? raw;

/**
 * Prices a request body of POST /api/deliveries/quotes, whatever it holds: every refusal is a
 * {field, message} under the body's path (`pickup.area`, `parcel.weight_kg`, …), from the shared
 * field rules and the price function's own refusals. Pure: no database.
 */
export function priceQuoteRequest(body: unknown, card: RateCard, now: number): PricedRequest {
  const input = isObject(body) ? body : {};
  const pickup = isObject(input.pickup) ? input.pickup : null;
  if (!pickup) return refuse(QUOTE_FIELDS.pickupArea, m.selectArea);
  const dropoff = isObject(input.dropoff) ? input.dropoff : null;
  if (!dropoff) return refuse(QUOTE_FIELDS.dropoffArea, m.selectArea);
  const parcel = isObject(input.parcel) ? input.parcel : null;
  const pickupAt = input.pickup_at;
  if (pickupAt !== undefined && pickupAt !== null && typeof pickupAt !== 'string') return refuse(QUOTE_FIELDS.pickupAt, m.pickupAtInvalid);
  const payment = input.payment;
  const international = 'country' in dropoff || 'city' in dropoff;

  if (international) {
    if (!parcel || !('weight_kg' in parcel)) return refuse(QUOTE_FIELDS.weight, m.enterWeight);
    const result = priceInternational(
      {
        pickupState: optionalText(pickup.state),
        pickupArea: pickup.area as string,
        country: dropoff.country as string,
        city: dropoff.city as string,
        weight_kg: parcel.weight_kg as number,
        length_cm: parcel.length_cm as number,
        width_cm: parcel.width_cm as number,
        height_cm: parcel.height_cm as number,
        pickupAt: (pickupAt as string | null | undefined) ?? null,
      },
      card,
      { now },
    );
    if (!result.ok) return result;
    // No cash on delivery abroad; the payment does not change the price (the first mile is paid with the rest).
    if (payment !== undefined && payment !== null && !(PAYMENTS as readonly unknown[]).includes(payment)) {
      return refuse(QUOTE_FIELDS.payment, m.unknownPayment);
    }
    if (payment === 'cash_on_delivery') return refuse(QUOTE_FIELDS.payment, m.noCashOnDeliveryAbroad);
    return {
      ok: true,
      quote: result.quote,
      request: {
        pickup: { state: (pickup.state as string | undefined) ?? null, area: areaName(pickup.area as string) },
        dropoff: { country: dropoff.country as string, city: (dropoff.city as string).trim() },
        parcel: {
          weight_kg: parcel.weight_kg as number,
          length_cm: parcel.length_cm as number,
          width_cm: parcel.width_cm as number,
          height_cm: parcel.height_cm as number,
        },
        pickup_at: (pickupAt as string | null | undefined) ?? null,
        payment: (payment as string | null | undefined) ?? null,
      },
    };
  }

  if (!parcel || !('size' in parcel)) {
    // Weight and dimensions are for abroad; within Lagos the sender picks a size.
    return refuse(QUOTE_FIELDS.size, m.selectSize);
  }
  const result = priceLagos(
    {
      pickupState: optionalText(pickup.state),
      pickupArea: pickup.area as string,
      dropoffState: optionalText(dropoff.state),
      dropoffArea: dropoff.area as string,
      size: parcel.size as string,
      pickupAt: (pickupAt as string | null | undefined) ?? null,
      payment: payment === null ? undefined : (payment as string | undefined),
    },
    card,
    { now },
  );
  if (!result.ok) return result;
  return {
    ok: true,
    quote: result.quote,
    request: {
      pickup: { state: (pickup.state as string | undefined) ?? null, area: areaName(pickup.area as string) },
      dropoff: { state: (dropoff.state as string | undefined) ?? null, area: areaName(dropoff.area as string) },
      parcel: { size: parcel.size as string },
      pickup_at: (pickupAt as string | null | undefined) ?? null,
      payment: (payment as string | null | undefined) ?? 'cash_on_pickup',
    },
  };
}

type QuoteRow = typeof deliveryQuotes.$inferSelect;

function quoteOf(row: Pick<QuoteRow, 'id' | 'priceKobo' | 'breakdown' | 'expiresAt' | 'distanceKm' | 'chargeableWeightKg' | 'rateCardVersion'>): Quote {
  return {
    id: row.id,
    price_kobo: row.priceKobo,
    currency: 'NGN',
    breakdown: row.breakdown as BreakdownLine[],
    expires_at: row.expiresAt.toISOString(),
    ...(row.distanceKm === null ? {} : { distance_km: Number(row.distanceKm) }),
    ...(row.chargeableWeightKg === null ? {} : { chargeable_weight_kg: Number(row.chargeableWeightKg) }),
    rate_card_version: row.rateCardVersion,
  };
}

/** A quote row waiting for its batch, with the promise of its caller. */
interface PendingQuote {
  row: typeof deliveryQuotes.$inferInsert;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** The most rows one insert takes. */
const BATCH_MAX = 200;

/**
 * Group commit for quotes, one writer per database: a quote asked while an insert is under way
 * waits for it and goes into the next insert with every other quote that arrived meanwhile. Each
 * caller is answered only once its own row is written, so a quote answered is a quote stored;
 * under load one insert carries many quotes (a PGlite insert costs ~2 ms of CPU alone, ~0.3 ms
 * a row in tens; on PostgreSQL one commit's wait for the disk serves them all).
 */
class QuoteWriter {
  private queue: PendingQuote[] = [];
  private flushing = false;

  constructor(private readonly db: Db) {}

  write(row: PendingQuote['row']): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, BATCH_MAX);
        try {
          await this.db.insert(deliveryQuotes).values(batch.map((p) => p.row));
          for (const p of batch) p.resolve();
        } catch (err) {
          for (const p of batch) p.reject(err);
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}

const writers = new WeakMap<Db, QuoteWriter>();

/**
 * Stores a priced request as a quote held for 15 minutes from `now` and answers it once stored.
 * `clientIpHash` or `apiKeyId` says who asked.
 */
export async function createQuote(
  db: Db,
  priced: { request: QuoteRequest; quote: PriceQuote },
  who: { clientIpHash: string | null; apiKeyId?: string | null },
  now: number,
): Promise<Quote> {
  let writer = writers.get(db);
  if (!writer) {
    writer = new QuoteWriter(db);
    writers.set(db, writer);
  }
  const row = {
    id: randomUUID(),
    request: priced.request,
    priceKobo: priced.quote.price_kobo,
    breakdown: priced.quote.breakdown,
    distanceKm: priced.quote.distance_km ?? null,
    chargeableWeightKg: priced.quote.chargeable_weight_kg ?? null,
    rateCardVersion: priced.quote.rate_card_version,
    createdAt: new Date(now),
    expiresAt: new Date(now + QUOTE_HOLD_MS),
    clientIpHash: who.clientIpHash,
    apiKeyId: who.apiKeyId ?? null,
  } satisfies PendingQuote['row'];
  await writer.write(row);
  return quoteOf(row);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A quote still held at `now` (the booking takes its price), with what was asked; null when unknown or expired. */
export async function findLiveQuote(db: Db, id: string, now = Date.now()): Promise<(Quote & { request: QuoteRequest }) | null> {
  if (typeof id !== 'string' || !UUID.test(id)) return null;
  const [row] = await db
    .select()
    .from(deliveryQuotes)
    .where(and(eq(deliveryQuotes.id, id), gt(deliveryQuotes.expiresAt, new Date(now))));
  return row ? { ...quoteOf(row), request: row.request as QuoteRequest } : null;
}
