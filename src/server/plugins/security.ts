/**
 * Security headers on every response. The Content-Security-Policy allows no inline script;
 * hCaptcha's origins are allowed as its documentation asks
 * (https://docs.hcaptcha.com/#content-security-policy-settings).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

function contentSecurityPolicy(config: Config): string {
  const captcha = new Set(['https://hcaptcha.com', 'https://*.hcaptcha.com']);
  captcha.add(new URL(config.hcaptcha.scriptUrl).origin);
  const c = [...captcha].join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${c}`,
    `frame-src ${c} https://www.openstreetmap.org`,
    // hCaptcha and sonner insert <style> elements; styles cannot run code.
    `style-src 'self' 'unsafe-inline' ${c}`,
    // Browser errors go to Sentry's ingest origin when SENTRY_DSN is set (issue 10).
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
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    // No token in a query string ever leaves the site in a Referer header.
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
