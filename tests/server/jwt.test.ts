/** The auth token's JWT (src/server/lib/jwt.ts): HS256 only, checked signature, exp and issuer. */
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from '../../src/server/lib/jwt';

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
});
