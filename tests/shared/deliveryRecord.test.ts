import { describe, expect, it } from 'vitest';
import { deliveryRatingText, formatDeliveryRecord, NO_DELIVERY_RECORD, onTimePercent } from '../../src/shared/deliveries/record';

const record = (deliveries: number, onTime: number, ratings = 0, averageX100: number | null = null) => ({
  deliveries_completed: deliveries,
  deliveries_on_time: onTime,
  delivery_rating_count: ratings,
  delivery_rating_average_x100: averageX100,
});

describe('the delivery record line', () => {
  it('reads the figures with what they are based on', () => {
    expect(formatDeliveryRecord(record(148, 142, 121, 480))).toBe('148 deliveries · 96% on time · 4.8 from 121 ratings');
  });

  it('shows nothing before the first delivery', () => {
    expect(formatDeliveryRecord(NO_DELIVERY_RECORD)).toBeNull();
    expect(formatDeliveryRecord(record(0, 0, 0, null))).toBeNull();
    // A profile stored before the record existed has no figures at all.
    expect(formatDeliveryRecord({})).toBeNull();
    expect(formatDeliveryRecord(undefined)).toBeNull();
  });

  it('leaves the rating out until a sender rated a delivery', () => {
    expect(formatDeliveryRecord(record(3, 3))).toBe('3 deliveries · 100% on time');
    expect(formatDeliveryRecord(record(3, 3, 0, 450))).toBe('3 deliveries · 100% on time');
  });

  it('writes singulars and thousands as people do', () => {
    expect(formatDeliveryRecord(record(1, 1, 1, 500))).toBe('1 delivery · 100% on time · 5.0 from 1 rating');
    expect(formatDeliveryRecord(record(1, 0))).toBe('1 delivery · 0% on time');
    expect(formatDeliveryRecord(record(1480, 1332, 1210, 466))).toBe('1,480 deliveries · 90% on time · 4.7 from 1,210 ratings');
  });

  it('rounds the on-time rate to whole percent, never to 100% with a late delivery nor to 0% with an on-time one', () => {
    expect(onTimePercent(2, 3)).toBe(67);
    expect(onTimePercent(1, 3)).toBe(33);
    expect(onTimePercent(1, 8)).toBe(13); // 12.5 → 13
    expect(onTimePercent(199, 200)).toBe(99);
    expect(onTimePercent(1, 201)).toBe(1);
    expect(onTimePercent(0, 5)).toBe(0);
    expect(onTimePercent(5, 5)).toBe(100);
  });

  it('rounds the average rating to one decimal, half up', () => {
    expect(deliveryRatingText(475)).toBe('4.8');
    expect(deliveryRatingText(474)).toBe('4.7');
    expect(deliveryRatingText(500)).toBe('5.0');
    expect(deliveryRatingText(100)).toBe('1.0');
    expect(deliveryRatingText(425)).toBe('4.3');
  });
});
