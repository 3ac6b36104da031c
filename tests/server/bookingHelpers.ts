/**
 * Shared steps of the booking tests: a held quote, a valid booking body for it, a captcha pass,
 * a company's API key, and a booking made as each kind of caller.
 */
import { expect } from 'vitest';
import { createApiKey } from '../../src/server/domain/apiKeys';
import { startOfLagosDay } from '../../src/shared/deliveries/lagosTime';
import { nextIp, type TestApp } from './helper';

/** Tomorrow 12:00 in Lagos: open every day, never rush hour, always "today or tomorrow". */
export const offPeak = () => new Date(startOfLagosDay(Date.now(), 1) + 12 * 3_600_000).toISOString();

export interface Quoted {
  id: string;
  price_kobo: number;
  breakdown: Array<{ label: string; amount_kobo: number }>;
  rate_card_version: number;
}

export const lagosQuoteBody = (overrides: Record<string, unknown> = {}) => ({
  pickup: { state: 'Lagos', area: 'Ikeja' },
  dropoff: { state: 'Lagos', area: 'Lekki' },
  parcel: { size: 'medium' },
  payment: 'cash_on_delivery',
  pickup_at: offPeak(),
  ...overrides,
});

export const ukQuoteBody = (overrides: Record<string, unknown> = {}) => ({
  pickup: { area: 'Yaba' },
  dropoff: { country: 'GB', city: 'Manchester' },
  parcel: { weight_kg: 3.2, length_cm: 40, width_cm: 30, height_cm: 30 },
  pickup_at: offPeak(),
  payment: 'transfer',
  ...overrides,
});

/** A quote held now (POST /api/deliveries/quotes). */
export async function heldQuote(t: Pick<TestApp, 'app'>, body: Record<string, unknown> = lagosQuoteBody()): Promise<Quoted & { request: Record<string, unknown> }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/deliveries/quotes', remoteAddress: nextIp(), payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return { ...(res.json() as { quote: Quoted }).quote, request: body };
}

/** A complete booking of a quote asked with `quoteBody`. */
export function bookingBody(quote: { id: string; request: Record<string, unknown> }, overrides: Record<string, unknown> = {}) {
  const asked = quote.request as { pickup: { area: string }; dropoff: Record<string, string>; payment?: string; pickup_at?: string };
  const abroad = 'country' in asked.dropoff;
  return {
    quote_id: quote.id,
    sender: { name: 'Ada Obi', phone: '0803 123 4567', email: 'ada.sender@example.com' },
    pickup: { state: 'Lagos', area: asked.pickup.area, address: '12 Allen Avenue', landmark: 'Opposite the bank', contact_name: 'Ada', contact_phone: '08031234567' },
    dropoff: abroad
      ? { country: asked.dropoff.country, city: asked.dropoff.city, address: '10 Piccadilly', contact_name: 'Chika', contact_phone: '+44 7700 900123' }
      : { state: 'Lagos', area: asked.dropoff.area, address: '3 Admiralty Way', contact_name: 'Tunde Bello', contact_phone: '0805 000 1111' },
    description: 'Two pairs of shoes',
    payment: asked.payment ?? 'cash_on_pickup',
    ...overrides,
  };
}

/** Passes the captcha from `ip` and returns the cookie header value. */
export async function captchaCookie(t: Pick<TestApp, 'app'>, ip: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/verify-captcha', remoteAddress: ip, payload: { token: 'pass-booking' } });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'captcha_pass');
  expect(cookie).toBeDefined();
  return `captcha_pass=${cookie!.value}`;
}

/** A live API key of the company. */
export async function apiKeyOf(t: Pick<TestApp, 'database'>, companyId: string): Promise<string> {
  return (await createApiKey(t.database.db, companyId, 'Shop system')).key;
}

export function postBooking(
  t: Pick<TestApp, 'app'>,
  payload: unknown,
  options: { ip?: string; headers?: Record<string, string | undefined> } = {},
) {
  const headers = Object.fromEntries(Object.entries(options.headers ?? {}).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return t.app.inject({
    method: 'POST',
    url: '/api/deliveries',
    remoteAddress: options.ip ?? nextIp(),
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

export interface Booked {
  id: string;
  reference: string;
  status: string;
  tracking_url: string;
  price_kobo: number;
}

/** Books a fresh quote as a visitor who passed the captcha. */
export async function bookAsVisitor(t: Pick<TestApp, 'app'>, overrides: Record<string, unknown> = {}): Promise<Booked> {
  const quote = await heldQuote(t);
  const ip = nextIp();
  const res = await postBooking(t, bookingBody(quote, overrides), { ip, headers: { cookie: await captchaCookie(t, ip) } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { delivery: Booked }).delivery;
}

/** Books a fresh quote with a company's session or API key (no captcha). */
export async function bookAs(t: Pick<TestApp, 'app'>, headers: Record<string, string>, overrides: Record<string, unknown> = {}): Promise<Booked> {
  const quote = await heldQuote(t);
  const res = await postBooking(t, bookingBody(quote, overrides), { headers });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { delivery: Booked }).delivery;
}

export const trackingTokenOf = (url: string): string => url.slice(url.lastIndexOf('/') + 1);
