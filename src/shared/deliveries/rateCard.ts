/**
 * The rate card (DESIGN.md §11): every figure the price function uses, in one value that
 * staff keep (versioned, audited) in the operations console; its rules are in rateCardRules.ts.
 * `defaultRateCard` is version 1; a quote records the `version` it was priced with. Money is integer kobo (₦1 = 100 kobo) everywhere; distances and weights are not money
 * and may be fractional.
 */

export const PARCEL_SIZES = ['small', 'medium', 'large'] as const;
export type ParcelSize = (typeof PARCEL_SIZES)[number];

export const PAYMENTS = ['cash_on_pickup', 'cash_on_delivery', 'transfer'] as const;
export type Payment = (typeof PAYMENTS)[number];

export const COUNTRIES = ['GB', 'CA'] as const;
export type Country = (typeof COUNTRIES)[number];

/** 'HH:MM' on the 24-hour clock, Lagos time (WAT, UTC+1 all year, no daylight saving). */
export type ClockTime = `${number}:${number}`;

/**
 * A marginal band, as income tax brackets work: its rate applies only to the part of the distance
 * (or weight) that falls inside it. Bands are in increasing order; the last has `upTo: null`
 * (no upper end). Marginal bands make the price rise with distance and weight by construction,
 * whatever the rates (≥ 0), which per-band flat prices do not.
 */
export interface MarginalBand {
  upTo: number | null;
  /** kobo per km (distance) or per kg (weight). */
  rateKobo: number;
}

/** A parcel size: its surcharge, and the limits that place an international parcel's first mile in it. */
export interface SizeBand {
  surchargeKobo: number;
  maxWeightKg: number;
  maxSideCm: number;
}

export interface TimeWindow {
  from: ClockTime;
  /** Exclusive: a pickup at exactly `to` is outside the window. */
  to: ClockTime;
  /** Days of the week in Lagos, 0 = Sunday … 6 = Saturday. */
  days: readonly number[];
}

/** Opening hours per day of the week (0 = Sunday); null when closed that day. */
export type OpeningHours = readonly ({ open: ClockTime; close: ClockTime } | null)[];

export interface Destination {
  country: Country;
  /** Marginal bands over the chargeable weight, kobo per kg. */
  weightBands: readonly MarginalBand[];
  /** The least the freight part costs (before the first-mile pickup). */
  minimumKobo: number;
}

export interface RateCard {
  /** Increases by one on every change; a quote keeps the version it was priced with. */
  version: number;
  currency: 'NGN';
  lagos: {
    baseFareKobo: number;
    /** Road distance = great-circle distance between area centres × roadFactor. */
    roadFactor: number;
    distanceBands: readonly MarginalBand[];
    sizes: Readonly<Record<ParcelSize, SizeBand>>;
    /** When one end is on the Island (Lagos Island, Eti-Osa, Ibeju-Lekki) and the other on the Mainland. */
    crossingKobo: number;
    rushHours: { windows: readonly TimeWindow[]; surchargeKobo: number };
    /** A fee for collecting our price in cash from the recipient: a share of the price before it, with a floor. */
    cashOnDelivery: { basisPoints: number; minimumKobo: number };
    minimumKobo: number;
    /** The total is rounded up to a multiple of this (₦50). */
    roundToKobo: number;
    openingHours: OpeningHours;
    /** The rider's share of the price, in basis points (used by the next issue's payouts). */
    riderShareBasisPoints: number;
  };
  international: {
    /** Volumetric weight (kg) = length × width × height (cm) ÷ divisor. */
    volumetricDivisor: number;
    /** The first-mile pickup goes from the sender's area to this point, priced by the Lagos rules. */
    hub: { name: string; lat: number; lng: number; side: 'island' | 'mainland' };
    limits: { maxWeightKg: number; maxSideCm: number; maxChargeableKg: number };
    destinations: Readonly<Record<Country, Destination>>;
  };
}

const naira = (n: number) => n * 100;

/** Monday to Friday. */
const WEEKDAYS = [1, 2, 3, 4, 5] as const;

/**
 * Version 1, November 2026. A 10 km same-day bike delivery of a small parcel costs ₦2,500 off-peak
 * (₦3,000 medium, ₦4,000 large, ₦500 more in rush hour), in the ₦2,500–₦4,500 that Lagos
 * senders pay elsewhere; Lagos → UK is ₦22,000 a kg for the first 2 kg.
 */
export const defaultRateCard: RateCard = {
  version: 1,
  currency: 'NGN',
  lagos: {
    baseFareKobo: naira(1_000),
    roadFactor: 1.3,
    distanceBands: [
      { upTo: 20, rateKobo: naira(150) },
      { upTo: null, rateKobo: naira(110) },
    ],
    sizes: {
      small: { surchargeKobo: 0, maxWeightKg: 3, maxSideCm: 40 },
      medium: { surchargeKobo: naira(500), maxWeightKg: 10, maxSideCm: 60 },
      large: { surchargeKobo: naira(1_500), maxWeightKg: 25, maxSideCm: 100 },
    },
    crossingKobo: naira(500),
    rushHours: {
      windows: [
        { from: '07:00', to: '10:00', days: WEEKDAYS },
        { from: '16:00', to: '20:00', days: WEEKDAYS },
      ],
      surchargeKobo: naira(500),
    },
    cashOnDelivery: { basisPoints: 200, minimumKobo: naira(100) },
    minimumKobo: naira(1_500),
    roundToKobo: naira(50),
    openingHours: [
      { open: '10:00', close: '18:00' }, // Sunday
      { open: '07:00', close: '20:00' },
      { open: '07:00', close: '20:00' },
      { open: '07:00', close: '20:00' },
      { open: '07:00', close: '20:00' },
      { open: '07:00', close: '20:00' },
      { open: '08:00', close: '20:00' }, // Saturday
    ],
    riderShareBasisPoints: 7_500,
  },
  international: {
    volumetricDivisor: 5_000,
    hub: {
      name: 'the airport cargo terminal, Ikeja',
      // Murtala Muhammed International Airport's export cargo terminal, placed by hand (not from the open data).
      lat: 6.5795,
      lng: 3.3265,
      side: 'mainland',
    },
    limits: { maxWeightKg: 25, maxSideCm: 100, maxChargeableKg: 50 },
    destinations: {
      GB: {
        country: 'GB',
        weightBands: [
          { upTo: 2, rateKobo: naira(22_000) },
          { upTo: 5, rateKobo: naira(18_000) },
          { upTo: 10, rateKobo: naira(14_000) },
          { upTo: null, rateKobo: naira(11_000) },
        ],
        minimumKobo: naira(25_000),
      },
      CA: {
        country: 'CA',
        weightBands: [
          { upTo: 2, rateKobo: naira(26_000) },
          { upTo: 5, rateKobo: naira(21_000) },
          { upTo: 10, rateKobo: naira(17_000) },
          { upTo: null, rateKobo: naira(13_500) },
        ],
        minimumKobo: naira(30_000),
      },
    },
  },
};

/** The rider's share of a price, rounded down to the naira (the rest is the platform's). */
export function riderShareKobo(priceKobo: number, card: RateCard): number {
  return Math.floor((priceKobo * card.lagos.riderShareBasisPoints) / 10_000 / 100) * 100;
}
