/**
 * The recipient's delivery code: four random digits made at pickup, e-mailed, and stored only as
 * an HMAC keyed from JWT_SECRET and bound to the delivery (a copy of the database gives no code
 * away, and one delivery's hash says nothing of another's). Wrong tries are counted on the
 * delivery's row under its lock (deliveries.delivery_code_tries), so a burst of guesses from
 * any number of phones or instances gets DELIVERY_CODE_TRIES tries in all.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { DELIVERY_CODE_LENGTH } from '../../shared/deliveries/moves';

const keys = new Map<string, Buffer>();
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('delivery-code').digest();
    keys.set(secret, key);
  }
  return key;
}

export function newDeliveryCode(): string {
  return String(randomInt(0, 10 ** DELIVERY_CODE_LENGTH)).padStart(DELIVERY_CODE_LENGTH, '0');
}

export function hashDeliveryCode(secret: string, deliveryId: string, code: string): string {
  return createHmac('sha256', keyOf(secret)).update(`${deliveryId}:${code}`).digest('hex');
}

export function deliveryCodeMatches(secret: string, deliveryId: string, code: string, storedHash: string): boolean {
  const a = Buffer.from(hashDeliveryCode(secret, deliveryId, code), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
