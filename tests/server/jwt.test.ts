/** The auth token's JWT (src/server/lib/jwt.ts): HS256 only, checked signature, exp and issuer. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { signJwt, verifyJwt } from '../../src/server/lib/jwt';
import { sessionToken, tokenSession } from '../../src/server/plugins/auth';

const key = new TextEncoder().encode('k'.repeat(32));
const other = new TextEncoder().encode('o'.repeat(32));
const now = Math.floor(Date.now() / 1000);
const claims = { sub: 'u1', sid: 's1', user_type: 1, iss: 'ogba-dispatch', iat: now, exp: now + 60 };
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('auth token JWT', () => {
  it('round-trips, and interoperates with a standard library (jose) both ways', async () => {
    const token = signJwt(claims, key);
    expect(verifyJwt(token, key, { issuer: 'ogba-dispatch' })).toEqual(claims);
    const fromJose = await new SignJWT({ sid: 's1', user_type: 1 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('u1')
      .setIssuer('ogba-dispatch')
      .setExpirationTime(now + 60)
      .sign(key);
    expect(verifyJwt(fromJose, key, { issuer: 'ogba-dispatch' })).toMatchObject({ sub: 'u1', sid: 's1' });
  });

  it('refuses another key, another algorithm, "none", a changed payload, another issuer and an expired token', async () => {
    const token = signJwt(claims, key);
    const [, payload, signature] = token.split('.');
    const refused = [
      signJwt(claims, other),
      `${b64({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      `${b64({ alg: 'none' })}.${payload}.${signature}`,
      `${token.split('.')[0]}.${b64({ ...claims, sub: 'someone-else' })}.${signature}`,
      signJwt({ ...claims, iss: 'elsewhere' }, key),
      signJwt({ ...claims, exp: now - 1 }, key),
      await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(key),
      'a.b',
      'a.b.c',
      '',
    ];
    for (const bad of refused) expect(verifyJwt(bad, key, { issuer: 'ogba-dispatch' }), bad).toBeNull();
    expect(verifyJwt(token, key, { issuer: 'ogba-dispatch', nowMs: (now + 61) * 1000 })).toBeNull();
  });

  it('accepts only the one spelling of a signature: not its bytes written another way', () => {
    const token = signJwt(claims, key);
    const signature = token.split('.')[2]!;
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // 32 bytes are 43 characters: the last one carries 4 bits and 2 unused ones. Setting an
    // unused bit gives another string that decodes to the same bytes.
    const last = ALPHABET.indexOf(signature.at(-1)!);
    const sameBytes = `${signature.slice(0, -1)}${ALPHABET[last ^ 1]}`;
    expect(Buffer.from(sameBytes, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
    const respelled = [
      sameBytes,
      // The decoder skips characters outside the alphabet, and padding.
      `${signature.slice(0, 10)}!${signature.slice(10)}`,
      `${signature}=`,
      `${signature.slice(0, 20)} ${signature.slice(20)}`,
    ];
    for (const spelling of respelled) {
      expect(verifyJwt(`${token.slice(0, token.lastIndexOf('.'))}.${spelling}`, key, { issuer: 'ogba-dispatch' }), spelling).toBeNull();
    }
    expect(verifyJwt(token, key, { issuer: 'ogba-dispatch' })).toEqual(claims);
  });
});

/**
 * plugins/auth.ts keeps the tokens it found genuine, so that a signed-in read checks a token's
 * HMAC once: what it keeps must never outlive the token, nor be taken for another key's.
 */
describe('tokens already checked (auth.ts tokenSession)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lagos-jwt-'));
  const configOf = (secret: string) => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret.repeat(32) });
  const session = { id: '0b9d6c1e-7f45-4c3a-9d2e-5a8f1b2c3d4e', userId: 'u1', userType: 1 };
  afterEach(() => vi.useRealTimers());
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a token it already accepted once it expires, and under another secret', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ours = configOf('a');
    const theirs = configOf('b');
    const token = sessionToken(ours, { ...session, expiresAt: new Date(Date.now() + 60_000) });
    const expected = { userId: 'u1', sessionId: session.id, userType: 1, cached: false };
    expect(tokenSession(ours, token)).toEqual(expected);
    expect(tokenSession(ours, token)).toEqual(expected);
    // Kept for one key, still a forgery for another.
    expect(tokenSession(theirs, token)).toBeNull();
    expect(tokenSession(ours, token)).toEqual(expected);
    // One character changed is another string: checked again, and refused (also when it only
    // changes the last character's unused bits: jwt.ts compares the signature as text).
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(tokenSession(ours, `${token.slice(0, -1)}${last}`)).toBeNull();
    vi.setSystemTime(Date.now() + 61_000);
    expect(tokenSession(ours, token)).toBeNull();
    expect(tokenSession(ours, token)).toBeNull();
  });
});
