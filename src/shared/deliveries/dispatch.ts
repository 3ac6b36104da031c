/**
 * Dispatch as browser and server both read it: who may switch "Available for deliveries" on,
 * the areas they cover (checked against ./areas.ts), what a rider sees of an offer before
 * accepting (the pickup AREA, never the address, landmark or contacts), and the dispatch
 * board's texts and answers.
 */
import { findLagosArea, greatCircleKm } from './areas';
import type { DeliveryAction, DeliveryStatus } from './moves';

/** The pickup window the sender is told: the chosen time (or the booking's) and the hour after it. */
export const PICKUP_WINDOW_MS = 60 * 60_000;
/** How many areas a rider may cover: a part of Lagos, not all of it. */
export const AVAILABILITY_AREAS_MAX = 12;
/** How far (km, great circle between area centres) an offer goes from the pickup area. */
export const NEARBY_KM = 15;
/** A cancel reason is a sentence, not an essay. */
export const CANCEL_REASON_MAX = 300;

export const AVAILABILITY_FIELDS = { available: 'available', areas: 'areas' } as const;

/** Why a rider may not switch "Available for deliveries" on; null when they may. */
export type AvailabilityBlock = 'signup' | 'id' | 'suspended';

export function availabilityBlock(rider: { completed: boolean; idReviewStatus: string | null; suspended: boolean }): AvailabilityBlock | null {
  if (rider.suspended) return 'suspended';
  if (!rider.completed) return 'signup';
  if (rider.idReviewStatus !== 'approved') return 'id';
  return null;
}

export const dispatchTexts = {
  availability: {
    blocked: {
      signup: 'Finish signing up first: then you can take deliveries.',
      id: 'We have not verified your ID yet. You can take deliveries once it is approved.',
      suspended: 'Your account is suspended, so you cannot take deliveries.',
    } satisfies Record<AvailabilityBlock, string>,
    chooseArea: 'Choose at least one area you cover',
    unknownArea: (name: string) => `We do not know "${name}" in Lagos. Choose areas from the list.`,
    tooManyAreas: (max: number) => `Choose at most ${max} areas`,
    switchedOn: 'You are available for deliveries. Offers near your areas will appear here.',
    switchedOff: 'You are not taking deliveries now.',
  },
  offers: {
    accepted: (reference: string) => `The job ${reference} is yours. Head to the pickup when you are ready.`,
    declined: 'Offer declined.',
  },
  board: {
    riderNotAvailable: 'This rider cannot take deliveries now (not available, ID not verified or suspended).',
    riderNotFound: 'We could not find this rider.',
    sameRider: 'This rider already has the job. Choose another rider.',
    noRiderNearby: 'No available rider near the pickup has not been offered this job yet.',
    cancelReasonTooLong: (max: number) => `Please keep the reason under ${max} characters`,
    offered: (reference: string) => `${reference} offered to a rider.`,
    assigned: (reference: string) => `${reference} assigned.`,
    reassigned: (reference: string) => `${reference} given to another rider.`,
    cancelled: (reference: string) => `${reference} cancelled.`,
    retried: (reference: string) => `${reference} goes out for delivery again.`,
    returned: (reference: string) => `${reference} is going back to the sender.`,
    markedReturned: (reference: string) => `${reference} is back with the sender.`,
  },
  /** Timeline notes the server writes. */
  notes: {
    noRiderLeft: 'No rider left to offer it to: back to booked',
    offeredTo: 'Offered to the next rider',
  },
} as const;

/**
 * The areas as typed: each known (any spelling ./areas.ts accepts), stored as the wizard spells
 * it, each once. Returns the areas or the refusal (under AVAILABILITY_FIELDS.areas).
 */
export function checkAvailability(available: boolean, areas: readonly string[]): { areas: string[] } | { message: string } {
  const t = dispatchTexts.availability;
  const names: string[] = [];
  for (const given of areas) {
    const area = findLagosArea(given);
    if (!area) return { message: t.unknownArea(given.slice(0, 60)) };
    if (!names.includes(area.name)) names.push(area.name);
  }
  if (names.length > AVAILABILITY_AREAS_MAX) return { message: t.tooManyAreas(AVAILABILITY_AREAS_MAX) };
  if (available && names.length === 0) return { message: t.chooseArea };
  return { areas: names };
}

/** Km between two Lagos areas' centres, to one decimal; null when either is not a Lagos area. */
export function areaKm(from: string | null | undefined, to: string | null | undefined): number | null {
  const a = from ? findLagosArea(from) : undefined;
  const b = to ? findLagosArea(to) : undefined;
  return a && b ? Math.round(greatCircleKm(a, b) * 10) / 10 : null;
}

/** Km from the nearest area the rider covers to the pickup area (0 when they cover it). */
export function nearestAreaKm(covered: readonly string[], pickupArea: string): number | null {
  let best: number | null = null;
  for (const area of covered) {
    const km = areaKm(area, pickupArea);
    if (km !== null && (best === null || km < best)) best = km;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// API answers

export interface AvailabilityResponse {
  available: boolean;
  areas: string[];
  /** Why the switch cannot be turned on (a sentence), or null. */
  blocked: string | null;
  message?: string;
}

/** An open offer as its rider sees it before accepting: the area, never the address or contacts. */
export interface RiderOffer {
  id: string;
  delivery_id: string;
  reference: string;
  pay_kobo: number;
  pickup_area: string;
  dropoff_area: string | null;
  /** From the nearest area the rider covers to the pickup area. */
  to_pickup_km: number | null;
  /** Pickup area to drop-off area (null abroad). */
  trip_km: number | null;
  parcel: Record<string, unknown>;
  payment: string;
  pickup_at: string | null;
  expires_at: string;
}

/** Why a delivery is near the top of the board. */
export type BoardAttention = 'failed' | 'late_pickup' | 'unassigned';

export interface BoardItem {
  id: string;
  reference: string;
  status: DeliveryStatus;
  attention: BoardAttention | null;
  /** Back to booked because nobody accepted its offers. */
  no_rider_found: boolean;
  pickup_area: string | null;
  dropoff_area: string | null;
  pickup_at: string | null;
  created_at: string;
  price_kobo: number;
  rider_pay_kobo: number | null;
  payment: string;
  rider: { id: string; name: string; username: string } | null;
}

export interface BoardEvent {
  at: string;
  status: string;
  action: string;
  actor: string;
  staff_email: string | null;
  rider_id: string | null;
  note: string;
  client_at: string | null;
}

export interface BoardOffer {
  id: string;
  rider_id: string;
  rider_name: string;
  status: string;
  expires_at: string;
  created_at: string;
}

export interface BoardDetail extends BoardItem {
  sender: Record<string, unknown>;
  pickup: Record<string, unknown>;
  dropoff: Record<string, unknown>;
  parcel: Record<string, unknown>;
  description: string;
  cash_collected_kobo: number | null;
  failure_reason: string | null;
  failure_note: string | null;
  cancel_reason: string | null;
  assigned_at: string | null;
  picked_up_at: string | null;
  delivered_at: string | null;
  actions: DeliveryAction[];
  offers: BoardOffer[];
  events: BoardEvent[];
}

export interface RiderToday {
  id: string;
  name: string;
  username: string;
  phone: string | null;
  available: boolean;
  areas: string[];
  jobs: Array<{ id: string; reference: string; status: DeliveryStatus; payment: string; cash_collected_kobo: number | null }>;
  /** Cash the rider collected today, at a pickup or a drop-off, on any job (one picked up and then returned too): what they owe the office. */
  cash_to_collect_kobo: number;
}
