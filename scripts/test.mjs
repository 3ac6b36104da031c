// `npm test` (docs/testing.md): every layer of DESIGN.md §7, then a summary table and the
// closing line `N passed, N failed` (`, N skipped` when any) summing all layers.
//
//   browser   tests/e2e in Chromium (scripts/e2e.mjs)     vitest.e2e.config.ts; starts first, runs beside the rest
//   lint      eslint .                                    one test: passed or failed (beside types)
//   types     tsc --noEmit                                one test
//   machines, views, API, stories ...                     one vitest run (vitest.config.ts), counted per folder of tests/
//   stories build   storybook build                       one test
//   the timed API files                                   alone, once the rest is over (TIMED below)
//
// Then, when this node is not Node 24 (the current LTS), the API layer and the browser layer's
// production start (tests/e2e/start.e2e.test.ts: `npm start`, the built server) run again on
// Node 24, installed from the npm registry by scripts/node24.mjs into node_modules/.cache.
// TEST_NODE24=0 skips that pass. The API layer's two halves are split between the nodes when a
// PostgreSQL server answers: PGlite on this node (the embedded default a developer runs here),
// PostgreSQL on Node 24 (a production server's), so every API test runs on both nodes and each
// half once. Without a server, Node 24 runs the PGlite half again. The machines are the
// browser's code: they run once, on this node.
//
// The browser layer mostly waits on pages, so it runs beside the others (its output held in
// test-results/e2e.log and shown when it is over), as does Node 24's API layer once the vitest
// run is done; the API tests that measure time on the host (TIMED) run alone at the end. The
// browser tests wait as a user would on a loaded host (vitest.e2e.config.ts, browser.ts) and act
// on a prerendered page only once it is live. TEST_OVERLAP=0 runs every layer one after another.
// Run times: docs/testing.md. The summary names the node of each row.
// A failing layer does not stop the others, so the summary is always complete; the exit code is
// non-zero when anything failed. JSON reports and logs go to test-results/.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { TIMED_API_FILES } from '../tests/support/timedFiles.mjs';
import { ensureNode24 } from './node24.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(ROOT);
const RESULTS = path.join(ROOT, 'test-results');
/** Where tests/e2e/browser.ts keepFailure leaves each failed browser test's pages. */
const FAILURES = path.join(RESULTS, 'failures');
mkdirSync(RESULTS, { recursive: true });
// A failed browser test's pages (tests/e2e/browser.ts): this run's, kept across its two browser
// passes (the global setup of each would otherwise clear the first one's).
rmSync(FAILURES, { recursive: true, force: true });
process.env.E2E_KEEP_FAILURES = '1';

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
process.env.STORYBOOK_DISABLE_TELEMETRY = '1';
// Colour only on a terminal (or when FORCE_COLOR asks for it). A redirected log (CI's,
// `npm test > log`) gets none: NO_COLOR is what turns colour off in vitest's tinyrainbow,
// picocolors and the rest, and FORCE_COLOR must go, since they turn colour ON when it is set at
// all, even to '0' (vitest's tinyrainbow also does whenever TERM is set, terminal or not).
if (process.stdout.isTTY) {
  process.env.FORCE_COLOR ??= '1';
} else if (process.env.FORCE_COLOR === undefined || process.env.FORCE_COLOR === '0') {
  delete process.env.FORCE_COLOR;
  process.env.NO_COLOR = '1';
}

/** A layer can hang (a stuck server, a browser): stop it after this long and count it failed. */
const LAYER_TIMEOUT_MS = Number(process.env.TEST_LAYER_TIMEOUT_MS ?? 20 * 60_000);

/** Folders of tests/ and the layer names docs/testing.md uses. */
const LAYER_NAMES = { machines: 'machines', web: 'views', server: 'API', storybook: 'stories', shared: 'shared' };

const rows = [];
/** Every failed test, as `file > name: first line of the message`, for the summary. */
const failures = [];
const running = new Set();

function banner(text) {
  const line = '─'.repeat(Math.max(8, 78 - text.length));
  console.log(`\n── ${text} ${line}`);
}

/** Runs a command in its own process group (so a timeout can stop its children too). */
function run(command, args, { env, logFile } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    // A layer run beside another writes to its own file, shown whole when it is over.
    const out = logFile ? openSync(logFile, 'w') : 'inherit';
    const child = spawn(command, args, {
      stdio: ['ignore', out, out],
      env: { ...process.env, ...env },
      detached: true,
    });
    running.add(child);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`\n!!! ${command} ${args.join(' ')} took longer than ${LAYER_TIMEOUT_MS / 1000}s: stopping it`);
      killGroup(child, 'SIGTERM');
      setTimeout(() => killGroup(child, 'SIGKILL'), 10_000).unref();
    }, LAYER_TIMEOUT_MS);
    const finish = (code) => {
      clearTimeout(timer);
      if (typeof out === 'number') closeSync(out);
      running.delete(child);
      resolve({ code: timedOut ? 124 : code, seconds: (Date.now() - started) / 1000, timedOut });
    };
    child.on('error', (err) => {
      console.error(`could not start ${command}: ${err.message}`);
      finish(127);
    });
    child.on('exit', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) killGroup(child, signal);
    process.exit(130);
  });
}

const npx = (bin) => path.join(ROOT, 'node_modules', '.bin', bin);

/**
 * A check that counts as one test: passed when the command exits 0. With `logFile` it runs beside
 * another layer: its banner and output come when `show()` is called.
 */
async function check(layer, command, args, options = {}) {
  if (!options.logFile) banner(layer);
  const { code, seconds } = await run(command, args, options);
  const show = () => {
    if (options.logFile) {
      banner(layer);
      process.stdout.write(readFileSync(options.logFile, 'utf8'));
    }
    rows.push({ layer, node: process.version, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0, seconds });
    if (code !== 0) console.error(`\n${layer}: FAILED (exit ${code})`);
  };
  if (options.logFile) return show;
  show();
}

function skip(layer, why) {
  banner(layer);
  console.log(`SKIPPED: ${why}`);
  rows.push({ layer, node: process.version, passed: 0, failed: 0, skipped: 1, seconds: 0, note: why });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Counts a vitest JSON report (jest-compatible shape) into rows, one per layer named by
 * `layerOf(file)`. A file that failed to load counts as one failure of its layer; a run that
 * failed with nothing failed in the report (an unhandled error, a teardown error, no report at
 * all) adds one failure to `fallbackLayer`.
 */
function countVitest(report, code, seconds, layerOf, fallbackLayer) {
  const byLayer = new Map();
  const layerRow = (layer) => {
    if (!byLayer.has(layer)) byLayer.set(layer, { layer, passed: 0, failed: 0, skipped: 0, seconds: 0 });
    return byLayer.get(layer);
  };
  for (const file of report?.testResults ?? []) {
    const row = layerRow(layerOf(path.relative(ROOT, file.name)));
    row.seconds += Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0)) / 1000;
    const results = file.assertionResults ?? [];
    for (const test of results) {
      if (test.status === 'passed') row.passed += 1;
      else if (test.status === 'failed') {
        row.failed += 1;
        failures.push(`${path.relative(ROOT, file.name)} > ${test.fullName ?? test.title}: ${firstLine(test.failureMessages?.[0])}`);
      }
      else row.skipped += 1; // pending, skipped, todo, disabled
    }
    if (file.status === 'failed' && !results.some((t) => t.status === 'failed')) {
      row.failed += 1;
      failures.push(`${path.relative(ROOT, file.name)} failed outside its tests: ${firstLine(file.message)}`);
    }
  }
  const failedInReport = [...byLayer.values()].some((r) => r.failed > 0);
  if (code !== 0 && !failedInReport) {
    const row = layerRow(fallbackLayer);
    row.failed += 1;
    row.note = report ? `vitest exited ${code} (errors outside tests)` : `vitest exited ${code} with no report`;
    console.error(`\n${fallbackLayer}: ${row.note}`);
  }
  if (byLayer.size === 0) layerRow(fallbackLayer);
  // Files run in parallel: a layer's seconds are its files' own times; the run's wall time is the sum row's.
  const layers = [...byLayer.values()].sort((a, b) => order(a.layer) - order(b.layer));
  if (layers.length === 1) layers[0].seconds = seconds;
  return layers;
}

/** What each failed browser test's pages showed (tests/e2e/browser.ts keepFailure writes it). */
function failedPages() {
  try {
    return readFileSync(path.join(FAILURES, 'seen.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
}

/** The first line of a failure message, short enough for the summary. */
function firstLine(message) {
  const line = String(message ?? '').split('\n').find((l) => l.trim() !== '') ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

function order(layer) {
  const known = Object.values(LAYER_NAMES);
  const i = known.indexOf(layer);
  return i === -1 ? known.length : i;
}

function vitestLayer(file) {
  const parts = file.split(path.sep);
  const folder = parts[0] === 'tests' && parts.length > 2 ? parts[1] : parts[0];
  return LAYER_NAMES[folder] ?? folder;
}

async function vitestRun(title, command, args, reportFile, layerOf, fallbackLayer, { node = process.version, env, logFile } = {}) {
  if (!logFile) banner(title);
  rmSync(reportFile, { force: true });
  const { code, seconds } = await run(command, [...args, '--reporter=default', '--reporter=json', `--outputFile=${reportFile}`], { env, logFile });
  const layers = countVitest(readJson(reportFile), code, seconds, layerOf, fallbackLayer).map((row) => ({ ...row, node }));
  // Run beside another layer: its banner, output and rows come when the caller shows it.
  if (logFile) return { seconds, layers, show: () => (banner(title), process.stdout.write(readFileSync(logFile, 'utf8')), rows.push(...layers)) };
  rows.push(...layers);
  return { seconds, layers };
}

/** True when the PostgreSQL server the API tests use (tests/server/helper.ts) answers. */
async function postgresAnswers() {
  const client = new pg.Client({
    connectionString: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const started = Date.now();

// Node 24 first (step 6 runs on it), since whether it is there decides how the API layer's
// halves are split between the nodes.
let node24Bin = null;
let node24InstallError = null;
if (process.env.TEST_NODE24 !== '0' && process.versions.node.split('.')[0] !== '24') {
  try {
    node24Bin = ensureNode24();
  } catch (err) {
    node24InstallError = err instanceof Error ? err.message : String(err);
  }
}
const splitHalves = node24Bin !== null && (await postgresAnswers());
const node24Version = node24Bin ? execFileSync(node24Bin, ['--version'], { encoding: 'utf8' }).trim() : null;

const overlap = process.env.TEST_OVERLAP !== '0';
/** API tests that bound a duration measured on this host; a busy host fails them, so they never run beside another layer. */
const TIMED = TIMED_API_FILES;

// 5. browser: finds (or installs) Chromium, builds the app when it is stale, then tests/e2e. It
// starts first and runs beside every other layer but the timed files: its files mostly wait on
// pages (alone it kept the two cores 20-56% busy for five minutes), while the others keep them
// full. One after another, the browser layer and the vitest run were 942 of the 1,018 s of a
// quiet clean-clone run (docs/testing.md). TEST_OVERLAP=0 runs every layer one after another.
const e2eRun = (logFile) =>
  vitestRun('browser (Chromium)', process.execPath, ['scripts/e2e.mjs'], path.join(RESULTS, 'e2e.json'), () => 'browser', 'browser', {
    logFile,
  });
const e2eBeside = overlap ? e2eRun(path.join(RESULTS, 'e2e.log')) : null;

// 1. lint and 2. types, side by side: each is one process on one core (about a minute each here).
if (['eslint.config.js', 'eslint.config.mjs', 'eslint.config.ts', 'eslint.config.cjs'].some((f) => existsSync(f))) {
  const types = check('types', npx('tsc'), ['-p', 'tsconfig.json', '--noEmit'], { logFile: path.join(RESULTS, 'types.log') });
  await check('lint', npx('eslint'), ['.']);
  (await types)();
} else {
  skip('lint', 'no eslint.config.* yet');
  await check('types', npx('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
}

// 3. machines, views, API, stories (vitest.config.ts), but the timed API files (project
// api-timed), which run alone at the end.
const halfLeftOut = splitHalves ? { TEST_POSTGRES: '0' } : {};
const unit = await vitestRun(
  `machines, views, API${splitHalves ? ' (PGlite)' : ''}, stories (vitest)`,
  npx('vitest'),
  ['run', '--project', 'api', '--project', 'app'],
  path.join(RESULTS, 'vitest.json'),
  vitestLayer,
  'vitest',
  { env: halfLeftOut },
);

// 4. stories build
if (['main.ts', 'main.js', 'main.mjs', 'main.tsx'].some((f) => existsSync(path.join('storybook', f)))) {
  await check('stories build', 'npm', ['run', 'build-storybook', '--silent']);
} else {
  skip('stories build', 'storybook/ has no main config yet');
}

// 6a. The Node 24 pass's API layer, all but the TIMED files, beside the browser layer when it
// is still running.
const node24Ready = node24Bin && process.env.TEST_NODE24 !== '0' && node24InstallError === null;
const node24Path = node24Bin ? `${path.dirname(node24Bin)}${path.delimiter}${process.env.PATH ?? ''}` : null;
const node24Env = { PATH: node24Path, ...(splitHalves ? { TEST_PGLITE: '0' } : { TEST_POSTGRES: '0' }) };
const node24Title = (what) => `${what} (${splitHalves ? 'PostgreSQL' : 'PGlite'}) on ${node24Version} (vitest)`;
const node24Started = Date.now();
const node24Layers = (logFile, files, reportName, title) =>
  vitestRun(title, node24Bin, [npx('vitest'), 'run', ...files], path.join(RESULTS, reportName), vitestLayer, 'vitest', {
    node: node24Version,
    env: node24Env,
    logFile,
  });
/** Node 24's API files but the timed ones (those run alone at the end). */
const node24ApiFiles = ['tests/server', ...TIMED.flatMap((f) => ['--exclude', f])];
const node24Beside =
  node24Ready && overlap
    ? node24Layers(
        path.join(RESULTS, 'vitest-node24.log'),
        node24ApiFiles,
        'vitest-node24.json',
        node24Title('API but the timed files'),
      )
    : null;

// The browser layer's output, whole, once it is over (or the layer itself, without the overlap).
let e2e;
if (e2eBeside) {
  e2e = await e2eBeside;
  e2e.show();
} else {
  e2e = await e2eRun(null);
}

// 6. Node 24: the API layer (its PostgreSQL half when the halves
// are split, else PGlite) and the production start again on Node 24, with its bin folder first
// in PATH, so what the tests spawn (`process.execPath`, `npm start`'s `node`) runs on it too.
let node24 = null;
let node24Timed = null;
if (process.env.TEST_NODE24 === '0') {
  skip('Node 24', 'TEST_NODE24=0');
} else if (node24InstallError !== null) {
  banner('Node 24');
  console.error(`could not install Node 24: ${node24InstallError}`);
  rows.push({ layer: 'Node 24 install', node: '24', passed: 0, failed: 1, skipped: 0, seconds: 0, note: 'Node 24 could not be installed from the npm registry' });
} else if (node24Bin) {
  node24 = { version: node24Version, started: node24Beside ? node24Started : Date.now() };
  const pass = node24Beside ? await node24Beside : await node24Layers(null, node24ApiFiles, 'vitest-node24.json', node24Title('API but the timed files'));
  if (node24Beside) pass.show();
  node24.pass = pass;
}

// 7. The timed API files, alone, on each node (its half of them).
const timed = await vitestRun(
  `the timed API files, alone${splitHalves ? ' (PGlite)' : ''} (vitest)`,
  npx('vitest'),
  ['run', '--project', 'api-timed'],
  path.join(RESULTS, 'vitest-timed.json'),
  vitestLayer,
  'vitest',
  { env: halfLeftOut },
);
if (splitHalves) {
  for (const row of [...unit.layers, ...timed.layers].filter((r) => r.layer === 'API' && r.skipped > 0)) {
    row.note ??= `skipped: the PostgreSQL half, left out on purpose on ${process.version} (TEST_POSTGRES=0; it runs on ${node24Version})`;
  }
}
if (node24) {
  const { version } = node24;
  node24Timed = await node24Layers(null, TIMED, 'vitest-node24-timed.json', node24Title('the timed API files, alone'));
  for (const row of [...node24.pass.layers, ...node24Timed.layers].filter((r) => r.layer === 'API' && r.skipped > 0)) {
    row.note ??= splitHalves
      ? `skipped: the PGlite half, left out on purpose on ${version} (TEST_PGLITE=0; it ran on ${process.version})`
      : `skipped: the PostgreSQL half, left out on purpose on ${version} (TEST_POSTGRES=0; no PostgreSQL server answered)`;
  }
  await vitestRun(
    `production start on ${version} (npm start)`,
    node24Bin,
    ['scripts/e2e.mjs', 'tests/e2e/start.e2e.test.ts'],
    path.join(RESULTS, 'e2e-node24.json'),
    () => 'npm start',
    'npm start',
    { node: version, env: { PATH: node24Path } },
  );
  node24.seconds = (Date.now() - node24.started) / 1000;
}

// Summary
const total = rows.reduce(
  (sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
const wall = (Date.now() - started) / 1000;
const table = [
  ['layer', 'node', 'passed', 'failed', 'skipped', 'seconds'],
  ...rows.map((r) => [r.layer, r.node, r.passed, r.failed, r.skipped, r.seconds.toFixed(1)]),
  ['total', '', total.passed, total.failed, total.skipped, wall.toFixed(1)],
].map((cells) => cells.map(String));
const widths = table[0].map((_, i) => Math.max(...table.map((cells) => cells[i].length)));
const format = (cells) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');

banner('summary');
console.log(format(table[0]));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const cells of table.slice(1, -1)) console.log(format(cells));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
console.log(format(table.at(-1)));
console.log(
  `(vitest layers ran their files in parallel: their seconds are the files' own times; that run took ${unit.seconds.toFixed(1)}s, the browser run ${e2e.seconds.toFixed(1)}s${node24?.seconds ? `, the ${node24.version} pass ${node24.seconds.toFixed(1)}s` : ''})`,
);
// Each skip once, though two passes of one node (Node 24's API files and its timed ones) share it.
for (const line of new Set(rows.filter((r) => r.note).map((r) => `note: ${r.layer}: ${r.note}`))) console.log(line);
// CI keeps only the tail of this log: name each failed test here, where it survives.
for (const f of failures) console.log(`failed: ${f}`);
for (const { test, seen } of failedPages()) console.log(`failed browser test "${test}": ${seen}`);
console.log('');
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
