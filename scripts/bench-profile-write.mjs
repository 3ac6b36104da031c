// One profile write, alone (issue 14): `node --import tsx scripts/bench-profile-write.mjs [-- --writes 500 --riders 10000 --pglite]`.
//
// Sequential bio saves through the service the route calls (updateProfile), one at a time on an
// otherwise idle database: the time one write costs, without the contention of bench:api. Seeds
// --riders riders as bench:api does (personal information, three jobs, two past employers) with
// their cards and profile documents, saves the bio of a random rider --writes times after 50
// warm-up saves, and prints the median and p90 per write, and the CPU time each write took in
// this process and (PostgreSQL on this machine) in the database's server processes, which the
// load of a shared machine changes less than the wall time. A throw-away PostgreSQL database at
// 127.0.0.1:5432 (TEST_POSTGRES_URL), or PGlite in memory with --pglite or when PG does not answer.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const WRITES = option('writes', 500);
const RIDERS = option('riders', 10_000);
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(text) {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const { sql } = await import('drizzle-orm');
const { openDatabase } = await import('../src/server/db/client.ts');
const { refreshAllRiderCards } = await import('../src/server/domain/riderCards.ts');
const { refreshProfileDocumentsWhere } = await import('../src/server/domain/profileDocument.ts');
const { updateProfile } = await import('../src/server/features/profile/service.ts');

let name = null;
let databaseUrl = null;
if (!args.includes('--pglite')) {
  try {
    await admin('select 1');
    name = `lagos_bench_write_${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE "${name}"`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  } catch {
    console.log('PostgreSQL did not answer: PGlite in memory.');
  }
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'lagos-bench-write-'));
const database = await openDatabase({ databaseUrl, dataDir: databaseUrl ? dataDir : 'memory://' });
try {
  const db = database.db;
  const rows = (result) => (Array.isArray(result) ? result : result.rows);
  await db.execute(sql`
    insert into users (username, email, user_type, profile_completed, current_tab, state, town, phone, introduction, bio, created_at, updated_at)
    select 'bench_rider_' || i, 'bench.rider.' || i || '@example.com', 1, 1, 5, 'Lagos',
           (array['Yaba','Ikeja','Surulere','Lekki','Ogba','Ajah','Apapa','Gbagada'])[1 + i % 8],
           '+23480' || lpad(i::text, 8, '0'),
           'Careful rider on the mainland, ' || (1 + i % 12) || ' years on Lagos roads',
           'I have delivered parcels across Lagos since ' || (2010 + i % 14) || '. Safe, on time and polite, in rain or traffic.',
           now(), now()
    from generate_series(1, ${RIDERS}) as i`);
  await db.execute(sql`
    insert into personal_info (user_id, total_years_of_experience, languages_spoken, education)
    select id, (array['0-2','3-5','6-10','10+'])[1 + abs(hashtext(id::text)) % 4], 'English, Yoruba, Pidgin', 'Diploma' from users`);
  await db.execute(sql`
    insert into work_histories (user_id, position, company_name, number_of_years, start_date, end_date)
    select u.id, j.position, j.company, '1-2', j.started::date, j.ended::date from users u
    cross join (values ('Lead rider', 'Gokada', '2019-03-01', null), ('Courier', 'Kwik Delivery', '2016-05-01', '2018-12-31'),
                       ('Dispatch rider', 'Sendbox', '2015-01-01', '2016-04-30')) as j(position, company, started, ended)`);
  await db.execute(sql`
    insert into past_employees (user_id, company_name, company_contact, start_date, end_date)
    select u.id, e.company, 'Tunde, 0803 555 0101', e.started::date, e.ended::date from users u
    cross join (values ('Max.ng', '2013-01-10', '2014-04-30'), ('Jumia Logistics', '2011-06-01', '2012-12-31')) as e(company, started, ended)`);
  await refreshAllRiderCards(db);
  await refreshProfileDocumentsWhere(db, sql`true`);
  await db.execute(sql`analyze`);
  const riders = rows(await db.execute(sql`select id, username from users`));

  let n = 0;
  const save = async () => {
    const rider = riders[Math.floor(Math.random() * riders.length)];
    n += 1;
    await updateProfile(db, rider.id, { kind: 'bio', username: rider.username, bio: `Safe and on time across Lagos, update ${n}.` });
  };
  // CPU time (ns) of this database's server processes so far, when they run on this machine.
  const serverCpu = async () => {
    if (!name) return 0;
    const pids = rows(await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)).map((r) => r.pid);
    let ns = 0;
    for (const pid of pids) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        return Number.NaN;
      }
    }
    return ns;
  };
  for (let i = 0; i < 50; i++) await save();
  const times = [];
  const cpuBefore = process.cpuUsage();
  const serverBefore = await serverCpu();
  for (let i = 0; i < WRITES; i++) {
    const t0 = performance.now();
    await save();
    times.push(performance.now() - t0);
  }
  const serverMs = ((await serverCpu()) - serverBefore) / 1e6 / WRITES;
  const cpu = process.cpuUsage(cpuBefore);
  const nodeMs = (cpu.user + cpu.system) / 1000 / WRITES;
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(
    `bio save, ${database.kind}, ${RIDERS.toLocaleString('en')} riders, ${WRITES} sequential writes: ` +
      `median ${at(0.5).toFixed(2)} ms, p90 ${at(0.9).toFixed(2)} ms; CPU per write ${nodeMs.toFixed(2)} ms in this process` +
      (name ? `, ${Number.isNaN(serverMs) ? '?' : serverMs.toFixed(2)} ms in PostgreSQL` : ''),
  );
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (name) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
}
