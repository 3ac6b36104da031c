/**
 * The delivery record a rider earns, as the rider's card keeps it (server/domain/deliveryRecord.ts
 * counts it in the transaction of each move and rating) and as every screen shows it: one line,
 * "148 deliveries · 96% on time · 4.8 from 121 ratings", each figure with what it is based on.
 * Nothing before there is something: no line at 0 deliveries, no rating part before a rating.
 */
import { recordMessages as m } from './recordMessages';

/** The record's figures in the API answers (the profile's reputation, search results, the rider page). */
export interface DeliveryRecordFigures {
  /** Deliveries the rider completed. */
  deliveries_completed: number;
  /** Of those, delivered inside the promised window. */
  deliveries_on_time: number;
  /** Senders' ratings (1-5) of the rider's deliveries. */
  delivery_rating_count: number;
  /**
   * Their average × 100, cut (not rounded) to whole hundredths so that rounding it to one
   * decimal gives the same digit as rounding the exact average; null with no rating.
   */
  delivery_rating_average_x100: number | null;
}

export const NO_DELIVERY_RECORD: DeliveryRecordFigures = {
  deliveries_completed: 0,
  deliveries_on_time: 0,
  delivery_rating_count: 0,
  delivery_rating_average_x100: null,
};

/**
 * The on-time rate in whole percent, rounded to the nearest; never 100% while one delivery was
 * late, and never 0% while one was on time (199 of 200 is "99%", not "100%").
 */
export function onTimePercent(onTime: number, deliveries: number): number {
  if (deliveries <= 0) return 0;
  const percent = Math.round((100 * onTime) / deliveries);
  if (onTime < deliveries && percent === 100) return 99;
  if (onTime > 0 && percent === 0) return 1;
  return percent;
}

/** The average rating to one decimal, "4.8", from its × 100 figure (half up: 4.75 → "4.8"). */
export function deliveryRatingText(averageX100: number): string {
  return (Math.round(averageX100 / 10) / 10).toFixed(1);
}

/**
 * The record's line, or null while there is nothing to show (no delivery yet). Takes a partial
 * record: a profile document stored before the record existed lacks the figures and reads as none.
 */
export function formatDeliveryRecord(record: Partial<DeliveryRecordFigures> | null | undefined): string | null {
  const deliveries = record?.deliveries_completed ?? 0;
  if (deliveries <= 0) return null;
  const parts = [m.deliveries(deliveries), m.onTime(onTimePercent(record?.deliveries_on_time ?? 0, deliveries))];
  const ratings = record?.delivery_rating_count ?? 0;
  const average = record?.delivery_rating_average_x100 ?? null;
  if (ratings > 0 && average !== null) parts.push(m.rating(deliveryRatingText(average), ratings));
  return parts.join(m.separator);
}
