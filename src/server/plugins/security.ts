/**
 * Security headers on every response. The Content-Security-Policy allows two inline scripts, the
 * prerendered pages' loader and the signed-in shells' early requests (src/shared/bootScript.ts),
 * by the hashes of their exact texts, and no other; hCaptcha's origins are allowed as its documentation asks
 * (https://docs.hcaptcha.com/#content-security-policy-settings).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BOOT_SCRIPT, EARLY_FETCH_SCRIPT, STORED_BOOKING_SCRIPT } from '../../shared/bootScript';
import type { Config } from '../config';

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
/** The CSP sources that allow BOOT_SCRIPT, EARLY_FETCH_SCRIPT and STORED_BOOKING_SCRIPT: 'sha256-…' of their exact texts. */
export const bootScriptSource = `${sha256Source(BOOT_SCRIPT)} ${sha256Source(EARLY_FETCH_SCRIPT)} ${sha256Source(STORED_BOOKING_SCRIPT)}`;

function contentSecurityPolicy(config: Config): string {
  const captcha = new Set(['https://hcaptcha.com', 'https://*.hcaptcha.com']);
  captcha.add(new URL(config.hcaptcha.scriptUrl).origin);
  const c = [...captcha].join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${bootScriptSource} ${c}`,
    // Workers (the job screen's service worker, /sw-jobs.js) only from this origin's own files.
    "worker-src 'self'",
    // blob: is this origin's own bytes: the console shows a rider's PDF ID, fetched with the
    // staff token in a header, in a frame (a blob: address cannot be made by another origin).
    `frame-src ${c} https://www.openstreetmap.org blob:`,
    // hCaptcha and sonner insert <style> elements; styles cannot run code.
    `style-src 'self' 'unsafe-inline' ${c}`,
    // Browser errors go to Sentry's ingest origin when SENTRY_DSN is set.
    `connect-src 'self' ${c}${config.sentryDsn ? ` ${new URL(config.sentryDsn).origin}` : ''}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  const csp = contentSecurityPolicy(config);
  const https = config.publicUrl.startsWith('https:');
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // The app's hashed scripts and styles get only the two headers above. The others
    // act on documents (and workers), never on a script or style loaded by a page, and cost
    // ~0.8 kB per response: a dashboard's fourteen files paid 11 kB for them on slow 4G.
    if (isScriptOrStyle(request.url, reply.getHeader('content-type'))) return payload;
    reply.header('content-security-policy', csp);
    reply.header('x-frame-options', 'DENY');
    // No token in a query string ever leaves the site in a Referer header.
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    return payload;
  });
}

/** A built script or style under /assets/ (or the tracking page's script), served as JavaScript or CSS (not an SVG or a page). */
function isScriptOrStyle(url: string, contentType: unknown): boolean {
  return /^\/(?:assets\/[^?#]+|track-page\.[0-9a-f]+)\.(?:js|css)(?:[?#]|$)/.test(url) && /^(?:application\/javascript|text\/javascript|text\/css)\b/.test(String(contentType ?? ''));
}
