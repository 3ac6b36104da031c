/**
 * The network edge of the stories. Storybook runs without the API, so the one request a
 * story makes by itself, GET /api/config (the Captcha component asks it for the hCaptcha
 * site key and script), is answered here, and window.hcaptcha is the stand-in widget.
 * Nothing of the app is replaced: views get their state from real machine snapshots and
 * report what they send to Storybook's actions.
 */
import type { PublicConfig } from '../../src/shared/api';
import { installHcaptchaStandIn } from './hcaptchaStandIn';

/** hCaptcha's published test site key; the script URL is never loaded (the stand-in is in place). */
export const storyConfig: PublicConfig = {
  captcha: { siteKey: '10000000-ffff-ffff-ffff-000000000001', scriptUrl: '/hcaptcha-stand-in.js' },
  googleSignIn: false,
  business: {},
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function urlOf(input: RequestInfo | URL): URL {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(raw, globalThis.location?.href ?? 'http://localhost/');
}

/** Installs the stand-ins; returns a function that puts the real fetch back. */
export function installStoryEdge(): () => void {
  installHcaptchaStandIn();
  const realFetch = globalThis.fetch;
  const storyFetch: typeof fetch = async (input, init) => {
    const url = urlOf(input);
    if (url.pathname === '/api/config') return json(storyConfig);
    if (url.pathname.startsWith('/api/')) {
      return json({ error: { field: 'alert', message: 'Stories run without the API' } }, 503);
    }
    return realFetch(input, init);
  };
  globalThis.fetch = storyFetch;
  return () => {
    if (globalThis.fetch === storyFetch) globalThis.fetch = realFetch;
  };
}
