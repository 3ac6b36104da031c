/**
 * Reads the stored auth token without trusting it (spec §3 'Auth token': a signed token with
 * an exp claim in seconds). jwt-decode only decodes: the server is what checks the signature
 * and the session. Pure: the current time is passed in.
 */
import { jwtDecode } from 'jwt-decode';

export type TokenReading =
  | { status: 'valid'; exp: number; userType: number | null }
  | { status: 'expired' }
  | { status: 'invalid' };

export function readToken(token: string, nowMs: number): TokenReading {
  let claims: { exp?: unknown; user_type?: unknown };
  try {
    claims = jwtDecode<{ exp?: unknown; user_type?: unknown }>(token);
  } catch {
    return { status: 'invalid' };
  }
  if (typeof claims !== 'object' || claims === null || typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) {
    return { status: 'invalid' };
  }
  if (claims.exp * 1000 <= nowMs) return { status: 'expired' };
  return { status: 'valid', exp: claims.exp, userType: typeof claims.user_type === 'number' ? claims.user_type : null };
}
