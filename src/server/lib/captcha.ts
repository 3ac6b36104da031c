/**
 * hCaptcha verification and the "captcha passed in this browser session" pass.
 * Spec §4 lets a browser skip the captcha once it has passed it; the pass is a signed,
 * httpOnly session cookie so a script cannot skip the captcha by leaving it out.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages';
import type { Config } from '../config';
import { AppError } from '../errors';

const CAPTCHA_COOKIE = 'captcha_pass';
/** A pass lasts a working day even if the browser session lasts longer. */
const PASS_LIFETIME_MS = 12 * 60 * 60 * 1000;
/**
 * How many form submissions one pass may carry before the captcha is asked again (one pass made 12 accounts and 12 subscriptions from 12 addresses). Counted in the
 * shared limit store, so it holds across instances with Redis; a person filling in a few forms
 * never meets it, a script replaying the cookie does.
 */
export const CAPTCHA_PASS_USES = 8;

export async function verifyHcaptchaToken(
  config: Config,
  token: string,
  remoteIp: string,
): Promise<boolean> {
  const body = new URLSearchParams({
    secret: config.hcaptcha.secret,
    response: token,
    sitekey: config.hcaptcha.siteKey,
    remoteip: remoteIp,
  });
  try {
    const response = await fetch(config.hcaptcha.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`hCaptcha answered ${response.status}`);
    const result = (await response.json()) as { success?: unknown };
    return result.success === true;
  } catch (err) {
    // The verifier being unreachable is our failure, not the user's: say so as a 503.
    throw Object.assign(new AppError('UNAVAILABLE', messages.submitFailed), { cause: err });
  }
}

/** The cookie's signed value: a random id (whose uses are counted) and the expiry. */
export function grantCaptchaPass(reply: FastifyReply, config: Config): void {
  const id = randomBytes(12).toString('base64url');
  reply.setCookie(CAPTCHA_COOKIE, `${id}.${Date.now() + PASS_LIFETIME_MS}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    path: '/api',
  });
}

/** The id of the request's pass when it is genuine and unexpired; else null. */
function passIdOf(request: FastifyRequest): string | null {
  const raw = request.cookies[CAPTCHA_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  const match = /^([A-Za-z0-9_-]{16})\.(\d+)$/.exec(unsigned.value);
  if (!match) return null;
  return Number(match[2]) > Date.now() ? match[1]! : null;
}

function hasCaptchaPass(request: FastifyRequest): boolean {
  return passIdOf(request) !== null;
}

/**
 * preHandler of log-in: a genuine, unexpired pass, not counted. Log-in attempts are bounded by
 * their own per-account and per-address limits (lib/limits.ts authLimits); the use bound is
 * for the forms that make records (accounts, subscriptions, enquiries, waitlist entries).
 */
export async function requireCaptchaPassToLogIn(request: FastifyRequest): Promise<void> {
  if (!hasCaptchaPass(request)) throw new AppError('CAPTCHA_REQUIRED', messages.completeCaptcha, 'captcha');
}

/**
 * preHandler for every captcha-protected form: a genuine, unexpired pass with uses left. The
 * use is counted before the form is handled (atomically), so a burst cannot outrun the bound.
 */
export async function requireCaptchaPass(request: FastifyRequest): Promise<void> {
  const id = passIdOf(request);
  if (id) {
    const { count } = await request.server.limits.hit(`captcha:pass:${id}`, PASS_LIFETIME_MS);
    if (count <= CAPTCHA_PASS_USES) return;
  }
  throw new AppError('CAPTCHA_REQUIRED', messages.completeCaptcha, 'captcha');
}
