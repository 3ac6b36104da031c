import { expect, it } from 'vitest';
import { HCAPTCHA_TEST_SITEKEY } from '../../src/server/config';
import { buildTestApp, describeEachDatabase, errorOf, useTestApp } from './helper';

const PUBLIC_URL = 'https://dispatch.example.ng';
const SITEKEY = '30000000-ffff-eeee-dddd-000000000003';
const PUBLIC_PAGES = ['/', '/about-us', '/contact-us', '/company-waitlist', '/privacy-policy', '/terms-and-conditions'];
const PRIVATE_PAGES = ['/rider-dashboard', '/company-dashboard', '/reset-password', '/login'];

/** Splits a Content-Security-Policy into its directives: { 'script-src': ["'self'", ...] }. */
function directives(csp: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

describeEachDatabase('site routes', (kind) => {
  const t = useTestApp(kind, { env: { PUBLIC_URL, HCAPTCHA_SITEKEY: SITEKEY } });

  it('GET /api/config gives the browser the captcha site key and script from config, Google off and no business facts', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      captcha: { siteKey: SITEKEY, scriptUrl: t.stub.scriptUrl },
      googleSignIn: false,
      business: {},
    });
    expect(res.json().captcha.siteKey).not.toBe(HCAPTCHA_TEST_SITEKEY);
    expect(res.headers['cache-control']).toBe('no-cache');
    // The secret never reaches the browser.
    expect(res.body).not.toContain(t.config.hcaptcha.secret);
  });

  it('/healthz and /readyz answer 200 while the database is up', async () => {
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 503 in the error shape once the database is gone, while /healthz stays 200', async () => {
    const other = await buildTestApp({ database: kind, stub: t.stub });
    try {
      await other.database.close();
      const ready = await other.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(errorOf(ready.body).field).toBe('alert');
      expect((await other.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('an unknown /api path answers 404 in the error shape', async () => {
    for (const [method, url] of [
      ['GET', '/api/x'],
      ['POST', '/api/x'],
      ['GET', '/api/newsletter'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(errorOf(res.body)).toEqual({ field: 'alert', message: 'Not found' });
    }
  });

  it('sets the security headers on every response, errors included', async () => {
    for (const url of ['/api/config', '/healthz', '/api/x', '/robots.txt']) {
      const res = await t.app.inject({ url });
      const csp = res.headers['content-security-policy'];
      expect(typeof csp, url).toBe('string');
      const d = directives(String(csp));
      expect(d['script-src'], url).toBeDefined();
      expect(d['script-src'], url).not.toContain("'unsafe-inline'");
      expect(d['script-src'], url).not.toContain("'unsafe-eval'");
      expect(d['script-src'], url).toContain("'self'");
      // The captcha script's own origin may run scripts and frames (here, the stand-in's).
      expect(d['script-src'], url).toContain(t.stub.origin);
      expect(d['frame-src'], url).toContain(t.stub.origin);
      expect(d['frame-ancestors'], url).toEqual(["'none'"]);
      expect(d['object-src'], url).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      // PUBLIC_URL is https here, so browsers are told to keep to it.
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d{7,}/);
    }
  });

  it('/robots.txt keeps crawlers out of private pages and the API and points at the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const p of ['/rider-dashboard', '/company-dashboard', '/reset-password', '/api/']) {
      expect(lines).toContain(`Disallow: ${p}`);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(lines).not.toContain('Disallow: /');
  });

  it('/sitemap.xml lists exactly the public pages under PUBLIC_URL', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(res.body).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(PUBLIC_PAGES.map((p) => `${PUBLIC_URL}${p}`).sort());
    for (const p of PRIVATE_PAGES) expect(locs).not.toContain(`${PUBLIC_URL}${p}`);
  });

  it('/api/docs is an OpenAPI document listing the API with its error responses', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/newsletter', '/api/verify-captcha', '/api/config']));
    const newsletter = doc.paths['/api/newsletter']!.post!;
    expect(newsletter.requestBody).toBeDefined();
    expect(Object.keys(newsletter.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '429']));
    expect(Object.keys(doc.paths['/api/verify-captcha']!.post!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '503']),
    );
    // Operational routes stay out of the public document.
    expect(Object.keys(doc.paths)).not.toContain('/healthz');
    expect(Object.keys(doc.paths)).not.toContain('/api/docs');
  });
});
