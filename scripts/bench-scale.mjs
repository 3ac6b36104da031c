// A million riders: `npm run bench:scale [-- --sizes 10000,100000,1000000 --requests 300]`.
//
// Grows ONE PostgreSQL database through the sizes with the scale seed (scripts/seed-scale.mjs:
// each size seeds only the difference), VACUUM ANALYZEs, and at each size asks the real app
// (buildApp through inject: routes, schemas, hooks, the session check, the queries) for:
//   - GET /api/users/profile        a random seeded rider's own profile, with their session
//   - GET /riders/:username         a random listed rider's public page (HTML)
//   - POST /api/auth/login          a random seeded rider's password (argon2 verify dominates)
//   - sign-up step 1                POST /api/auth/create (uniqueness check, argon2 hash, insert, code e-mail)
//   - sign-up step 3, 4, 5          PUT /api/users/signup-update: location, skip picture, rider agreement
// Each request comes from its own address (the rate limits are per address). The captcha pass
// the log-in and step 1 need is the app's own signed cookie (the hCaptcha round trip is not
// measured); between step 1 and step 3 the new accounts' e-mails are marked verified in SQL
// (step 2's code comes by e-mail). The session cache is off (SESSION_CACHE=0), so every request
// checks its session in the database. Argon2 cases are asked --slow-requests times (60).
//
// Prints p50/p95 per case and size, the ±20% check of p95 from the smallest to the largest
// size (exit code 1 when a case breaks it), the database size per rider (rows and bytes per
// table, with and without the pictures), and at the largest size EXPLAIN (ANALYZE, BUFFERS) of
// every statement one request of each case sends (recorded from the app's pg client), with the
// indexes each plan uses; full plans go to /tmp/bench-scale-plans.txt.
// --compare SMALL_URL,LARGE_URL [--rounds R]: two seeded databases asked alternately, request by
// request (the shared machine's load then falls on both alike), the median of R rounds.
// --database URL grows a database you keep; else a new one, dropped at the end (BENCH_KEEP=1 keeps it).
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { ADMIN_URL, createScaleDatabase, growTo, openScaleDatabase, SCALE_DOMAIN, SCALE_PASSWORD, scaleRiders } from './seed-scale.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const SIZES = option('sizes', '10000,100000,1000000').split(',').map(Number);
const REQUESTS = Number(option('requests', 300));
const SLOW_REQUESTS = Number(option('slow-requests', 60));
const TOLERANCE = 0.2;

const { buildApp } = await import('../src/server/app.ts');
const { loadConfig } = await import('../src/server/config.ts');
const { sessionToken } = await import('../src/server/plugins/auth.ts');

/** A database with the app on it: its seeder client, config, app and request helpers. */
async function openTarget(url) {
  const scale = await openScaleDatabase(url);
  const config = loadConfig({
    DATA_DIR: scale.dataDir,
    WEB_ROOT: 'none',
    DATABASE_URL: url,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    SESSION_CACHE: '0',
  });
  const app = await buildApp({ config, database: scale.database, startWorkers: false, logLevel: 'warn' });
  await app.ready();
  seeders.add(scale.client);
  return {
    url,
    scale,
    client: scale.client,
    app,
    captchaCookie: () => `captcha_pass=${encodeURIComponent(app.signCookie(`${randomBytes(12).toString('base64url')}.${Date.now() + 3_600_000}`))}`,
    async call(options, expect = 200) {
      const res = await app.inject({ ...options, remoteAddress: nextAddress() });
      if (res.statusCode !== expect) throw new Error(`${options.method ?? 'GET'} ${options.url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return res;
    },
    async sample(n) {
      // A random sample of listed riders with their open session (TABLESAMPLE keeps it cheap at 1M).
      const { rows } = await scale.client.query(
        `select u.username, u.email, s.id as sid, s.user_id, s.expires_at from users u tablesample system (5)
         join sessions s on s.user_id = u.id
         where u.email like '%@${SCALE_DOMAIN}' and u.profile_completed = 1 and u.suspended_at is null
         order by random() limit $1`,
        [n],
      );
      return rows.map((r) => ({ ...r, token: sessionToken(config, { id: r.sid, userId: r.user_id, userType: 1, expiresAt: new Date(r.expires_at) }) }));
    },
    async close() {
      await app.close();
      await scale.close().catch(() => {});
    },
  };
}

// Recording what the app sends to PostgreSQL, for EXPLAIN (not the seeders' own statements).
const seeders = new Set();
let recording = null;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, values, callback) {
  if (recording && !seeders.has(this)) {
    const text = typeof config === 'string' ? config : config?.text;
    const params = typeof config === 'string' ? values : (config?.values ?? values);
    if (text) recording.push({ text, params: Array.isArray(params) ? params : [] });
  }
  return originalQuery.call(this, config, values, callback);
};

let ip = 0;
const nextAddress = () => {
  ip += 1;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
};

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) };
};

let signups = 0;
/** The cases against one target, each a function of the request's number k. */
async function casesOf(target) {
  const riders = await target.sample(REQUESTS + 20);
  const pick = () => riders[Math.floor(Math.random() * riders.length)];
  const created = [];
  // The first 3 accounts made (step 1's warm-up) warm the later steps up; the measured ones follow.
  const step = (payload) => (k, warm) => target.call({ method: 'PUT', url: '/api/users/signup-update', headers: { 'x-auth-token': created[warm ? k : k + 3] }, payload });
  return {
    riders,
    created,
    profile: () => target.call({ method: 'GET', url: '/api/users/profile', headers: { 'x-auth-token': pick().token } }),
    public: () => target.call({ method: 'GET', url: `/riders/${encodeURIComponent(pick().username)}` }),
    login: () =>
      target.call({ method: 'POST', url: '/api/auth/login', headers: { cookie: target.captchaCookie() }, payload: { email: pick().email, password: SCALE_PASSWORD, user_type: '1' } }),
    async create() {
      signups += 1;
      const tag = `${Date.now().toString(36)}${process.pid}x${signups}`;
      const res = await target.call({
        method: 'POST',
        url: '/api/auth/create',
        headers: { cookie: target.captchaCookie() },
        payload: { username: `new_${tag}`, email: `new.${tag}@signup.example.ng`, password: `Lekki-${tag}-rides!`, user_type: '1' },
      });
      created.push(res.json().token);
    },
    // Step 2's code comes by e-mail: the new accounts are marked verified in SQL before step 3.
    verifyAll: () => target.client.query(`update users set email_verified_at = now(), current_tab = 3 where email like '%@signup.example.ng' and email_verified_at is null`),
    location: step({ request_type: 'location', state: 'Lagos', town: 'Yaba' }),
    skip: step({ request_type: 'skip_picture' }),
    agreement: step({ request_type: 'rider_agreement', rider_agreement: true }),
  };
}

/**
 * Measures every case on each of `targets` (one, or two to compare), alternating between them
 * request by request so that the load others put on the machine falls on both alike.
 */
async function measure(targets) {
  const sets = [];
  for (const t of targets) sets.push(await casesOf(t));
  const results = sets.map(() => ({}));
  const run = async (key, n, warm) => {
    for (const set of sets) for (let k = 0; k < warm; k++) await set[key](k, true);
    const times = sets.map(() => []);
    for (let k = 0; k < n; k++) {
      for (let j = 0; j < sets.length; j++) {
        const t0 = performance.now();
        await sets[j][key](k);
        times[j].push(performance.now() - t0);
      }
    }
    times.forEach((t, j) => (results[j][key] = stats(t)));
  };
  await run('profile', REQUESTS, 10);
  await run('public', REQUESTS, 10);
  await run('login', SLOW_REQUESTS, 3);
  await run('create', SLOW_REQUESTS, 3);
  for (const set of sets) await set.verifyAll();
  await run('location', SLOW_REQUESTS, 3);
  await run('skip', SLOW_REQUESTS, 3);
  await run('agreement', SLOW_REQUESTS, 3);
  return { results, sets };
}

const CASES = [
  ['profile', 'GET /api/users/profile'],
  ['public', 'GET /riders/:username (page)'],
  ['login', 'POST /api/auth/login (argon2)'],
  ['create', 'sign-up 1 POST /api/auth/create (argon2)'],
  ['location', 'sign-up 3 location'],
  ['skip', 'sign-up 4 skip picture'],
  ['agreement', 'sign-up 5 rider agreement'],
];

const TABLES = ['users', 'personal_info', 'work_histories', 'past_employees', 'files', 'sessions', 'rider_cards', 'email_verification_codes', 'outbox_emails'];
async function sizes(client, n) {
  const out = [];
  for (const t of TABLES) {
    const { rows } = await client.query(`select count(*)::bigint as rows, pg_total_relation_size('${t}') as bytes, pg_relation_size('${t}') as heap from ${t}`);
    out.push({ table: t, rows: Number(rows[0].rows), bytes: Number(rows[0].bytes), heap: Number(rows[0].heap) });
  }
  const { rows: db } = await client.query('select pg_database_size(current_database()) as bytes');
  return { n, tables: out, database: Number(db[0].bytes) };
}

const planLog = [];
async function explain(client, label, fn) {
  recording = [];
  await fn();
  const statements = recording;
  recording = null;
  const summary = [];
  for (const { text, params } of statements) {
    if (/^\s*(begin|commit|rollback|savepoint|release)/i.test(text)) continue;
    await client.query('begin');
    let plan;
    try {
      const { rows } = await client.query(`explain (analyze, buffers) ${text}`, params);
      plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    } catch (err) {
      plan = `(could not explain: ${err.message})`;
    } finally {
      await client.query('rollback');
    }
    const indexes = [...new Set([...plan.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\S+)/g)].map((m) => m[1]))];
    const seq = [...new Set([...plan.matchAll(/Seq Scan on (\S+)/g)].map((m) => m[1]))];
    const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
    summary.push({ what: text.replace(/\s+/g, ' ').trim().slice(0, 70), indexes, seq, time });
    planLog.push(`### ${label}\n${text.replace(/\s+/g, ' ').trim()}\n-- params: ${JSON.stringify(params).slice(0, 300)}\n${plan}\n`);
  }
  return summary;
}

/** EXPLAIN (ANALYZE, BUFFERS) of every statement one request of each case sends. */
async function explainAll(target, set, n) {
  const r = set.riders[0];
  const tok = set.created[set.created.length - 1];
  const stamp = Date.now();
  const plans = [
    ['profile read', () => target.call({ method: 'GET', url: '/api/users/profile', headers: { 'x-auth-token': r.token } })],
    ['public page', () => target.call({ method: 'GET', url: `/riders/${r.username}` })],
    ['login', () => target.call({ method: 'POST', url: '/api/auth/login', headers: { cookie: target.captchaCookie() }, payload: { email: r.email, password: SCALE_PASSWORD, user_type: '1' } })],
    ['sign-up 1', () => target.call({ method: 'POST', url: '/api/auth/create', headers: { cookie: target.captchaCookie() }, payload: { username: `plan_${stamp}`, email: `plan.${stamp}@signup.example.ng`, password: 'Ikeja-plan-rides-9!', user_type: '1' } })],
    ['sign-up 3', () => target.call({ method: 'PUT', url: '/api/users/signup-update', headers: { 'x-auth-token': tok }, payload: { request_type: 'location', state: 'Lagos', town: 'Ikeja' } })],
  ];
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) at ${n.toLocaleString('en')} riders (each statement one request sends; full plans in /tmp/bench-scale-plans.txt)`);
  for (const [label, fn] of plans) {
    for (const s of await explain(target.client, label, fn)) {
      console.log(`  ${label.padEnd(13)} ${String(s.time ?? '-').padStart(7)} ms  ${s.indexes.join(', ') || '-'}${s.seq.length ? `  SEQ SCAN: ${s.seq.join(', ')}` : ''}  | ${s.what}`);
    }
  }
  writeFileSync('/tmp/bench-scale-plans.txt', planLog.join('\n'));
}

function report(columns, how) {
  let failed = false;
  console.log(`\nA million riders: p50 / p95 in ms through the real app (inject), ${REQUESTS} requests per read case, ${SLOW_REQUESTS} per write/argon2 case; ${how}`);
  console.log(`${'case'.padEnd(42)}${columns.map((c) => `${c.n.toLocaleString('en')} riders`.padStart(20)).join('')}   p95 change`);
  for (const [key, label] of CASES) {
    const first = columns[0].results[key].p95;
    const last = columns[columns.length - 1].results[key].p95;
    const change = last / first - 1;
    const ok = Math.abs(change) <= TOLERANCE;
    if (!ok) failed = true;
    console.log(
      `${label.padEnd(42)}${columns.map((c) => `${c.results[key].p50.toFixed(1)} / ${c.results[key].p95.toFixed(1)}`.padStart(20)).join('')}   ${(change >= 0 ? '+' : '') + (change * 100).toFixed(0)}% ${ok ? 'ok' : `OUTSIDE ±${TOLERANCE * 100}%`}`,
    );
  }
  return failed;
}

function printSizes(dbSizes) {
  const last = dbSizes[dbSizes.length - 1];
  console.log(`\nDatabase size per rider at ${last.n.toLocaleString('en')} riders (tables with their indexes and TOAST)`);
  console.log(`${'table'.padEnd(26)}${'rows'.padStart(12)}${'rows/rider'.padStart(12)}${'bytes/rider'.padStart(13)}${'of it heap'.padStart(12)}`);
  let withFiles = 0;
  for (const t of last.tables) {
    withFiles += t.bytes;
    console.log(`${t.table.padEnd(26)}${String(t.rows).padStart(12)}${(t.rows / last.n).toFixed(2).padStart(12)}${Math.round(t.bytes / last.n).toString().padStart(13)}${Math.round(t.heap / last.n).toString().padStart(12)}`);
  }
  const files = last.tables.find((t) => t.table === 'files').bytes;
  console.log(`these tables: ${Math.round(withFiles / last.n)} bytes/rider with pictures, ${Math.round((withFiles - files) / last.n)} without; whole database ${Math.round(last.database / last.n)} bytes/rider (${(last.database / 1e9).toFixed(2)} GB)`);
  for (const d of dbSizes.slice(0, -1)) console.log(`  at ${d.n.toLocaleString('en')}: whole database ${Math.round(d.database / d.n)} bytes/rider`);
}

const targets = [];
let dbName = null;
let failed = false;
try {
  const compare = option('compare');
  if (compare) {
    // --compare SMALL_URL,LARGE_URL: two seeded databases measured side by side, request by request.
    for (const u of compare.split(',')) targets.push(await openTarget(u));
    const counts = [];
    for (const t of targets) counts.push(await scaleRiders(t.client));
    // --rounds R: the whole measurement R times, each case's p50 and p95 the median over the rounds.
    const rounds = [];
    for (let k = 0; k < Number(option('rounds', 1)); k++) rounds.push(await measure(targets));
    const { sets } = rounds[0];
    const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
    const results = targets.map((_, j) =>
      Object.fromEntries(CASES.map(([key]) => [key, { p50: median(rounds.map((r) => r.results[j][key].p50)), p95: median(rounds.map((r) => r.results[j][key].p95)) }])),
    );
    if (rounds.length > 1) {
      for (const [key, label] of CASES) console.log(`  ${label.padEnd(42)} p95 per round: ${rounds.map((r) => r.results.map((x) => x[key].p95.toFixed(1)).join(' vs ')).join(';  ')}`);
    }
    failed = report(
      targets.map((t, j) => ({ n: counts[j], results: results[j] })),
      `the two databases asked alternately, request by request${rounds.length > 1 ? `; median of ${rounds.length} rounds` : ''}`,
    );
    await explainAll(targets[1], sets[1], counts[1]);
    printSizes([await sizes(targets[0].client, counts[0]), await sizes(targets[1].client, counts[1])]);
  } else {
    let url = option('database');
    if (!url) ({ name: dbName, url } = await createScaleDatabase('lagos_bench_scale'));
    const target = await openTarget(url);
    targets.push(target);
    const columns = [];
    const dbSizes = [];
    let seeding = null;
    for (const size of SIZES) {
      console.log(`\n${size.toLocaleString('en')} riders: growing`);
      const grown = await growTo({ client: target.client, db: target.scale.database.db, riders: size });
      if (grown.added) seeding = { ...grown, to: size };
      const t0 = performance.now();
      await target.client.query('vacuum analyze');
      console.log(`  vacuum analyze ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const { results, sets } = await measure([target]);
      columns.push({ n: size, results: results[0] });
      for (const [key, label] of CASES) console.log(`  ${label.padEnd(42)} p50 ${results[0][key].p50.toFixed(1).padStart(6)} ms  p95 ${results[0][key].p95.toFixed(1).padStart(6)} ms`);
      dbSizes.push(await sizes(target.client, size));
      if (size === SIZES[SIZES.length - 1]) await explainAll(target, sets[0], size);
    }
    failed = report(columns, 'one database grown through the sizes, measured one size after the other');
    if (seeding) console.log(`\nseeding: ${seeding.added.toLocaleString('en')} riders up to ${seeding.to.toLocaleString('en')} in ${seeding.seconds.toFixed(0)} s (${Math.round(seeding.added / seeding.seconds).toLocaleString('en')} riders/s)`);
    printSizes(dbSizes);
  }
} finally {
  pg.Client.prototype.query = originalQuery;
  for (const t of targets) await t.close();
  if (dbName && process.env.BENCH_KEEP !== '1') {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  } else if (dbName) console.log(`kept database ${dbName}`);
}
process.exit(failed ? 1 : 0);
