/**
 * The staff second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30 s, as every authenticator app
 * reads it) through the `otpauth` library, a QR code through `qrcode`, and one-time recovery
 * codes. The secret is kept encrypted (AES-256-GCM, key derived from JWT_SECRET), so a copy of
 * the database alone cannot mint codes. A code is accepted once: the last accepted time step is
 * kept and a code of that step or an earlier one is refused (RFC 6238 §5.2).
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { site } from '../../shared/site';
import type { Config } from '../config';

const PERIOD = 30;
/** One step either side, for a phone clock a little off. */
const WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;

function key(config: Config): Buffer {
  return createHmac('sha256', config.jwtSecret).update('totp-secret-encryption').digest();
}

export function encryptSecret(config: Config, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(config), iv);
  const data = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export function decryptSecret(config: Config, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('Unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', key(config), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

function totpFor(base32: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: site.name,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(base32),
  });
}

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** What the enrolment screen shows: the otpauth:// URI, its QR code as SVG and the key to type. */
export async function enrolmentDetails(base32: string, email: string): Promise<{ otpauthUrl: string; qrSvg: string; secret: string }> {
  const otpauthUrl = totpFor(base32, email).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUrl, qrSvg, secret: base32 };
}

/**
 * The time step a 6-digit code belongs to, when it is right within one step of now and later
 * than `lastStep`; null otherwise.
 */
export function acceptedStep(base32: string, code: string, lastStep: number | null, nowMs = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(base32, 'x').validate({ token: code, timestamp: nowMs, window: WINDOW });
  if (delta === null) return null;
  const step = Math.floor(nowMs / 1000 / PERIOD) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The current code (tests and the enrolment check use the same library as the app). */
export function currentCode(base32: string, nowMs = Date.now()): string {
  return totpFor(base32, 'x').generate({ timestamp: nowMs });
}

/** Ten codes like "k7d2-9fq4": 40 bits each, easy to read aloud and type. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(8);
    const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}`;
  });
}

function normaliseRecoveryCode(code: string): string {
  return code.trim().toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
}
