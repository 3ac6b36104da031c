// What the PostgreSQL benchmarks share (bench:ops, bench:search): their options, a throw-away
// database with the app's migrations, the timing loop and the p50/p95 table. Each benchmark only
// seeds its rows and names its cases.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { adminQuery, option, POSTGRES_URL } from './benchKit.mjs';


/** `--rows N --requests N` from the command line. */
export function benchOptions(defaults) {
  return { rows: option('rows', defaults.rows), requests: option('requests', defaults.requests) };
}

/**
 * Makes a database of its own on the PostgreSQL server (TEST_POSTGRES_URL or 127.0.0.1:5432),
 * opens it as the app does (which migrates it), hands `run` the config, the database and a
 * `seeder` client, and drops everything after, also on failure. BENCH_KEEP=1 keeps the database
 * to look at the plans (drop it yourself). `run` returns whether the budget failed; the process
 * exits 1 then.
 */
export async function runBenchOnDatabase(prefix, run) {
  const { loadConfig } = await import('../src/server/config.ts');
  const { openDatabase } = await import('../src/server/db/client.ts');
  const name = `lagos_bench_${prefix}_${randomBytes(4).toString('hex')}`;
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const dataDir = mkdtempSync(path.join(tmpdir(), `lagos-bench-${prefix}-`));
  const closers = [];
  let failed = false;
  try {
    const config = loadConfig({ DATA_DIR: dataDir, WEB_ROOT: 'none', DATABASE_URL: url.toString(), JWT_SECRET: randomBytes(32).toString('base64url'), LOG_LEVEL: 'warn' });
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
    closers.push(() => database.close());
    const seeder = new pg.Client({ connectionString: url.toString() });
    await seeder.connect();
    closers.push(() => seeder.end().catch(() => {}));
    failed = await run({ config, database, seeder, onClose: (close) => closers.push(close) });
  } finally {
    for (const close of closers.reverse()) await close();
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP === '1') console.log(`kept database ${name}`);
    else await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
  process.exit(failed ? 1 : 0);
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/**
 * Asks each case `requests` times after 10 warm-up asks (`ask(target)` answers the page, whose
 * `items` are counted), prints p50/p95 per case and overall against the budget, and returns
 * whether any p95 is over it.
 */
export async function measureCases({ title, cases, ask, requests, budgetMs }) {
  const rows = [];
  const everything = [];
  for (const [label, target] of cases) {
    for (let i = 0; i < 10; i++) await ask(target);
    const times = [];
    let items = 0;
    for (let i = 0; i < requests; i++) {
      const t0 = performance.now();
      const body = await ask(target);
      times.push(performance.now() - t0);
      items = body.items.length;
    }
    everything.push(...times);
    times.sort((a, b) => a - b);
    rows.push({ label, items, p50: quantile(times, 0.5), p95: quantile(times, 0.95) });
  }
  everything.sort((a, b) => a - b);
  rows.push({ label: 'overall', items: '', p50: quantile(everything, 0.5), p95: quantile(everything, 0.95) });

  const width = Math.max(30, ...rows.map((r) => r.label.length));
  console.log(`\n${title}\n`);
  console.log(`${'case'.padEnd(width)} ${'rows'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  budget`);
  let failed = false;
  for (const r of rows) {
    const ok = r.p95 <= budgetMs;
    if (!ok) failed = true;
    console.log(`${r.label.padEnd(width)} ${String(r.items).padStart(5)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)}  ${ok ? 'ok' : `OVER ${budgetMs} ms`}`);
  }
  return failed;
}
