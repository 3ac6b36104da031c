/**
 * What quotes and bookings know of who called: a keyed hash of the address, never the address
 * (rate-limit and abuse questions, a visitor's Idempotency-Key scope), and the limit a caller is
 * counted against: its API key's when it sent one, else its address's.
 */
import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { countAgainstLimits, type Limit, type LimitStore } from '../../lib/limits';

/** Quotes and bookings share the key, so one visitor is one hash in both tables. */
export function addressHasher(secret: string): (ip: string) => string {
  const key = createHmac('sha256', secret).update('delivery-quote-address').digest();
  return (ip) => createHmac('sha256', key).update(ip).digest('base64url').slice(0, 22);
}

/**
 * An onRequest hook counting the request against its caller's limit. It runs after the access
 * guard (an app-wide onRequest hook runs before a route's), so an API key is known by now, and
 * before the body is read: a flood is refused before it costs a parse.
 */
export function limitPerCaller(limits: LimitStore, name: string, perAddress: Limit, perKey: Limit) {
  return async (request: FastifyRequest): Promise<void> =>
    countAgainstLimits(limits, [
      request.credential?.kind === 'apiKey'
        ? { key: `${name}:api-key:${request.credential.id}`, limit: perKey }
        : { key: `${name}:address:${request.ip}`, limit: perAddress },
    ]);
}
