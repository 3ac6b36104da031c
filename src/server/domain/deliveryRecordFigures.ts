/**
 * How the delivery record (deliveryRecord.ts writes it on the rider card) is read: one spelling
 * of its figures for the profile document, the public page and company search. A leaf of its
 * own, so that profileDocument.ts can read it while deliveryRecord.ts refreshes the document.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DeliveryRecordFigures } from '../../shared/deliveries/record';

/**
 * The record's figures (shared/deliveries/record.ts DeliveryRecordFigures) from the rider card
 * `alias`, as name-value pairs for json_build_object: one spelling for the profile document, the
 * public page and company search. A rider without a card reads as no record. The average is
 * cut to whole hundredths (integer division), so rounding it to one decimal is exact.
 */
export function deliveryRecordJsonPairs(alias: string): SQL {
  const c = sql.raw(alias);
  return sql`'deliveries_completed', coalesce(${c}.deliveries_completed, 0),
    'deliveries_on_time', coalesce(${c}.deliveries_on_time, 0),
    'delivery_rating_count', coalesce(${c}.delivery_rating_count, 0),
    'delivery_rating_average_x100', case when ${c}.delivery_rating_count > 0
      then (${c}.delivery_rating_sum * 100) / ${c}.delivery_rating_count end`;
}

/** The same figures as columns of a select (company search's results). */
export function deliveryRecordColumns(alias: string): SQL {
  const c = sql.raw(alias);
  return sql`coalesce(${c}.deliveries_completed, 0) as deliveries_completed,
    coalesce(${c}.deliveries_on_time, 0) as deliveries_on_time,
    coalesce(${c}.delivery_rating_count, 0) as delivery_rating_count,
    case when ${c}.delivery_rating_count > 0 then (${c}.delivery_rating_sum * 100) / ${c}.delivery_rating_count end
      as delivery_rating_average_x100`;
}

/** Numbers as numbers on every driver (a count can come back as text). */
export function toDeliveryRecord(raw: Partial<Record<keyof DeliveryRecordFigures, unknown>> | null | undefined): DeliveryRecordFigures {
  const n = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
  const average = raw?.delivery_rating_average_x100;
  return {
    deliveries_completed: n(raw?.deliveries_completed),
    deliveries_on_time: n(raw?.deliveries_on_time),
    delivery_rating_count: n(raw?.delivery_rating_count),
    delivery_rating_average_x100: average === null || average === undefined ? null : Number(average),
  };
}

/** The figures in a response schema (every answer that carries them declares them the same way). */
export const deliveryRecordProperties = {
  deliveries_completed: { type: 'integer', description: 'Deliveries the rider completed' },
  deliveries_on_time: { type: 'integer', description: 'Of them, delivered inside the promised window' },
  delivery_rating_count: { type: 'integer', description: "Senders' ratings (1-5) of the rider's deliveries" },
  delivery_rating_average_x100: { type: ['integer', 'null'], description: 'Their average × 100, cut to whole hundredths; null with none' },
} as const;

export const DELIVERY_RECORD_FIELDS = ['deliveries_completed', 'deliveries_on_time', 'delivery_rating_count', 'delivery_rating_average_x100'] as const;
