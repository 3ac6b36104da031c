/**
 * The rate card (DESIGN.md §11): every figure the price function uses, in one value that
 * staff will keep (versioned, audited) in the operations console. Until that table exists the
 * server and the browser both use `defaultRateCard`; a quote records the `version` it was priced
 * with. Money is integer kobo (₦1 = 100 kobo) everywhere; distances and weights are not money
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

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * What is wrong with a rate card, as "path: problem" lines (empty when it is sound): the checks
 * the operations console makes before it saves a new version, and that keep the price function's
 * promises (integer kobo, whole naira lines, a price that never falls as distance, size or weight
 * rise).
 */
export function checkRateCard(card: RateCard): string[] {
  const problems: string[] = [];
  const fault = (path: string, problem: string) => problems.push(`${path}: ${problem}`);
  const naira = (path: string, kobo: number) => {
    if (!Number.isSafeInteger(kobo) || kobo < 0 || kobo % 100 !== 0) fault(path, 'must be a whole number of naira, in kobo, 0 or more');
  };
  const positive = (path: string, value: number) => {
    if (!Number.isFinite(value) || value <= 0) fault(path, 'must be a number above 0');
  };
  const bands = (path: string, list: readonly MarginalBand[], step: number) => {
    if (list.length === 0) fault(path, 'needs at least one band');
    let previous = 0;
    list.forEach((band, i) => {
      const last = i === list.length - 1;
      if (!Number.isSafeInteger(band.rateKobo) || band.rateKobo < 0) fault(`${path}[${i}].rateKobo`, 'must be a whole number of kobo, 0 or more');
      if (last) {
        if (band.upTo !== null) fault(`${path}[${i}].upTo`, 'the last band has no upper end (null)');
        return;
      }
      if (band.upTo === null || !Number.isFinite(band.upTo) || band.upTo <= previous) fault(`${path}[${i}].upTo`, 'must rise from band to band');
      else if (Math.abs(Math.round(band.upTo / step) * step - band.upTo) > 1e-9) fault(`${path}[${i}].upTo`, `must be a multiple of ${step}`);
      else previous = band.upTo;
    });
  };
  const clock = (path: string, value: string) => {
    if (!CLOCK.test(value)) fault(path, 'must be HH:MM');
  };

  if (!Number.isSafeInteger(card.version) || card.version < 1) fault('version', 'must be a whole number from 1');
  const l = card.lagos;
  naira('lagos.baseFareKobo', l.baseFareKobo);
  if (!Number.isFinite(l.roadFactor) || l.roadFactor < 1 || l.roadFactor > 3) fault('lagos.roadFactor', 'must be between 1 and 3');
  bands('lagos.distanceBands', l.distanceBands, 0.1);
  let previousSize: SizeBand | null = null;
  for (const size of PARCEL_SIZES) {
    const band = l.sizes[size];
    naira(`lagos.sizes.${size}.surchargeKobo`, band.surchargeKobo);
    positive(`lagos.sizes.${size}.maxWeightKg`, band.maxWeightKg);
    positive(`lagos.sizes.${size}.maxSideCm`, band.maxSideCm);
    if (previousSize && (band.surchargeKobo < previousSize.surchargeKobo || band.maxWeightKg < previousSize.maxWeightKg || band.maxSideCm < previousSize.maxSideCm)) {
      fault(`lagos.sizes.${size}`, 'a bigger size must cost and hold at least as much as a smaller one');
    }
    previousSize = band;
  }
  naira('lagos.crossingKobo', l.crossingKobo);
  naira('lagos.rushHours.surchargeKobo', l.rushHours.surchargeKobo);
  l.rushHours.windows.forEach((w, i) => {
    clock(`lagos.rushHours.windows[${i}].from`, w.from);
    clock(`lagos.rushHours.windows[${i}].to`, w.to);
    if (w.from >= w.to) fault(`lagos.rushHours.windows[${i}]`, 'must end after it starts');
    if (w.days.some((d) => !Number.isInteger(d) || d < 0 || d > 6)) fault(`lagos.rushHours.windows[${i}].days`, 'days are 0 (Sunday) to 6');
  });
  const bp = l.cashOnDelivery.basisPoints;
  if (!Number.isInteger(bp) || bp < 0 || bp > 10_000) fault('lagos.cashOnDelivery.basisPoints', 'must be a whole number from 0 to 10000');
  naira('lagos.cashOnDelivery.minimumKobo', l.cashOnDelivery.minimumKobo);
  naira('lagos.minimumKobo', l.minimumKobo);
  naira('lagos.roundToKobo', l.roundToKobo);
  if (l.roundToKobo === 0) fault('lagos.roundToKobo', 'must be above 0');
  if (l.openingHours.length !== 7) fault('lagos.openingHours', 'needs one entry a day, Sunday first');
  l.openingHours.forEach((h, day) => {
    if (!h) return;
    clock(`lagos.openingHours[${day}].open`, h.open);
    clock(`lagos.openingHours[${day}].close`, h.close);
    if (h.open >= h.close) fault(`lagos.openingHours[${day}]`, 'must close after it opens');
  });
  const share = l.riderShareBasisPoints;
  if (!Number.isInteger(share) || share < 0 || share > 10_000) fault('lagos.riderShareBasisPoints', 'must be a whole number from 0 to 10000');

  const intl = card.international;
  if (!Number.isSafeInteger(intl.volumetricDivisor) || intl.volumetricDivisor <= 0) fault('international.volumetricDivisor', 'must be a whole number above 0');
  if (!Number.isFinite(intl.hub.lat) || !Number.isFinite(intl.hub.lng)) fault('international.hub', 'needs a latitude and a longitude');
  positive('international.limits.maxWeightKg', intl.limits.maxWeightKg);
  positive('international.limits.maxSideCm', intl.limits.maxSideCm);
  positive('international.limits.maxChargeableKg', intl.limits.maxChargeableKg);
  for (const country of COUNTRIES) {
    const destination = intl.destinations[country];
    bands(`international.destinations.${country}.weightBands`, destination.weightBands, 0.5);
    naira(`international.destinations.${country}.minimumKobo`, destination.minimumKobo);
  }
  return problems;
}
