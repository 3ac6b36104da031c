/** A parcel booked through the API as a visitor books it (captcha pass, held quote, booking), for the tracking page's tests. */
import { expect } from 'vitest';
import { startOfLagosDay } from '../../src/shared/deliveries/lagosTime';
import { baseURL } from './browser';

/** Books Ikeja (or the pickup area given) → Lekki as a visitor, through the API; the tracking link's path. */
export async function bookThroughApi(pickupArea = 'Ikeja'): Promise<{ reference: string; path: string; token: string }> {
  const captcha = await fetch(`${baseURL}/api/verify-captcha`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: 'pass-tracking-page' }),
  });
  const cookie = captcha.headers.get('set-cookie')!.split(';')[0]!;
  const pickupAt = new Date(startOfLagosDay(Date.now(), 1) + 12 * 3_600_000).toISOString();
  const quoteBody = { pickup: { state: 'Lagos', area: pickupArea }, dropoff: { state: 'Lagos', area: 'Lekki' }, parcel: { size: 'small' }, payment: 'cash_on_pickup', pickup_at: pickupAt };
  const quoted = await fetch(`${baseURL}/api/deliveries/quotes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(quoteBody) });
  expect(quoted.status).toBe(200);
  const quote = ((await quoted.json()) as { quote: { id: string } }).quote;
  const booked = await fetch(`${baseURL}/api/deliveries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      quote_id: quote.id,
      sender: { name: 'Ada Obi', phone: '0803 123 4567', email: 'ada.tracking@example.com' },
      pickup: { state: 'Lagos', area: pickupArea, address: '12 Allen Avenue', landmark: 'Opposite the bank', contact_name: 'Ada', contact_phone: '08031234567' },
      dropoff: { state: 'Lagos', area: 'Lekki', address: '3 Admiralty Way', contact_name: 'Tunde Bello', contact_phone: '0805 000 1111' },
      description: 'A phone charger',
      payment: 'cash_on_pickup',
    }),
  });
  expect(booked.status).toBe(201);
  const delivery = ((await booked.json()) as { delivery: { reference: string; tracking_url: string } }).delivery;
  const trackPath = new URL(delivery.tracking_url).pathname;
  return { reference: delivery.reference, path: trackPath, token: trackPath.slice(trackPath.lastIndexOf('/') + 1) };
}

