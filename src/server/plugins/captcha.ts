/**
 * hCaptcha verification and the "captcha passed in this browser session" pass.
 * Spec §4 lets a browser skip the captcha once it has passed it; the pass is a signed,
 * httpOnly session cookie so a script cannot skip the captcha by leaving it out.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages';
import type { Config } from '../config';
import { AppError } from '../errors';

export const CAPTCHA_COOKIE = 'captcha_pass';
/** A pass lasts a working day even if the browser session lasts longer. */
const PASS_LIFETIME_MS = 12 * 60 * 60 * 1000;

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

export function grantCaptchaPass(reply: FastifyReply, config: Config): void {
  reply.setCookie(CAPTCHA_COOKIE, String(Date.now() + PASS_LIFETIME_MS), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    path: '/api',
  });
}

export function hasCaptchaPass(request: FastifyRequest): boolean {
  const raw = request.cookies[CAPTCHA_COOKIE];
  if (!raw) return false;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return false;
  const expires = Number(unsigned.value);
  return Number.isFinite(expires) && expires > Date.now();
}

/** preHandler for every captcha-protected form. */
export async function requireCaptchaPass(request: FastifyRequest): Promise<void> {
  if (!hasCaptchaPass(request)) {
    throw new AppError('CAPTCHA_REQUIRED', messages.completeCaptcha, 'captcha');
  }
}
