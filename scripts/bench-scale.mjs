// A million riders (issue 14): `npm run bench:scale [-- --sizes 10000,100000,1000000 --requests 300]`.
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
// --database URL grows a database you keep; else a new one, dropped at the end (BENCH_KEEP=1 keeps it).
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { ADMIN_URL, createScaleDatabase, growTo, openScaleDatabase, SCALE_DOMAIN, SCALE_PASSWORD } from './seed-scale.mjs';

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

let dbName = null;
let url = option('database');
if (!url) ({ name: dbName, url } = await createScaleDatabase('lagos_bench_scale'));
const scale = await openScaleDatabase(url);
const { client } = scale;
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

// Recording what the app sends to PostgreSQL, for EXPLAIN.
let recording = null;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, values, callback) {
  if (recording && this !== client) {
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
const captchaCookie = () => `captcha_pass=${encodeURIComponent(app.signCookie(`${randomBytes(12).toString('base64url')}.${Date.now() + 3_600_000}`))}`;

async function call(options, expect = 200) {
  const res = await app.inject({ ...options, remoteAddress: nextAddress() });
  if (res.statusCode !== expect) throw new Error(`${options.method ?? 'GET'} ${options.url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return res;
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
async function timeIt(n, fn) {
  const times = [];
  for (let k = 0; k < n; k++) {
    const t0 = performance.now();
    await fn(k);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

async function sample(n) {
  // A random sample of listed riders with their open session (TABLESAMPLE keeps it cheap at 1M).
  const { rows } = await client.query(
    `select u.username, u.email, s.id as sid, s.user_id, s.expires_at from users u tablesample system (5)
     join sessions s on s.user_id = u.id
     where u.email like '%@${SCALE_DOMAIN}' and u.profile_completed = 1 and u.suspended_at is null
     order by random() limit $1`,
    [n],
  );
  return rows.map((r) => ({ ...r, token: sessionToken(config, { id: r.sid, userId: r.user_id, userType: 1, expiresAt: new Date(r.expires_at) }) }));
}

let signups = 0;
async function measureSize() {
  const riders = await sample(REQUESTS + 20);
  const pick = () => riders[Math.floor(Math.random() * riders.length)];
  const results = {};
  const profile = () => {
    const r = pick();
    return call({ method: 'GET', url: '/api/users/profile', headers: { 'x-auth-token': r.token } });
  };
  const publicPage = () => call({ method: 'GET', url: `/riders/${encodeURIComponent(pick().username)}` });
  const login = () =>
    call({ method: 'POST', url: '/api/auth/login', headers: { cookie: captchaCookie() }, payload: { email: pick().email, password: SCALE_PASSWORD, user_type: '1' } });
  const created = [];
  const createAccount = async () => {
    signups += 1;
    const tag = `${Date.now().toString(36)}${signups}`;
    const res = await call({
      method: 'POST',
      url: '/api/auth/create',
      headers: { cookie: captchaCookie() },
      payload: { username: `new_${tag}`, email: `new.${tag}@signup.example.ng`, password: `Lekki-${tag}-rides!`, user_type: '1' },
    });
    created.push(res.json().token);
  };
  const step = (payload) => (k) => call({ method: 'PUT', url: '/api/users/signup-update', headers: { 'x-auth-token': created[k] }, payload });

  for (let k = 0; k < 10; k++) await profile();
  results.profile = await timeIt(REQUESTS, profile);
  for (let k = 0; k < 10; k++) await publicPage();
  results.public = await timeIt(REQUESTS, publicPage);
  for (let k = 0; k < 3; k++) await login();
  results.login = await timeIt(SLOW_REQUESTS, login);
  for (let k = 0; k < 3; k++) await createAccount();
  created.length = 0;
  results.create = await timeIt(SLOW_REQUESTS, createAccount);
  await client.query(`update users set email_verified_at = now(), current_tab = 3 where email like '%@signup.example.ng' and email_verified_at is null`);
  results.location = await timeIt(SLOW_REQUESTS, step({ request_type: 'location', state: 'Lagos', town: 'Yaba' }));
  results.skip = await timeIt(SLOW_REQUESTS, step({ request_type: 'skip_picture' }));
  results.agreement = await timeIt(SLOW_REQUESTS, step({ request_type: 'rider_agreement', rider_agreement: true }));
  return { results, riders, created };
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
async function sizes(n) {
  const out = [];
  for (const t of TABLES) {
    const { rows } = await client.query(`select count(*)::bigint as rows, pg_total_relation_size('${t}') as bytes, pg_relation_size('${t}') as heap from ${t}`);
    out.push({ table: t, rows: Number(rows[0].rows), bytes: Number(rows[0].bytes), heap: Number(rows[0].heap) });
  }
  const { rows: db } = await client.query('select pg_database_size(current_database()) as bytes');
  return { n, tables: out, database: Number(db[0].bytes) };
}

const planLog = [];
async function explain(label, fn) {
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
    const what = text.replace(/\s+/g, ' ').trim().slice(0, 70);
    summary.push({ what, indexes, seq, time });
    planLog.push(`### ${label}\n${text.replace(/\s+/g, ' ').trim()}\n-- params: ${JSON.stringify(params).slice(0, 300)}\n${plan}\n`);
  }
  return summary;
}

const all = {};
const dbSizes = [];
let seeding = null;
let failed = false;
try {
  for (const size of SIZES) {
    console.log(`\n${size.toLocaleString('en')} riders: growing`);
    const grown = await growTo({ client, db: scale.database.db, riders: size });
    if (grown.added) seeding = { ...grown, to: size };
    const t0 = performance.now();
    await client.query('vacuum analyze');
    console.log(`  vacuum analyze ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const { results, riders, created } = await measureSize();
    all[size] = results;
    for (const [key, label] of CASES) console.log(`  ${label.padEnd(42)} p50 ${results[key].p50.toFixed(1).padStart(6)} ms  p95 ${results[key].p95.toFixed(1).padStart(6)} ms`);
    dbSizes.push(await sizes(size));
    if (size === SIZES[SIZES.length - 1]) {
      const r = riders[0];
      const tok = created[0];
      const plans = [
        ['profile read', () => call({ method: 'GET', url: '/api/users/profile', headers: { 'x-auth-token': r.token } })],
        ['public page', () => call({ method: 'GET', url: `/riders/${r.username}` })],
        ['login', () => call({ method: 'POST', url: '/api/auth/login', headers: { cookie: captchaCookie() }, payload: { email: r.email, password: SCALE_PASSWORD, user_type: '1' } })],
        ['sign-up 1', () => call({ method: 'POST', url: '/api/auth/create', headers: { cookie: captchaCookie() }, payload: { username: `plan_${Date.now()}`, email: `plan.${Date.now()}@signup.example.ng`, password: 'Ikeja-plan-rides-9!', user_type: '1' } })],
        ['sign-up 3', () => call({ method: 'PUT', url: '/api/users/signup-update', headers: { 'x-auth-token': tok }, payload: { request_type: 'location', state: 'Lagos', town: 'Ikeja' } })],
      ];
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS) at ${size.toLocaleString('en')} riders (each statement one request sends; full plans in /tmp/bench-scale-plans.txt)`);
      for (const [label, fn] of plans) {
        for (const s of await explain(label, fn)) {
          console.log(`  ${label.padEnd(13)} ${String(s.time ?? '-').padStart(7)} ms  ${s.indexes.join(', ') || '-'}${s.seq.length ? `  SEQ SCAN: ${s.seq.join(', ')}` : ''}  | ${s.what}`);
        }
      }
      writeFileSync('/tmp/bench-scale-plans.txt', planLog.join('\n'));
    }
  }

  // The table: case × size.
  const head = `${'case'.padEnd(42)}${SIZES.map((s) => `${s.toLocaleString('en')} p50/p95`.padStart(24)).join('')}   p95 change`;
  console.log(`\nA million riders: p50/p95 in ms through the real app (inject), ${REQUESTS} requests per read case, ${SLOW_REQUESTS} per write/argon2 case`);
  console.log(head);
  for (const [key, label] of CASES) {
    const first = all[SIZES[0]][key].p95;
    const last = all[SIZES[SIZES.length - 1]][key].p95;
    const change = last / first - 1;
    const ok = Math.abs(change) <= TOLERANCE;
    if (!ok) failed = true;
    console.log(
      `${label.padEnd(42)}${SIZES.map((s) => `${all[s][key].p50.toFixed(1)} / ${all[s][key].p95.toFixed(1)}`.padStart(24)).join('')}   ${(change >= 0 ? '+' : '') + (change * 100).toFixed(0)}% ${ok ? 'ok' : `OUTSIDE ±${TOLERANCE * 100}%`}`,
    );
  }
  if (seeding) console.log(`\nseeding: ${seeding.added.toLocaleString('en')} riders up to ${seeding.to.toLocaleString('en')} in ${seeding.seconds.toFixed(0)} s (${Math.round(seeding.added / seeding.seconds).toLocaleString('en')} riders/s)`);

  // Size per rider.
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
} finally {
  pg.Client.prototype.query = originalQuery;
  await app.close();
  await scale.close();
  if (dbName && process.env.BENCH_KEEP !== '1') {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  } else if (dbName) console.log(`kept database ${dbName}`);
}
process.exit(failed ? 1 : 0);
