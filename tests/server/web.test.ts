import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { BOOT_SCRIPT, EARLY_FETCH_SCRIPT, STORED_BOOKING_SCRIPT } from '../../src/shared/bootScript';
import { jobWorkerPath, riderPaths } from '../../src/shared/routes';
import { describeEachDatabase, errorOf, useTestApp } from './helper';

const INDEX_HTML = '<!doctype html><html><head><title>Ogba Dispatch</title></head><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>';
const PRIVACY_HTML = '<!doctype html><html><body><h1>Privacy policy</h1><p>Effective April 24, 2025</p></body></html>';
const APP_JS = `console.log(${JSON.stringify('app '.repeat(200))});`;
const WORKER_JS = `self.addEventListener('fetch', () => {}); // ${'worker '.repeat(60)}`;

/** A stand-in for `npm run build`'s output: the shell, precompressed copies and one hashed asset. */
function makeWebRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'lagos-web-'));
  writeFileSync(path.join(root, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(root, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  writeFileSync(path.join(root, 'index.html.gz'), gzipSync(INDEX_HTML));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'assets', 'app-abc123.js'), APP_JS);
  writeFileSync(path.join(root, 'assets', 'app-abc123.js.br'), brotliCompressSync(APP_JS));
  writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The job screen's service worker, as scripts/jobWorkerPlugin.ts and compress.mjs write it.
  writeFileSync(path.join(root, 'sw-jobs.js'), WORKER_JS);
  writeFileSync(path.join(root, 'sw-jobs.js.br'), brotliCompressSync(WORKER_JS));
  writeFileSync(path.join(root, 'sw-jobs.js.gz'), gzipSync(WORKER_JS));
  // A prerendered public page (DESIGN.md §8): served for its route instead of the shell.
  mkdirSync(path.join(root, 'privacy-policy'));
  writeFileSync(path.join(root, 'privacy-policy', 'index.html'), PRIVACY_HTML);
  // The prerendered forms whose first paint depends on the address's query, a file per case.
  for (const [dir, files] of [
    ['reset-password', ['index.html']],
    ['company-signup', ['index.html', 'invited.html']],
    ['rider-signup', ['index.html', 'shell.html']],
  ] as const) {
    mkdirSync(path.join(root, dir));
    for (const file of files) writeFileSync(path.join(root, dir, file), `<!doctype html><p>${dir}/${file}</p>`);
  }
  return root;
}

const webRoot = makeWebRoot();
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

describeEachDatabase('serving the built web app', (kind) => {
  const t = useTestApp(kind, { env: { WEB_ROOT: webRoot } });

  it('answers a known route with the app page: 200 text/html, not cached without revalidation', async () => {
    for (const url of ['/', '/about-us', '/about-us/', '/contact-us', '/login', '/rider-dashboard']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it("answers a prerendered route with its own HTML, not the shell", async () => {
    const res = await t.app.inject({ url: '/privacy-policy' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(PRIVACY_HTML);
  });

  it("answers a form whose first paint depends on the query with the HTML of the address's case", async () => {
    const cases: Array<[string, string]> = [
      ['/reset-password?token=abc', '<p>reset-password/index.html</p>'],
      // Without a token the page goes to /: the empty shell, not a reset form shown first.
      ['/reset-password', INDEX_HTML],
      ['/reset-password?token=', INDEX_HTML],
      ['/company-signup?invite=abc', '<p>company-signup/invited.html</p>'],
      ['/company-signup', '<p>company-signup/index.html</p>'],
      ['/company-signup?utm_source=mail', '<p>company-signup/index.html</p>'],
      ['/rider-signup?step=3', '<p>rider-signup/shell.html</p>'],
      ['/rider-signup', '<p>rider-signup/index.html</p>'],
    ];
    for (const [url, body] of cases) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body.replace('<!doctype html>', ''), url).toBe(body.startsWith('<p>') ? body : body.replace('<!doctype html>', ''));
    }
  });

  it('never lets HTML asked for by its file name be cached without revalidation', async () => {
    for (const [url, body] of [
      ['/index.html', INDEX_HTML],
      ['/privacy-policy/index.html', PRIVACY_HTML],
    ] as const) {
      for (const encoding of ['br', 'identity']) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode, `${url} ${encoding}`).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], `${url} ${encoding}`).toBe('no-cache');
        if (encoding === 'identity') expect(res.body).toBe(body);
      }
    }
  });

  it('answers an unknown page with the app page and a 404 status (the app shows its Not Found page)', async () => {
    for (const url of ['/nope', '/about-us/extra', '/index.html.br/x']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it('still answers an unknown /api path, or a non-GET, with the JSON error shape', async () => {
    const api = await t.app.inject({ url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(errorOf(api.body)).toEqual({ field: 'alert', message: 'Not found' });
    const post = await t.app.inject({ method: 'POST', url: '/nope', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(errorOf(post.body).field).toBe('alert');
  });

  it('sends pages compressed when the browser accepts it: brotli first, then gzip', async () => {
    const br = await t.app.inject({ url: '/about-us', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX_HTML);

    const gz = await t.app.inject({ url: '/nope', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.statusCode).toBe(404);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(INDEX_HTML);

    const plain = await t.app.inject({ url: '/about-us' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('serves a hashed asset precompressed with brotli and cached for good', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);

    const identity = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(identity.statusCode).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(APP_JS);
  });

  it('does not cache files outside assets/ for good', async () => {
    const res = await t.app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toContain('immutable');
  });

  it("serves the job screen's service worker as JavaScript, revalidated on every update check, under a CSP that allows it", async () => {
    for (const [encoding, decode] of [
      ['br', (b: Buffer) => brotliDecompressSync(b).toString()],
      ['gzip', (b: Buffer) => gunzipSync(b).toString()],
      ['identity', (b: Buffer) => b.toString()],
    ] as const) {
      const res = await t.app.inject({ url: jobWorkerPath, headers: { 'accept-encoding': encoding } });
      expect(res.statusCode, encoding).toBe(200);
      expect(res.headers['content-type'], encoding).toMatch(/^(?:application|text)\/javascript\b/);
      // A browser refuses a worker script served as anything else, and an hour's max-age would keep
      // phones on the last build's worker (and its cache) for that hour after a deploy.
      expect(res.headers['cache-control'], encoding).toBe('no-cache');
      expect(decode(res.rawPayload), encoding).toBe(WORKER_JS);
    }
    // The browser's update check on a phone whose worker is current costs a 304, not the script again.
    const first = await t.app.inject({ url: jobWorkerPath, headers: { 'accept-encoding': 'br' } });
    const check = await t.app.inject({ url: jobWorkerPath, headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) } });
    expect(check.statusCode).toBe(304);
    // The page's policy lets it register a worker from this origin (and only from it).
    const page = await t.app.inject({ url: riderPaths.jobs });
    const directives = String(page.headers['content-security-policy']).split('; ');
    expect(directives).toContain("worker-src 'self'");
    // The worker's own policy (its response's) lets it fetch this origin's files for its cache.
    const worker = await t.app.inject({ url: jobWorkerPath });
    const connect = String(worker.headers['content-security-policy']).split('; ').find((d) => d.startsWith('connect-src '));
    expect(connect?.split(' ')).toContain("'self'");
    expect(worker.headers['x-content-type-options']).toBe('nosniff');
  });

  it('does not serve files outside the web root', async () => {
    for (const url of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toContain('"lagos-dispatch"');
    }
  });

  it('puts the security headers on pages too', async () => {
    const res = await t.app.inject({ url: '/about-us' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows the prerendered pages’ script loader and the signed-in shells’ early requests, and no other inline script, by their hashes', async () => {
    const res = await t.app.inject({ url: '/about-us' });
    const scriptSrc = String(res.headers['content-security-policy']).split('; ').find((d) => d.startsWith('script-src '))!;
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(scriptSrc.split(' ').filter((s) => s.startsWith("'sha") || s.startsWith("'unsafe") || s.startsWith("'nonce"))).toEqual([hash(BOOT_SCRIPT), hash(EARLY_FETCH_SCRIPT), hash(STORED_BOOKING_SCRIPT)]);
  });

  it('sends a hashed script only the headers that act on it (~0.8 kB less per file); an SVG keeps them all', async () => {
    const js = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    expect(js.headers['content-security-policy']).toBeUndefined();
    expect(js.headers['x-frame-options']).toBeUndefined();
    const svg = await t.app.inject({ url: '/favicon.svg' });
    expect(svg.headers['content-security-policy']).toContain("script-src 'self'");
    expect(svg.headers['x-frame-options']).toBe('DENY');
  });
});
