/**
 * The texts of the delivery record riders earn: "148 deliveries · 96% on time · 4.8 from 121
 * ratings". Composed by formatDeliveryRecord (record.ts), the one format of the dashboard, the
 * public page and company search.
 */

/** "1,480": counts as people write them, the same in Node and every browser. */
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const recordMessages = {
  deliveries: (n: number) => `${count(n)} ${n === 1 ? 'delivery' : 'deliveries'}`,
  onTime: (percent: number) => `${percent}% on time`,
  /** The senders' average, one decimal ("4.8"), with the ratings it is based on. */
  rating: (average: string, ratings: number) => `${average} from ${count(ratings)} ${ratings === 1 ? 'rating' : 'ratings'}`,
  separator: ' · ',
} as const;
