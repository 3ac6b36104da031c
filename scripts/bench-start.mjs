// `npm run bench:start`: how fast the API server starts and how much memory it holds, run through
// tsx's loader (`node --import tsx src/server/index.ts`, how `npm start` ran it before)
// and as built JavaScript (`node --enable-source-maps dist/server/index.js`, how it runs now), on
// this machine's node and on Node 24 (scripts/node24.mjs; `--no-node24` skips it).
//
// Each start is a restart on an existing embedded database (a copy of one DATA_DIR made once,
// migrations applied), with no SMTP, Redis or PostgreSQL. Measured per start:
//   ready ms     from spawn to the first 200 from GET /readyz (polled every 20 ms)
//   RSS ready    the server process's resident memory (VmRSS) right then
//   RSS 1k       the same after 1,000 requests (10 at a time: /api/config, /healthz, /readyz,
//                /robots.txt, /sitemap.xml, and every 20th the 130 kB /api/locations)
// The modes and nodes take turns, run after run, so load from elsewhere falls on all of them;
// the table shows medians (and the range) of `--runs N` starts each (default 5).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, ROOT } from './benchKit.mjs';
import { buildServer, SERVER_ENTRY } from './build-server.mjs';
import { ensureNode24 } from './node24.mjs';

process.chdir(ROOT);
const { values: opts } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, requests: { type: 'string', default: '1000' }, 'no-node24': { type: 'boolean' } },
});
const RUNS = Number(opts.runs);
const REQUESTS = Number(opts.requests);

const MODES = [
  { name: 'tsx loader', args: ['--import', 'tsx', 'src/server/index.ts'] },
  { name: 'built JS', args: ['--enable-source-maps', SERVER_ENTRY] },
];

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function status(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

function requestPath(i) {
  if (i % 20 === 19) return '/api/locations';
  return ['/api/config', '/healthz', '/api/config', '/robots.txt', '/api/config', '/sitemap.xml', '/api/config', '/readyz', '/api/config', '/healthz'][i % 10];
}

/** Starts the server, measures, stops it. */
async function measure(node, mode, dataDirTemplate) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lagos-bench-start-'));
  cpSync(dataDirTemplate, dataDir, { recursive: true });
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, WEB_ROOT: 'none', NODE_ENV: 'production' };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'LOG_LEVEL']) delete env[name];
  const started = performance.now();
  const child = spawn(node, mode.args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const base = `http://127.0.0.1:${port}`;
  try {
    while ((await status(`${base}/readyz`)) !== 200) {
      if (child.exitCode !== null) throw new Error(`${mode.name} exited ${child.exitCode}:\n${stderr}`);
      if (performance.now() - started > 120_000) throw new Error(`${mode.name} not ready in 120 s:\n${stderr}`);
      await sleep(20);
    }
    const readyMs = performance.now() - started;
    const rssReady = rssMb(child.pid);
    let next = 0;
    const failed = new Map();
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < REQUESTS) {
          const url = requestPath(next++);
          const code = await status(base + url);
          if (code !== 200) failed.set(`${url} ${code || 'no answer in 2 s'}`, (failed.get(`${url} ${code || 'no answer in 2 s'}`) ?? 0) + 1);
        }
      }),
    );
    const perSecond = REQUESTS / ((performance.now() - t0) / 1000);
    await sleep(200);
    const rssAfter = rssMb(child.pid);
    if (failed.size > 0) console.error(`\n  not 200 (${mode.name}): ${[...failed].map(([what, n]) => `${what} ×${n}`).join(', ')}`);
    return { readyMs, rssReady, rssAfter, perSecond };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A DATA_DIR with the database created and migrated, copied for every start. */
async function makeTemplate(node) {
  const dir = mkdtempSync(path.join(tmpdir(), 'lagos-bench-template-'));
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dir, WEB_ROOT: 'none', LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL']) delete env[name];
  const child = spawn(node, MODES[1].args, { cwd: ROOT, env, stdio: 'inherit' });
  const started = performance.now();
  while ((await status(`http://127.0.0.1:${port}/readyz`)) !== 200) {
    if (child.exitCode !== null || performance.now() - started > 180_000) throw new Error('the server did not start to make the database');
    await sleep(100);
  }
  const firstStartMs = performance.now() - started;
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  return { dir, firstStartMs };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cell = (xs, digits = 0) => `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

const buildMs = await buildServer();
console.log(`${SERVER_ENTRY} built in ${buildMs} ms`);
const nodes = [{ label: process.version, bin: process.execPath }];
if (!opts['no-node24'] && process.versions.node.split('.')[0] !== '24') {
  const bin = ensureNode24();
  nodes.push({ label: spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim(), bin });
}
const template = await makeTemplate(process.execPath);
console.log(`first start on an empty DATA_DIR (creates and migrates the database, built JS, ${process.version}): ${template.firstStartMs.toFixed(0)} ms`);
console.log(`${RUNS} restarts each, ${REQUESTS} requests after each start (${new Date().toISOString()}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})\n`);

const results = new Map();
for (let run = 0; run < RUNS; run++) {
  for (const node of nodes) {
    for (const mode of MODES) {
      const key = `${node.label}\t${mode.name}`;
      const r = await measure(node.bin, mode, template.dir);
      if (!results.has(key)) results.set(key, []);
      results.get(key).push(r);
      process.stdout.write('.');
    }
  }
}
process.stdout.write('\n\n');
rmSync(template.dir, { recursive: true, force: true });

const rows = [['node', 'server', 'ready ms', 'RSS ready MB', 'RSS after 1k req MB', 'req/s']];
for (const [key, rs] of results) {
  const [node, mode] = key.split('\t');
  rows.push([node, mode, cell(rs.map((r) => r.readyMs)), cell(rs.map((r) => r.rssReady)), cell(rs.map((r) => r.rssAfter)), cell(rs.map((r) => r.perSecond))]);
}
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
for (const [i, r] of rows.entries()) {
  console.log(r.map((c, j) => (j < 2 ? c.padEnd(widths[j]) : c.padStart(widths[j]))).join('  '));
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
console.log('\nmedian (min–max) of the runs; load average now', loadavg().map((l) => l.toFixed(1)).join(' '));
