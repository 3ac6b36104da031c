// `npm run bench:web`: Lighthouse with its default mobile settings (simulated slow 4G, 4x CPU
// slowdown) on every public page of the built app served by the real server, with Debian's
// Chromium. Prints per page: the four category scores, LCP, TBT, CLS, bytes transferred and
// JavaScript bytes, then checks the budgets of DESIGN.md §8. Exits 1 when a budget is missed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { STAMP_FILE, sourceStamp } from './build-stamp.mjs';

const PUBLIC = ['/', '/about-us', '/contact-us', '/company-waitlist', '/privacy-policy', '/terms-and-conditions'];
const port = 3200 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const stamp = sourceStamp();
if (!existsSync(STAMP_FILE) || readFileSync(STAMP_FILE, 'utf8') !== stamp) {
  console.log('Building the app...');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
  writeFileSync(STAMP_FILE, stamp);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-web-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/readyz`)).ok) break;
  } catch {
    /* not up yet */
  }
  if (i > 120) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 250));
}

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

const rows = [];
try {
  for (const route of PUBLIC) {
    const result = await lighthouse(`${base}${route}`, { port: chrome.port, output: 'json', logLevel: 'error' });
    const lhr = result.lhr;
    const items = lhr.audits['network-requests']?.details?.items ?? [];
    const total = items.reduce((n, i) => n + (i.transferSize ?? 0), 0);
    const js = items.filter((i) => i.resourceType === 'Script').reduce((n, i) => n + (i.transferSize ?? 0), 0);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    rows.push({
      page: route,
      perf: score('performance'),
      a11y: score('accessibility'),
      bp: score('best-practices'),
      seo: score('seo'),
      lcp: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      tbt: Math.round(lhr.audits['total-blocking-time'].numericValue),
      cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      kb: Number((total / 1024).toFixed(1)),
      jsKb: Number((js / 1024).toFixed(1)),
      failing: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id)
        .slice(0, 8),
    });
  }
} finally {
  await chrome.kill();
}

const header = ['page', 'perf', 'a11y', 'bp', 'seo', 'LCP ms', 'TBT ms', 'CLS', 'kB', 'JS kB'];
const table = rows.map((r) => [r.page, r.perf, r.a11y, r.bp, r.seo, r.lcp, r.tbt, r.cls, r.kb, r.jsKb].map(String));
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
console.log(`\nLighthouse ${lighthouse.version ?? ''} (mobile, simulated slow 4G, 4x CPU) on ${base}`);
console.log(line(header));
for (const row of table) console.log(line(row));

const misses = [];
for (const r of rows) {
  if (r.perf < 95) misses.push(`${r.page}: performance ${r.perf} < 95`);
  for (const [k, v] of [['accessibility', r.a11y], ['best practices', r.bp], ['SEO', r.seo]]) if (v < 100) misses.push(`${r.page}: ${k} ${v} < 100`);
  if (r.page === '/' && r.kb > 200) misses.push(`/: ${r.kb} kB transferred > 200 kB`);
  if (r.failing.length) console.log(`${r.page} failing audits: ${r.failing.join(', ')}`);
}
console.log(misses.length ? `\nBudgets missed:\n- ${misses.join('\n- ')}` : '\nAll budgets met.');
stop();
process.exit(misses.length ? 1 : 0);
